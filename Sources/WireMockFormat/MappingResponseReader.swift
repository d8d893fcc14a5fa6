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

    mutating func respond(_ stub: inout Stub, _ value: JSONValue, at pointer: String) {
        guard let fields = members(value, at: pointer, allowed: Self.responseKeys) else { return }
        var response = StubResponse(status: integer(fields["status"], at: pointer + "/status", in: 100...999) ?? 200)
        response.reason = string(fields["statusMessage"], at: pointer + "/statusMessage")
        if let headers = fields["headers"] { response.headers = self.headers(headers, at: pointer + "/headers") }
        response.body = body(fields, at: pointer) ?? Data()
        stub.response = .fixed(response)
        stub.delay = delay(fields, at: pointer)
        if let name = string(fields["fault"], at: pointer + "/fault") {
            guard let fault = Self.faults[name] else {
                let hint = Suggestion.hint(for: name, in: Array(Self.faults.keys))
                fail(pointer + "/fault", "unknown fault \"\(name)\"" + hint)
                return
            }
            stub.fault = fault
        }
        for key in ["transformers", "transformerParameters"] where fields[key] != nil {
            refuse(pointer + "/" + key, "response templating is not supported")
        }
        proxy(&stub, fields, at: pointer)
    }

    /// `proxyBaseUrl` (with `proxyUrlPrefixToRemove`, `additionalProxyRequestHeaders`,
    /// `removeProxyRequestHeaders`) as a proxy recipe.
    private mutating func proxy(_ stub: inout Stub, _ fields: [String: JSONValue], at pointer: String) {
        guard let baseNode = fields["proxyBaseUrl"] else {
            for key in ["proxyUrlPrefixToRemove", "additionalProxyRequestHeaders", "removeProxyRequestHeaders"] where fields[key] != nil {
                fail(pointer + "/" + key, "\(key) needs proxyBaseUrl beside it")
            }
            return
        }
        guard let text = string(baseNode, at: pointer + "/proxyBaseUrl") else { return }
        guard let base = URL(string: text), ["http", "https"].contains(base.scheme?.lowercased() ?? ""), base.host != nil else {
            fail(pointer + "/proxyBaseUrl", "proxyBaseUrl must be an http or https URL, got \"\(text)\"")
            return
        }
        for key in Self.bodyKeys where fields[key] != nil {
            refuse(pointer + "/" + key, "a proxied response is the upstream's; it has no \(key) of its own")
        }
        var target = ProxyTarget(base: base)
        target.removingPrefix = string(fields["proxyUrlPrefixToRemove"], at: pointer + "/proxyUrlPrefixToRemove")
        if let added = fields["additionalProxyRequestHeaders"] { target.addingHeaders = headers(added, at: pointer + "/additionalProxyRequestHeaders") }
        if let removed = fields["removeProxyRequestHeaders"] {
            guard case .array(let names) = removed else {
                fail(pointer + "/removeProxyRequestHeaders", "removeProxyRequestHeaders must be a list of header names")
                return
            }
            for (index, name) in names.enumerated() {
                if let name = string(name, at: pointer + "/removeProxyRequestHeaders/\(index)") { target.removingHeaders.append(name) }
            }
        }
        // The upstream's status and headers are sent as they come; a mapping's own are refused, not ignored.
        for key in ["status", "headers"] where fields[key] != nil {
            refuse(pointer + "/" + key, "a proxied response sends the upstream's \(key); Understudy does not override it")
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
    private mutating func headers(_ value: JSONValue, at pointer: String) -> HTTPHeaders {
        guard case .object(let members) = value else {
            fail(pointer, "expected an object of name → value, got \(shown(value))")
            return [:]
        }
        var headers = HTTPHeaders()
        for name in document.keyOrder[pointer] ?? members.keys.sorted() {
            let here = pointer + "/" + LocatedJSON.escape(name)
            switch members[name]! {
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if let text = string(item, at: here + "/\(index)") { headers.add(name, text) }
                }
            case .number, .bool: headers.add(name, members[name]!.matchText)
            default: if let text = string(members[name], at: here) { headers.add(name, text) }
            }
        }
        return headers
    }

    /// At most one of `body`, `jsonBody`, `base64Body`, `bodyFileName`.
    private mutating func body(_ fields: [String: JSONValue], at pointer: String) -> Data? {
        let given = (document.keyOrder[pointer] ?? []).filter(Self.bodyKeys.contains)
        if given.count > 1 {
            fail(pointer + "/" + given[1], "a response takes one body; it also has \"\(given[0])\"")
            return nil
        }
        guard let key = given.first, let value = fields[key] else { return nil }
        let here = pointer + "/" + key
        switch key {
        case "body": return string(value, at: here).map { Data($0.utf8) }
        case "jsonBody": return Data(value.description.utf8)
        case "base64Body":
            guard let text = string(value, at: here) else { return nil }
            guard let data = Data(base64Encoded: text) else {
                fail(here, "expected base64")
                return nil
            }
            return data
        default:
            guard let name = string(value, at: here) else { return nil }
            do {
                return try bodyFile(name)
            } catch {
                fail(here, "\(error)")
                return nil
            }
        }
    }

    /// `fixedDelayMilliseconds`, `delayDistribution` or `chunkedDribbleDelay`: one of them.
    private mutating func delay(_ fields: [String: JSONValue], at pointer: String) -> Delay? {
        let given = (document.keyOrder[pointer] ?? []).filter { ["fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay"].contains($0) }
        if given.count > 1 {
            refuse(pointer + "/" + given[1], "one delay per stub: it also has \"\(given[0])\"")
            return nil
        }
        if let milliseconds = number(fields["fixedDelayMilliseconds"], at: pointer + "/fixedDelayMilliseconds") {
            return .fixed(.milliseconds(milliseconds))
        }
        if let value = fields["chunkedDribbleDelay"],
           let parts = members(value, at: pointer + "/chunkedDribbleDelay", allowed: ["numberOfChunks", "totalDuration"]) {
            let here = pointer + "/chunkedDribbleDelay"
            guard let chunks = integer(parts["numberOfChunks"], at: here + "/numberOfChunks", in: 1...100_000),
                  let total = number(parts["totalDuration"], at: here + "/totalDuration") else {
                if parts["numberOfChunks"] == nil || parts["totalDuration"] == nil {
                    fail(here, "needs numberOfChunks and totalDuration")
                }
                return nil
            }
            return .dribble(chunks: chunks, over: .milliseconds(total))
        }
        guard let value = fields["delayDistribution"] else { return nil }
        let here = pointer + "/delayDistribution"
        guard let parts = members(value, at: here, allowed: ["type", "median", "sigma", "maxValue", "lower", "upper", "milliseconds"]) else {
            return nil
        }
        switch string(parts["type"], at: here + "/type") {
        case "lognormal":
            if parts["maxValue"] != nil { refuse(here + "/maxValue", "a capped log-normal delay is not supported") }
            guard let median = number(parts["median"], at: here + "/median"), let sigma = number(parts["sigma"], at: here + "/sigma") else {
                fail(here, "a lognormal delay needs median and sigma")
                return nil
            }
            return .logNormal(median: .milliseconds(median), sigma: sigma)
        case "uniform":
            guard let lower = number(parts["lower"], at: here + "/lower"), let upper = number(parts["upper"], at: here + "/upper"),
                  lower <= upper else {
                fail(here, "a uniform delay needs lower ≤ upper")
                return nil
            }
            return .random(.milliseconds(lower)...(.milliseconds(upper)))
        case "fixed":
            return number(parts["milliseconds"], at: here + "/milliseconds").map { .fixed(.milliseconds($0)) }
        case let other:
            fail(here + "/type", "expected lognormal, uniform or fixed, got \(other.map { "\"\($0)\"" } ?? "nothing")")
            return nil
        }
    }
}
