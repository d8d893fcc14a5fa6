import Foundation

/// The request as WireMock 2.35.1's templates see it (`RequestTemplateModel`):
/// `url` as received, `path` decoded (and indexable), `pathSegments`,
/// `query`/`headers`/`cookies` as value lists whose text is the first
/// value, `body`, `method` (an enum: it equals no string), `scheme`,
/// `host`, `port`, `baseUrl`, and `requestLine` with the same fields.
enum RequestTemplateModel {
    static func value(of request: RecordedRequest, scheme: String, serverPort: Int) -> TemplateValue {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let hostHeader = request.headers["Host"] ?? "localhost:\(serverPort)"
        let (host, port) = split(host: hostHeader, scheme: scheme, serverPort: serverPort)
        let defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        let baseURL = "\(scheme)://\(host)" + (defaultPort ? "" : ":\(port)")
        let line: [(key: String, value: TemplateValue)] = [
            ("method", .opaque(request.method)),
            ("url", .text(request.target)),
            ("path", .segmented(request.path, segments)),
            ("pathSegments", .list(segments.map(TemplateValue.text))),
            ("query", grouped(request.query.map { ($0.name, $0.value ?? "") })),
            ("scheme", .text(scheme)),
            ("host", .text(host)),
            ("port", .integer(port)),
            ("baseUrl", .text(baseURL)),
        ]
        var headers: [(key: String, value: [String])] = []
        for field in request.headers.fields {
            if let index = headers.firstIndex(where: { $0.key.caseInsensitiveCompare(field.name) == .orderedSame }) {
                headers[index].value.append(field.value)
            } else {
                headers.append((field.name, [field.value]))
            }
        }
        let model = line + [
            ("requestLine", .map(line)),
            ("headers", .caseless(headers.map { ($0.key, .values($0.value)) })),
            ("cookies", grouped(request.cookies.map { ($0.name, $0.value ?? "") })),
            ("body", .text(request.bodyText ?? String(decoding: request.body, as: UTF8.self))),
        ]
        return .map(model)
    }

    /// Name → every value, in order of first appearance.
    private static func grouped(_ pairs: [(String, String)]) -> TemplateValue {
        var groups: [(key: String, value: [String])] = []
        for (name, value) in pairs {
            if let index = groups.firstIndex(where: { $0.key == name }) { groups[index].value.append(value) } else { groups.append((name, [value])) }
        }
        return .map(groups.map { ($0.key, .values($0.value)) })
    }

    /// `example.test:8080` → host and port; without a port, the scheme's default.
    private static func split(host: String, scheme: String, serverPort: Int) -> (String, Int) {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let name = String(host[...close])
            let rest = host[host.index(after: close)...]
            return (name, rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? serverPort : (scheme == "https" ? 443 : 80))
        }
        let parts = host.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let port = Int(parts[1]) else { return (host, scheme == "https" ? 443 : 80) }
        return (String(parts[0]), port)
    }
}
