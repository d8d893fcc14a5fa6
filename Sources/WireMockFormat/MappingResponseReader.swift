import DocumentReader
import Foundation
import StubKit

/// A mapping's `response` into the stub's recipe, delay and fault.
extension MappingReader {
    static let responseKeys = [
        "status", "statusMessage", "headers", "additionalProxyRequestHeaders", "body", "jsonBody", "base64Body",
        "bodyFileName", "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault",
        "transformers", "transformerParameters", "proxyBaseUrl", "proxyUrlPrefixToRemove", "removeProxyRequestHeaders",
        "fromConfiguredStub",
    ]
    static let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName"]

    mutating func respond(_ stub: inout Stub, _ node: DocumentNode) {
        guard let fields = members(node, allowed: Self.responseKeys) else { return }
        var response = StubResponse(status: integer(fields["status"], in: 100...999) ?? 200)
        response.reason = string(fields["statusMessage"])
        let before = problems.count
        let rendersTemplates = isTemplated(fields)
        if rendersTemplates, let templated = templatedResponse(fields, in: node, status: response.status, reason: response.reason) {
            stub.response = .template(templated)
        } else if problems.count == before {
            if let headers = fields["headers"] { response.headers = self.headers(headers) }
            var missingFile: (name: String, folder: URL)?
            response.body = body(fields, in: node, missingFile: &missingFile) ?? Data()
            stub.response = .fixed(response)
            if let missingFile { stub.response = Self.readAtRequestTime(missingFile, into: response) }
        }
        stub.delay = delay(fields, in: node)
        if let faultNode = fields["fault"], let name = string(faultNode) {
            guard let fault = Self.faults[name] else {
                let hint = Suggestion.hint(for: name, in: Array(Self.faults.keys))
                fail(faultNode, "unknown fault \"\(name)\"" + hint)
                return
            }
            stub.fault = fault
        }
        proxy(&stub, fields, templated: rendersTemplates)
    }

    /// `proxyBaseUrl` (with `proxyUrlPrefixToRemove`, `additionalProxyRequestHeaders`,
    /// `removeProxyRequestHeaders`) as a proxy recipe.
    private mutating func proxy(_ stub: inout Stub, _ fields: DocumentMembers, templated: Bool) {
        guard let baseNode = fields["proxyBaseUrl"] else {
            for key in ["proxyUrlPrefixToRemove", "additionalProxyRequestHeaders", "removeProxyRequestHeaders"] {
                if let given = fields[key] { fail(given, "\(key) needs proxyBaseUrl beside it") }
            }
            return
        }
        guard let text = string(baseNode) else { return }
        if templated, let proxy = templatedProxy(text, at: baseNode, fields) {
            for key in Self.bodyKeys + ["status", "headers"] {
                if let given = fields[key] { refuse(given, "a proxied response is the upstream's; it has no \(key) of its own") }
            }
            stub.response = .template(TemplatedResponse(parameters: fields["transformerParameters"]?.value ?? .object([:]), proxy: proxy))
            return
        }
        guard let base = URL(string: text), ["http", "https"].contains(base.scheme?.lowercased() ?? ""), base.host != nil else {
            fail(baseNode, "proxyBaseUrl must be an http or https URL, got \"\(text)\"")
            return
        }
        for key in Self.bodyKeys {
            if let given = fields[key] { refuse(given, "a proxied response is the upstream's; it has no \(key) of its own") }
        }
        var target = ProxyTarget(base: base)
        target.removingPrefix = string(fields["proxyUrlPrefixToRemove"])
        if let added = fields["additionalProxyRequestHeaders"] { target.addingHeaders = headers(added) }
        if let removed = fields["removeProxyRequestHeaders"] {
            guard let names = removed.elements else {
                fail(removed, "removeProxyRequestHeaders must be a list of header names")
                return
            }
            for name in names {
                if let name = string(name) { target.removingHeaders.append(name) }
            }
        }
        // The upstream's status and headers are sent as they come; a mapping's own are refused, not ignored.
        for key in ["status", "headers"] {
            if let given = fields[key] { refuse(given, "a proxied response sends the upstream's \(key); Understudy does not override it") }
        }
        stub.response = .proxy(target)
    }

    static let faults: [String: Fault] = [
        "EMPTY_RESPONSE": .closeWithoutResponse,
        "MALFORMED_RESPONSE_CHUNK": .malformedChunk,
        "RANDOM_DATA_THEN_CLOSE": .garbageThenClose,
        "CONNECTION_RESET_BY_PEER": .connectionReset,
    ]

    /// Name → text, or name → [text] for one header line per value.
    mutating func headers(_ node: DocumentNode) -> HTTPHeaders {
        guard case .object = node.value else {
            fail(node, "expected an object of name → value, got \(shown(node))")
            return [:]
        }
        var headers = HTTPHeaders()
        for name in node.memberOrder {
            let value = node.at(name)
            if let items = value.elements {
                for item in items {
                    if let text = string(item) { headers.add(name, text) }
                }
                continue
            }
            switch value.value {
            case .number, .bool: headers.add(name, value.value.matchText)
            default: if let text = string(value) { headers.add(name, text) }
            }
        }
        return headers
    }

    /// A response whose body file was missing at load: read when a request
    /// comes, as WireMock reads every body file; while it is still missing
    /// the closure throws, which the engine answers `500` naming the file
    /// and the stub.
    static func readAtRequestTime(_ file: (name: String, folder: URL), into response: StubResponse) -> ResponseRecipe {
        .dynamic { _ in
            var answer = response
            do {
                answer.body = try FixtureFile.read(file.name, in: file.folder)
            } catch {
                throw BodyFileError(description: "\(error)".replacingOccurrences(of: "fixture", with: "bodyFileName"))
            }
            return answer
        }
    }

    /// At most one of `body`, `jsonBody`, `base64Body`, `bodyFileName`; a
    /// `bodyFileName` inside `__files/` that does not exist is a warning, and
    /// `missingFile` says which, so the mapping reads it at request time.
    private mutating func body(_ fields: DocumentMembers, in node: DocumentNode,
                               missingFile: inout (name: String, folder: URL)?) -> Data? {
        let given = node.memberOrder.filter(Self.bodyKeys.contains)
        if given.count > 1 {
            fail(node.at(given[1]), "a response takes one body; it also has \"\(given[0])\"")
            return nil
        }
        guard let key = given.first, let value = fields[key] else { return nil }
        switch key {
        case "body": return string(value).map { Data($0.utf8) }
        case "jsonBody": return Data(value.value.description.utf8)
        case "base64Body":
            guard let text = string(value) else { return nil }
            guard let data = Data(base64Encoded: text) else {
                fail(value, "expected base64")
                return nil
            }
            return data
        default:
            guard let name = string(value) else { return nil }
            do {
                return try bodyFile(name)
            } catch let error as BodyFileError where error.missing != nil {
                missingFile = error.missing
                warnings.append(StubProblem(file: file, line: value.line, column: value.column, key: value.pointer,
                                            message: "bodyFileName \"\(name)\" does not exist in \(error.missing!.folder.path); "
                                                + "the mapping is served and answers 500 naming the file until it does, as WireMock does")
                    .with(.warning))
                return nil
            } catch {
                fail(value, "\(error)")
                return nil
            }
        }
    }

    /// `fixedDelayMilliseconds`, `delayDistribution` or `chunkedDribbleDelay`: one of them.
    private mutating func delay(_ fields: DocumentMembers, in node: DocumentNode) -> Delay? {
        let given = node.memberOrder.filter { ["fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay"].contains($0) }
        if given.count > 1 {
            refuse(node.at(given[1]), "one delay per stub: it also has \"\(given[0])\"")
            return nil
        }
        if let milliseconds = number(fields["fixedDelayMilliseconds"]) {
            return .fixed(.milliseconds(milliseconds))
        }
        if let dribble = fields["chunkedDribbleDelay"], let parts = members(dribble, allowed: ["numberOfChunks", "totalDuration"]) {
            guard let chunks = integer(parts["numberOfChunks"], in: 1...100_000), let total = number(parts["totalDuration"]) else {
                if !parts.contains("numberOfChunks") || !parts.contains("totalDuration") {
                    fail(dribble, "needs numberOfChunks and totalDuration")
                }
                return nil
            }
            return .dribble(chunks: chunks, over: .milliseconds(total))
        }
        guard let distribution = fields["delayDistribution"],
              let parts = members(distribution, allowed: ["type", "median", "sigma", "maxValue", "lower", "upper", "milliseconds"]) else {
            return nil
        }
        switch string(parts["type"]) {
        case "lognormal":
            if let cap = parts["maxValue"] { refuse(cap, "a capped log-normal delay is not supported") }
            guard let median = number(parts["median"]), let sigma = number(parts["sigma"]) else {
                fail(distribution, "a lognormal delay needs median and sigma")
                return nil
            }
            return .logNormal(median: .milliseconds(median), sigma: sigma)
        case "uniform":
            guard let lower = number(parts["lower"]), let upper = number(parts["upper"]), lower <= upper else {
                fail(distribution, "a uniform delay needs lower ≤ upper")
                return nil
            }
            return .random(.milliseconds(lower)...(.milliseconds(upper)))
        case "fixed":
            return number(parts["milliseconds"]).map { .fixed(.milliseconds($0)) }
        case let other:
            fail(distribution.at("type"), "expected lognormal, uniform or fixed, got \(other.map { "\"\($0)\"" } ?? "nothing")")
            return nil
        }
    }

    /// A proxy whose base URL or added header values hold tags, as a
    /// templated proxy; `nil` when none does (it is then a plain proxy).
    private mutating func templatedProxy(_ base: String, at node: DocumentNode, _ fields: DocumentMembers) -> TemplatedProxy? {
        var added: [(String, String, DocumentNode)] = []
        if let headers = fields["additionalProxyRequestHeaders"], case .object = headers.value {
            for name in headers.memberOrder { if let value = string(headers.at(name)) { added.append((name, value, headers.at(name))) } }
        }
        guard base.contains("{{") || added.contains(where: { $0.1.contains("{{") }) else { return nil }
        do {
            var proxy = TemplatedProxy(base: try ResponseTemplate(base), removingPrefix: string(fields["proxyUrlPrefixToRemove"]))
            for (name, value, _) in added { proxy.addingHeaders.append((name, try ResponseTemplate(value))) }
            if let removed = fields["removeProxyRequestHeaders"]?.elements { proxy.removingHeaders = removed.compactMap { string($0) } }
            return proxy
        } catch {
            fail(node, "the template does not parse: \(error)")
            return nil
        }
    }
}
