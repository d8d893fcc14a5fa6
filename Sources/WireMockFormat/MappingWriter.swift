import Foundation
import StubKit

/// One stub as WireMock mappings, all at the stub's rank in match order.
///
/// Most stubs are one mapping. What WireMock has no field for is built from
/// what it has: `times` and response sequences become a scenario of their
/// own, one mapping per call; a guard (bearer token, API key) becomes a
/// mapping that requires it and, one priority lower, a mapping that answers
/// the guard's refusal.
struct MappingWriter {
    let stub: Stub
    /// The WireMock priority of the stub's own mappings; guard refusals use the next ones.
    let priority: Int
    /// The file name shared by the stub's mapping and body files, without extension.
    let stem: String
    let renderClosures: Bool
    let fixtures: URL?
    /// Every body in the mapping itself (`body`, or `base64Body` when not
    /// UTF-8), never in `__files/`: for the admin API's answers.
    var inlineBodies = false

    /// The mappings, the body files they name (relative to `__files/`), and
    /// how many priority levels they use.
    struct Written {
        var mappings: [WrittenJSON] = []
        var bodyFiles: [(name: String, contents: Data)] = []
        var prioritiesUsed = 1
        var rendered = false
    }

    /// Bodies up to this size stay inline in the mapping; larger ones go to `__files/`.
    static let inlineBodyLimit = 4096
    /// More calls than this in a `times` limit would make too many mappings.
    static let maximumExpandedCalls = 1000

    func write() throws(Inexpressible) -> Written {
        var written = Written()
        if stub.compression == .identity {
            throw Inexpressible(reason: "it is never compressed, and WireMock gzips whenever the client accepts it")
        }
        if case .truncatedBody = stub.fault {
            throw Inexpressible(reason: "WireMock has no truncated-body fault")
        }
        if case .network(let conditions) = stub.delay {
            throw Inexpressible(reason: "it crosses network conditions (\(conditions)), a latency and a paced body, which one WireMock delay cannot state")
        }
        let requirements = try stub.guards.map { rule throws(Inexpressible) -> AuthRule.Requirement in
            guard let requirement = rule.requirement else {
                throw Inexpressible(reason: "its guard \(rule) is checked by Swift code")
            }
            return requirement
        }
        written.prioritiesUsed = 1 + requirements.count
        if case .template(let templated) = stub.response, let proxy = templated.proxy {
            guard proxy.removingHeaders.isEmpty, requirements.isEmpty, stub.times == nil, stub.delay == nil, stub.fault == nil else {
                throw Inexpressible(reason: "a templated proxy that removes headers, or has a guard, times limit, delay or fault, "
                                    + "which a WireMock proxy mapping cannot state")
            }
            var fields: [(String, WrittenJSON)] = [("proxyBaseUrl", .string(proxy.base.source))]
            if let prefix = proxy.removingPrefix { fields.append(("proxyUrlPrefixToRemove", .string(prefix))) }
            if !proxy.addingHeaders.isEmpty {
                fields.append(("additionalProxyRequestHeaders", Self.headers(HTTPHeaders(pairs: proxy.addingHeaders.map { ($0.name, $0.value.source) }))))
            }
            fields.append(("transformers", .array([.string("response-template")])))
            if templated.parameters != .object([:]) { fields.append(("transformerParameters", .value(templated.parameters))) }
            for step in try steps(1) {
                written.mappings.append(mapping(id: stubUUID, priority: priority, step: step,
                                                request: try RequestWriter.request(stub.request, requiring: []), response: .object(fields)))
            }
            return written
        }
        if case .proxy(let target) = stub.response {
            guard target.removingHeaders.isEmpty else {
                throw Inexpressible(reason: "it removes headers before forwarding (\(target.removingHeaders.joined(separator: ", "))); "
                                    + "removeProxyRequestHeaders is WireMock 3 only, and 2.35 refuses the mapping")
            }
            guard requirements.isEmpty, stub.times == nil, stub.delay == nil, stub.fault == nil else {
                throw Inexpressible(reason: "it forwards to \(target.base.absoluteString) with a guard, times limit, delay or fault, "
                                    + "which a WireMock proxy mapping cannot state")
            }
            for step in try steps(1) {
                written.mappings.append(mapping(id: stubUUID, priority: priority, step: step,
                                                request: try RequestWriter.request(stub.request, requiring: []),
                                                response: Self.proxy(target)))
            }
            return written
        }
        let responses = try responses(&written)
        for (call, step) in try steps(responses.count).enumerated() {
            let (response, bodyFile, templating) = responses[step.response]
            let suffix = call == 0 ? "" : "#call\(call + 1)"
            written.mappings.append(mapping(
                id: call == 0 ? stubUUID : DerivedUUID.make(from: stub.id.rawValue + suffix), priority: priority, step: step,
                request: try RequestWriter.request(stub.request, requiring: requirements),
                response: self.response(response, bodyFile: bodyFile, templating: templating)))
            // A request that fails guard k (having passed the ones before it)
            // gets guard k's refusal; the stub's own mapping outranks them all.
            for failed in requirements.indices.reversed() {
                let refusal = requirements[failed].refusal
                written.mappings.append(mapping(
                    id: DerivedUUID.make(from: stub.id.rawValue + suffix + "#refusal\(failed + 1)"),
                    priority: priority + requirements.count - failed, step: step,
                    request: try RequestWriter.request(stub.request, requiring: Array(requirements[..<failed])),
                    response: self.response(refusal, bodyFile: nil)))
            }
        }
        return written
    }

    // MARK: Responses

    /// Each distinct response, the body file it names, if any, and for a
    /// template its `transformerParameters` (its parts are then the templates' sources).
    private func responses(_ written: inout Written) throws(Inexpressible) -> [(StubResponse, String?, JSONValue?)] {
        let recipes: [ResponseRecipe]
        if case .sequence(let steps) = stub.response { recipes = steps } else { recipes = [stub.response] }
        guard !recipes.isEmpty else { throw Inexpressible(reason: "an empty response sequence") }
        var responses: [(StubResponse, String?, JSONValue?)] = []
        for (index, recipe) in recipes.enumerated() {
            if case .template(let templated) = recipe {
                responses.append(Self.sources(of: templated))
                continue
            }
            let (response, fixture) = try resolved(recipe, written: &written)
            var bodyFile: String?
            if inlineBodies {
                bodyFile = nil
            } else if let fixture {
                bodyFile = fixture
                written.bodyFiles.append((fixture, response.body))
            } else if response.body.count > Self.inlineBodyLimit || String(data: response.body, encoding: .utf8) == nil {
                let name = stem + (recipes.count > 1 ? "-\(index + 1)" : "") + "." + Self.fileExtension(for: response)
                bodyFile = name
                written.bodyFiles.append((name, response.body))
            }
            responses.append((response, bodyFile, nil))
        }
        return responses
    }

    /// A templated response as its sources: header values and body as
    /// written, a body file by its (templated) name, left where it is.
    private static func sources(of templated: TemplatedResponse) -> (StubResponse, String?, JSONValue?) {
        var response = StubResponse(status: templated.status)
        response.reason = templated.reason
        for (name, value) in templated.headers { response.headers.add(name, value.source) }
        var bodyFile: String?
        switch templated.body {
        case .none: break
        case .text(let template), .json(let template): response.body = Data(template.source.utf8)
        case .bytes(let data): response.body = data
        case .file(let name, _, _): bodyFile = name.source
        }
        return (response, bodyFile, templated.parameters)
    }

    /// A recipe as one fixed response, and the fixture path it came from.
    private func resolved(_ recipe: ResponseRecipe, written: inout Written) throws(Inexpressible) -> (StubResponse, String?) {
        switch recipe {
        case .fixed(let response):
            guard response.webSocket == nil else {
                throw Inexpressible(reason: "it is a WebSocket endpoint, and WireMock 2.35 has no WebSockets")
            }
            guard response.stream == nil else {
                throw Inexpressible(reason: "its body is a stream (an event stream or paced chunks), and WireMock 2.35 has no streams")
            }
            return (response, nil)
        case .fixture(let path, let status, let headers):
            guard let fixtures else { throw Inexpressible(reason: "its fixture \"\(path)\" needs the fixtures folder") }
            do {
                return (StubResponse(status: status, headers: headers, body: try FixtureFile.read(path, in: fixtures)), path)
            } catch {
                throw Inexpressible(reason: "\(error)")
            }
        case .dynamic(let make):
            guard renderClosures else {
                throw Inexpressible(reason: "a Swift closure makes its response; "
                                    + "rendering exports the response it gives one plain request")
            }
            written.rendered = true
            return (try render(make), nil)
        case .named(let recipe):
            guard renderClosures else {
                throw Inexpressible(reason: "its \(recipe) makes each answer from the request (a Marvel envelope pages by limit and offset); "
                                    + "rendering exports the answer a plain request gets")
            }
            written.rendered = true
            return (try render(recipe.make), nil)
        case .generated(let example, let generators):
            guard renderClosures else {
                throw Inexpressible(reason: "its response has values made anew for every answer (\(generators.body.values.map(\.description).sorted().joined(separator: ", "))); "
                                    + "rendering exports the example response")
            }
            written.rendered = true
            return (example, nil)
        case .proxy(let target):
            throw Inexpressible(reason: "it forwards to \(target.base.absoluteString) as one step of a sequence, which WireMock cannot state")
        case .sequence:
            throw Inexpressible(reason: "a response sequence inside a sequence")
        case .invalid(let reason):
            throw Inexpressible(reason: reason)
        case .resource(let declaration):
            throw Inexpressible(reason: "it is the stateful resource \(declaration.collectionPath), and WireMock 2.35 keeps no state without an extension")
        case .template:
            throw Inexpressible(reason: "a response template")
        case .held:
            throw Inexpressible(reason: "its requests are held for the test to answer, and WireMock has no held answers")
        }
    }

    /// The closure's answer to the plainest request the stub matches: its
    /// method and literal path, with the query, headers and body it requires
    /// by equality.
    private func render(_ make: @Sendable (MatchedRequest) throws -> StubResponse) throws(Inexpressible) -> StubResponse {
        guard case .literal(let path) = stub.request.path else {
            throw Inexpressible(reason: "rendering needs a literal path, and \(stub.request.path) has none")
        }
        var target = RequestWriter.encoded(path)
        let query = stub.request.query.compactMap { condition -> String? in
            guard case .equals(let value) = condition.matcher else { return nil }
            let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))
            return (condition.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? condition.name) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        if !query.isEmpty { target += "?" + query.joined(separator: "&") }
        var headers = HTTPHeaders()
        for condition in stub.request.headers { if case .equals(let value) = condition.matcher { headers.add(condition.name, value) } }
        var body = Data()
        for condition in stub.request.body {
            if case .exact(let data) = condition { body = data }
            if case .json(let value) = condition { body = Data(value.description.utf8) }
        }
        let request = RecordedRequest(method: stub.request.method?.rawValue ?? "GET", target: target, headers: headers, body: body)
        do {
            return try make(MatchedRequest(request: request))
        } catch {
            throw Inexpressible(reason: "its closure threw when rendered for \(request.method) \(target): \(error)")
        }
    }

    private static func fileExtension(for response: StubResponse) -> String {
        let type = response.headers["Content-Type"] ?? ""
        return BodyFileName.fileExtension(type, text: type.lowercased().hasPrefix("text/"))
    }

    /// `{ proxyBaseUrl, proxyUrlPrefixToRemove, additionalProxyRequestHeaders }`.
    private static func proxy(_ target: ProxyTarget) -> WrittenJSON {
        var fields: [(String, WrittenJSON)] = [("proxyBaseUrl", .string(target.base.absoluteString))]
        if let prefix = target.removingPrefix { fields.append(("proxyUrlPrefixToRemove", .string(prefix))) }
        if !target.addingHeaders.pairs.isEmpty { fields.append(("additionalProxyRequestHeaders", headers(target.addingHeaders))) }
        return .object(fields)
    }

    private func response(_ response: StubResponse, bodyFile: String?, templating: JSONValue? = nil) -> WrittenJSON {
        var fields: [(String, WrittenJSON)] = [("status", .number(Double(response.status)))]
        if let reason = response.reason { fields.append(("statusMessage", .string(reason))) }
        var all = response.headers
        for field in stub.responseHeaders { all.add(field.name, field.value) }
        if all.pairs.count > 0 { fields.append(("headers", Self.headers(all))) }
        if let bodyFile {
            fields.append(("bodyFileName", .string(bodyFile)))
        } else if let text = String(data: response.body, encoding: .utf8) {
            if !text.isEmpty { fields.append(("body", .string(text))) }
        } else {
            fields.append(("base64Body", .string(response.body.base64EncodedString())))
        }
        fields += delay
        if let fault = stub.fault { fields.append(("fault", .string(Self.faultName(fault)))) }
        if let templating {
            fields.append(("transformers", .array([.string("response-template")])))
            if templating != .object([:]) { fields.append(("transformerParameters", .value(templating))) }
        }
        return .object(fields)
    }

    /// One member per header name (first spelling kept), a list for repeated names.
    private static func headers(_ headers: HTTPHeaders) -> WrittenJSON {
        var order: [String] = []
        var byName: [String: (name: String, values: [String])] = [:]
        for field in headers {
            let key = field.name.lowercased()
            if byName[key] == nil {
                order.append(key)
                byName[key] = (field.name, [])
            }
            byName[key]!.values.append(field.value)
        }
        return .object(order.map { key in
            let (name, values) = byName[key]!
            return (name, values.count == 1 ? .string(values[0]) : .array(values.map(WrittenJSON.string)))
        })
    }

    private var delay: [(String, WrittenJSON)] {
        func milliseconds(_ duration: Duration) -> WrittenJSON {
            let (seconds, attoseconds) = duration.components
            return .number((Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded())
        }
        switch stub.delay {
        case nil: return []
        case .fixed(let duration): return [("fixedDelayMilliseconds", milliseconds(duration))]
        case .random(let range):
            return [("delayDistribution", .object([("type", .string("uniform")), ("lower", milliseconds(range.lowerBound)),
                                                   ("upper", milliseconds(range.upperBound))]))]
        case .logNormal(let median, let sigma):
            return [("delayDistribution", .object([("type", .string("lognormal")), ("median", milliseconds(median)),
                                                   ("sigma", .number(sigma))]))]
        case .dribble(let chunks, let duration):
            return [("chunkedDribbleDelay", .object([("numberOfChunks", .number(Double(chunks))), ("totalDuration", milliseconds(duration))]))]
        case .network:
            return [] // refused in write()
        }
    }

    private static func faultName(_ fault: Fault) -> String {
        MappingReader.faults.first { $0.value == fault }?.key ?? "EMPTY_RESPONSE"
    }

    // MARK: Mappings

    private var stubUUID: String {
        UUID(uuidString: stub.id.rawValue) != nil ? stub.id.rawValue.lowercased() : DerivedUUID.make(from: stub.id.rawValue)
    }

    private func mapping(id: String, priority: Int, step: Step, request: WrittenJSON, response: WrittenJSON) -> WrittenJSON {
        var fields: [(String, WrittenJSON)] = [("id", .string(id))]
        if let name = stub.name { fields.append(("name", .string(name))) }
        fields.append(("priority", .number(Double(priority))))
        if let scenario = step.scenario {
            fields.append(("scenarioName", .string(scenario)))
            if let state = step.requiredState { fields.append(("requiredScenarioState", .string(state))) }
            if let state = step.newState { fields.append(("newScenarioState", .string(state))) }
        }
        fields += [("request", request), ("response", response)]
        var metadata = stub.metadata
        metadata["understudy"] = .object(["id": .string(stub.id.rawValue), "declared": .string(stub.location.description)])
        fields.append(("metadata", .value(.object(metadata))))
        return .object(fields)
    }
}
