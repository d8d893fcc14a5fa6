import Foundation

/// Requests derived from a mapping file: for each mapping with a literal URL,
/// one built to match it (its equalTo query parameters, headers, cookies and
/// body), then near variants that change the method, the path, or drop one
/// query parameter or header.
enum SampleRequests {
    static func derive(from data: Data) -> [WireExchange] {
        guard let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        let mappings = (top["mappings"] as? [[String: Any]]) ?? [top]
        return mappings.flatMap(requests)
    }

    private static func requests(for mapping: [String: Any]) -> [WireExchange] {
        guard let request = mapping["request"] as? [String: Any] else { return [] }
        let method = (request["method"] as? String).flatMap { $0 == "ANY" ? nil : $0 } ?? "GET"
        guard let url = (request["url"] as? String) ?? (request["urlPath"] as? String) else { return [] }
        var query: [String] = []
        for (name, pattern) in (request["queryParameters"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let value = equalTo(pattern) else { return [] }
            query.append("\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)")
        }
        var headers: [String] = []
        for (name, pattern) in (request["headers"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let value = equalTo(pattern) ?? contains(pattern) else { return [] }
            headers.append("\(name): \(value)")
        }
        let cookies = (request["cookies"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }).compactMap { name, pattern in
            equalTo(pattern).map { "\(name)=\($0)" }
        }
        if !cookies.isEmpty { headers.append("Cookie: " + cookies.joined(separator: "; ")) }
        var body: String?
        if let patterns = request["bodyPatterns"] as? [[String: Any]] {
            guard patterns.count == 1 else { return [] }
            if let json = patterns[0]["equalToJson"] {
                body = json as? String ?? (try? JSONSerialization.data(withJSONObject: json)).map { String(decoding: $0, as: UTF8.self) }
            } else {
                body = equalTo(patterns[0]) ?? contains(patterns[0])
            }
            guard body != nil else { return [] }
        }
        let target = url + (query.isEmpty ? "" : (url.contains("?") ? "&" : "?") + query.joined(separator: "&"))
        func line(_ method: String, _ target: String, _ headers: [String]) -> WireExchange {
            WireExchange(line: ([method + " " + target] + headers + (body.map { [$0] } ?? [])).joined(separator: "|"))
        }
        var made = [line(method, target, headers)]
        made.append(line(method == "DELETE" ? "GET" : "DELETE", target, headers))
        made.append(line(method, url.split(separator: "?")[0] + "/nope", headers))
        if !query.isEmpty { made.append(line(method, url + "?" + query.dropFirst().joined(separator: "&"), headers)) }
        if !headers.isEmpty { made.append(line(method, target, Array(headers.dropFirst()))) }
        made.append(line(method, target, headers)) // again: scenarios move on
        return made
    }

    private static func equalTo(_ pattern: Any) -> String? {
        (pattern as? [String: Any])?["equalTo"] as? String
    }

    private static func contains(_ pattern: Any) -> String? {
        (pattern as? [String: Any])?["contains"] as? String
    }
}
