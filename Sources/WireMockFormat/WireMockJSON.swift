public import Foundation
public import StubKit

/// The JSON forms WireMock's admin API speaks, made from Understudy values:
/// a stub as a mapping, a recorded request as a `LoggedRequest`.
public enum WireMockJSON {
    /// `stub` as one WireMock mapping, bodies inline. A stub WireMock cannot
    /// express is described as far as it can be (method and path), with
    /// `metadata.understudy.notExpressible` saying why.
    public static func mapping(for stub: Stub) -> JSONValue {
        var writer = MappingWriter(stub: stub, priority: WireMockPriority.wireMock(stub.priority), stem: "admin",
                                   renderClosures: false, fixtures: nil)
        writer.inlineBodies = true
        do {
            let written = try writer.write()
            if written.mappings.count == 1, let value = JSONValue(json: written.mappings[0].text) { return value }
            return described(stub, reason: "it takes \(written.mappings.count) WireMock mappings (a guard, times or a sequence)")
        } catch {
            return described(stub, reason: error.reason)
        }
    }

    private static func described(_ stub: Stub, reason: String) -> JSONValue {
        var request: [String: JSONValue] = ["method": .string(stub.request.method?.rawValue ?? "ANY")]
        switch stub.request.path {
        case .literal(let path): request["urlPath"] = .string(path)
        case .any: break
        default: request["urlPathPattern"] = .string(stub.request.path.description)
        }
        var metadata = stub.metadata
        metadata["understudy"] = .object([
            "id": .string(stub.id.rawValue), "declared": .string(stub.location.description), "notExpressible": .string(reason),
        ])
        var mapping: [String: JSONValue] = ["id": .string(stub.id.rawValue), "request": .object(request), "metadata": .object(metadata)]
        if let name = stub.name { mapping["name"] = .string(name) }
        return .object(mapping)
    }

    /// A request id for journal entry `sequence`: WireMock's ids are UUIDs.
    public static func requestID(_ sequence: Int) -> String {
        let hex = String(sequence, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    /// The journal sequence number a ``requestID(_:)`` stands for.
    public static func sequence(fromRequestID id: String) -> Int? {
        let prefix = "00000000-0000-4000-8000-"
        guard id.lowercased().hasPrefix(prefix) else { return nil }
        return Int(id.dropFirst(prefix.count), radix: 16)
    }

    /// `request` as WireMock's `LoggedRequest`, secrets masked by `redaction`.
    public static func loggedRequest(_ request: RecordedRequest, redaction: Redaction, host: String, port: Int) -> JSONValue {
        var headers: [String: JSONValue] = [:]
        var order: [String] = []
        for field in request.headers {
            let value = JSONValue.string(redaction.header(field.name, field.value))
            switch headers[field.name] {
            case nil:
                order.append(field.name)
                headers[field.name] = value
            case .array(let values)?: headers[field.name] = .array(values + [value])
            case let single?: headers[field.name] = .array([single, value])
            }
        }
        var cookies: [String: JSONValue] = [:]
        for cookie in request.cookies {
            cookies[cookie.name] = .string(redaction.cookies ? Redaction.mask(cookie.value ?? "") : cookie.value ?? "")
        }
        var query: [String: JSONValue] = [:]
        for item in request.query {
            let value = JSONValue.string(redaction.masksQueryItem(item.name) ? Redaction.mask(item.value ?? "") : item.value ?? "")
            if case .object(var existing)? = query[item.name], case .array(let values)? = existing["values"] {
                existing["values"] = .array(values + [value])
                query[item.name] = .object(existing)
            } else {
                query[item.name] = .object(["key": .string(item.name), "values": .array([value])])
            }
        }
        let url = redaction.target(request.target)
        let milliseconds = (request.receivedAt.timeIntervalSince1970 * 1000).rounded()
        let text = String(data: request.body, encoding: .utf8)
        return .object([
            "url": .string(url), "absoluteUrl": .string("http://\(host):\(port)\(url)"), "method": .string(request.method),
            "clientIp": .string(clientIP(request.remoteAddress)), "headers": .object(headers), "cookies": .object(cookies),
            "browserProxyRequest": .bool(false), "loggedDate": .number(milliseconds),
            "loggedDateString": .string(iso8601(request.receivedAt)), "body": .string(text ?? ""),
            "bodyAsBase64": .string(request.body.base64EncodedString()), "protocol": .string(request.version),
            "scheme": .string("http"), "host": .string(host), "port": .number(Double(port)), "queryParams": .object(query),
        ])
    }

    /// `127.0.0.1` of `127.0.0.1:5123`, `::1` of `[::1]:5123`.
    static func clientIP(_ address: String) -> String {
        if address.hasPrefix("["), let end = address.firstIndex(of: "]") {
            return String(address[address.index(after: address.startIndex)..<end])
        }
        guard let colon = address.lastIndex(of: ":"), address.firstIndex(of: ":") == colon else { return address }
        return String(address[..<colon])
    }

    /// `2026-11-23T11:19:04Z`.
    public static func iso8601(_ date: Date) -> String {
        // A format style is a value: no formatter is built per call.
        date.formatted(Date.ISO8601FormatStyle())
    }
}
