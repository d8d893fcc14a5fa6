import Foundation

/// The request as WireMock 2.35.1's templates see it (`RequestTemplateModel`):
/// `url` as received, `path` decoded (and indexable), `pathSegments`,
/// `query`/`headers`/`cookies` as value lists whose text is the first
/// value, `body`, `method` (an enum: it equals no string), `scheme`,
/// `host`, `port`, `baseUrl`, and `requestLine` with the same fields.
enum RequestTemplateModel {
    /// The model of `request`; each field is computed when a template reads it.
    static func value(of request: RecordedRequest, scheme: String, serverPort: Int) -> TemplateValue {
        let line = TemplateLookup(text: "RequestLine") { name in requestLine(name, request, scheme: scheme, serverPort: serverPort) }
        return .lookup(TemplateLookup(text: "RequestTemplateModel") { name in
            switch name {
            case "requestLine": return .lookup(line)
            case "headers":
                var headers: [(key: String, value: [String])] = []
                for field in request.headers.fields {
                    if let index = headers.firstIndex(where: { $0.key.caseInsensitiveCompare(field.name) == .orderedSame }) {
                        headers[index].value.append(field.value)
                    } else {
                        headers.append((field.name, [field.value]))
                    }
                }
                return .caseless(headers.map { ($0.key, .values($0.value)) })
            case "cookies": return grouped(request.cookies.map { ($0.name, $0.value ?? "") })
            case "body": return .text(request.bodyText ?? String(decoding: request.body, as: UTF8.self))
            default: return requestLine(name, request, scheme: scheme, serverPort: serverPort)
            }
        })
    }

    /// The fields `request` and `request.requestLine` share.
    private static func requestLine(_ name: String, _ request: RecordedRequest, scheme: String, serverPort: Int) -> TemplateValue {
        func place() -> (host: String, port: Int) {
            split(host: request.headers["Host"] ?? "localhost:\(serverPort)", scheme: scheme, serverPort: serverPort)
        }
        func segments() -> [String] { request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init) }
        switch name {
        case "method": return .opaque(request.method)
        case "url": return .text(request.target)
        case "path": return .segmented(request.path, segments())
        case "pathSegments": return .list(segments().map(TemplateValue.text))
        case "query": return grouped(request.query.map { ($0.name, $0.value ?? "") })
        case "scheme": return .text(scheme)
        case "host": return .text(place().host)
        case "port": return .integer(place().port)
        case "baseUrl":
            let (host, port) = place()
            let defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
            return .text("\(scheme)://\(host)" + (defaultPort ? "" : ":\(port)"))
        default: return .missing
        }
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
