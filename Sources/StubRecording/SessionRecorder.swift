import StubKit
import Foundation

/// Turns the exchanges a recording proxy saw into stubs that replay them.
///
/// One stub per distinct request: method, path, the query parameters that
/// are left once credentials are dropped (order-free, each its own
/// matcher), the headers the rules name, and the body (JSON by value).
/// Repeated identical requests with different answers become a `sequence`.
/// Query names another recorded request of the same route sends, and this
/// one does not, are matched as absent, so stubs never shadow each other
/// and an unrecorded variant meets a near-miss report instead of a guess.
///
/// A session signed a registered plug-in's way (Marvel's `apikey`, `ts`,
/// `hash`: `StubPlugin.RecordingPreset`) is recorded without its
/// signatures: the stubs get the plug-in's guard whose keys are
/// placeholders, so a replay checks signing as the real API does.
public enum SessionRecorder {
    /// The recording of `exchanges` under `rules`; `source` (the upstream)
    /// is named in the written file's header.
    public static func record(_ exchanges: [RecordedExchange], rules: RecordingRules = RecordingRules(), source: String) -> Recording {
        var secrets = RecordingSecrets(rules: rules)
        var skipped: [String] = []
        var kept: [RecordedExchange] = []
        for exchange in exchanges {
            if exchange.response.headers[ProxyTarget.failureHeader] != nil {
                skipped.append("\(exchange.request.method) \(exchange.request.path): the upstream did not answer (\(exchange.response.status))")
                continue
            }
            secrets.collect(from: exchange)
            kept.append(exchange)
        }
        var groups: [RequestKey: [RecordedExchange]] = [:]
        var order: [RequestKey] = []
        for exchange in kept {
            if let signing = secrets.signing, !signing.isSigned(exchange.request) {
                // The replay's guard answers an unsigned request as the API did; a stub for it would shadow the signed ones.
                skipped.append("\(exchange.request.method) \(exchange.request.path) was not signed (answered \(exchange.response.status)); "
                               + "the replay's guard answers such requests itself")
                continue
            }
            let key = RequestKey(exchange.request, rules: rules, secrets: secrets)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(exchange)
        }
        // Names each route's variants send, to mark the ones a variant leaves out.
        var namesByRoute: [String: Set<String>] = [:]
        for key in order { namesByRoute[key.route, default: []].formUnion(key.query.map(\.name)) }

        var responses = RecordedResponses(rules: rules, secrets: secrets)
        var ids = Set<String>()
        var stubs: [Stub] = []
        for key in order {
            let group = groups[key] ?? []
            var pattern = RequestPattern(method: HTTPMethod(rawValue: key.method), path: .literal(key.path))
            pattern.query = key.queryMatchers(absent: (namesByRoute[key.route] ?? []).subtracting(key.query.map(\.name)))
            pattern.headers = key.headers.map { FieldMatcher($0.name, .equals($0.value)) }
            if let body = key.body { pattern.body = [body] }
            let id = uniqueID(for: key, taken: &ids)
            let answers = group.map { responses.cleaned($0.response) }
            let same = answers.dropFirst().allSatisfy { RecordedResponses.sameAnswer($0, answers[0]) }
            let steps = same || !rules.repeatsAsSequence ? [answers[0]] : answers
            let recipes = steps.enumerated().map { responses.recipe($0.element, name: id, step: steps.count == 1 ? nil : $0.offset + 1) }
            var stub = Stub(request: pattern, response: recipes.count == 1 ? recipes[0] : .sequence(recipes),
                            location: CodeLocation(fileID: "recording", filePath: "", line: UInt(stubs.count + 1), column: 1))
            stub.id = StubID(id)
            stubs.append(stub)
        }
        // The more a stub asks of a request, the earlier it comes: a variant with a body or a
        // matched header must not sit behind the same route's variant without one (found by the fuzzer).
        stubs = stubs.enumerated().sorted { ($1.element.request.specificity, $0.offset) < ($0.element.request.specificity, $1.offset) }
            .map(\.element)
        var recording = Recording(stubs: stubs, fixtures: responses.fixtures, placeholders: secrets.variables,
                                  signing: secrets.signing, secrets: secrets.all, exchangeCount: order.reduce(0) { $0 + (groups[$1]?.count ?? 0) }, skipped: skipped, source: source)
        if !rules.keepsValuesForReplay {
            recording.replayStubs = record(kept, rules: rules.forReplayInProcess, source: source).stubs
        }
        return recording
    }

    /// `get-v1-public-characters`, numbered when taken.
    private static func uniqueID(for key: RequestKey, taken: inout Set<String>) -> String {
        let base = slug(key.method + " " + key.path)
        var id = base, number = 2
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        taken.insert(id)
        return id
    }

    /// Lower-case letters and digits, runs of anything else as one `-`.
    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased().unicodeScalars {
            if character.isASCII, character.properties.isAlphabetic || ("0"..."9").contains(character) {
                out.unicodeScalars.append(character)
            } else if !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return String(out.prefix(80)).isEmpty ? "root" : String(out.prefix(80))
    }
}

extension RequestPattern {
    /// How many conditions beyond method and path a recorded stub states.
    fileprivate var specificity: Int {
        query.filter { $0.matcher != .absent }.count + headers.count + body.count
    }
}

/// What identifies a recorded request once credentials are dropped and
/// placeholders put in.
struct RequestKey: Hashable {
    var method: String
    var path: String
    var query: [QueryItem]
    var headers: [HTTPHeaders.Field]
    var body: BodyMatcher?

    /// `GET /path`: the route variants are told apart within.
    var route: String { method + " " + path }

    init(_ request: RecordedRequest, rules: RecordingRules, secrets: RecordingSecrets) {
        method = request.method
        path = request.path
        // Sorted by name so parameter order does not matter; a repeated name keeps its values' order.
        query = request.query.enumerated().compactMap { index, item -> (Int, QueryItem)? in
            let name = item.name.lowercased()
            if rules.droppedQuery.contains(name) || secrets.signing?.keyParameter.lowercased() == name { return nil }
            return (index, QueryItem(name: item.name, value: item.value.map(secrets.hidden)))
        }.sorted { ($0.1.name, $0.0) < ($1.1.name, $1.0) }.map(\.1)
        headers = rules.matchedHeaders.flatMap { name -> [HTTPHeaders.Field] in
            guard !rules.droppedHeaders.contains(name.lowercased()) else { return [] }
            return request.headers.fields.filter { $0.name.lowercased() == name.lowercased() }
                .map { HTTPHeaders.Field(name: name, value: secrets.hidden($0.value)) }
        }
        body = Self.bodyMatcher(request, secrets: secrets)
    }

    /// JSON by value (placeholders put in); other text as written, placeholders put in; bytes exactly.
    private static func bodyMatcher(_ request: RecordedRequest, secrets: RecordingSecrets) -> BodyMatcher? {
        guard !request.body.isEmpty else { return nil }
        if let value = JSONValue(exactly: request.body) { return .json(secrets.hidden(in: value)) }
        if let text = String(data: request.body, encoding: .utf8) { return .text(secrets.hidden(text)) }
        return .exact(request.body)
    }

    /// One matcher per name (repeated names by their values in order), and
    /// `absent` for `missing`.
    func queryMatchers(absent missing: Set<String>) -> [FieldMatcher] {
        var order: [String] = []
        var values: [String: [String?]] = [:]
        for item in query {
            if values[item.name] == nil { order.append(item.name) }
            values[item.name, default: []].append(item.value)
        }
        let present = order.map { name -> FieldMatcher in
            let all = values[name] ?? []
            let given = all.compactMap { $0 }
            switch given.count {
            case 0: return FieldMatcher(name, .present)
            case 1 where all.count == 1: return FieldMatcher(name, .equals(given[0]))
            default: return FieldMatcher(name, .values(given))
            }
        }
        return present + missing.sorted().map { FieldMatcher($0, .absent) }
    }
}
