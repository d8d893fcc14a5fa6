import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire

/// An engine response as URLSession hands it to the caller.
enum InProcessResponse {
    /// The `HTTPURLResponse` of `response` for `url`: header lines of one
    /// name joined with ", " (as URLSession joins repeated lines, `Set-Cookie`
    /// included), and the `Content-Length` a socket server would send.
    static func head(_ response: HTTPResponse, url: URL) -> HTTPURLResponse {
        var fields: [String: String] = [:]
        var names: [String: String] = [:]
        for (name, value) in response.headers where !name.caseInsensitiveEquals("Content-Length") {
            let key = names[name.lowercased()] ?? name
            names[name.lowercased()] = key
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        if !(100..<200).contains(response.status), response.status != 204, response.status != 304 {
            fields["Content-Length"] = "\(response.body.count)"
        }
        return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: fields)
            ?? HTTPURLResponse(url: url, statusCode: 500, httpVersion: "HTTP/1.1", headerFields: [:])!
    }

    /// The response raw bytes hold when they are a whole HTTP/1.x response
    /// framed by `Content-Length` (a stub with its own reason phrase, which
    /// URLSession does not show); `nil` for a deliberately broken one.
    static func parsed(raw bytes: [UInt8]) -> HTTPResponse? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.starts(with: Array("HTTP/1.".utf8)),
              let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]), (100...599).contains(status) else { return nil }
        var headers: [(name: String, value: String)] = []
        var length: Int?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name.lowercased() {
            case "content-length": length = Int(value)
            case "transfer-encoding": return nil
            case "connection": continue
            default: headers.append((name, value))
            }
        }
        let body = Array(bytes[(end + separator.count)...])
        guard length == body.count else { return nil }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The request a redirect leads to, for platforms that let a
    /// `URLProtocol` redirect (Apple): a 301, 302 or 303 becomes a GET with
    /// no body (303 always, 301 and 302 from a POST, as browsers and
    /// URLSession do); 307 and 308 keep the method and body.
    static func redirect(_ head: HTTPURLResponse, from request: URLRequest) -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(head.statusCode),
              let location = head.value(forHTTPHeaderField: "Location"),
              let target = URL(string: location, relativeTo: request.url)?.absoluteURL else { return nil }
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        if head.statusCode == 303 || ([301, 302].contains(head.statusCode) && method == "POST") {
            next.httpMethod = method == "HEAD" ? "HEAD" : "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return next
    }
}

extension ContentCodec {
    /// The coding as URLSession's caller sees it: URLSession decodes a
    /// compressed body itself and keeps `Content-Encoding`, `Vary` and the
    /// weakened `ETag`, so in process the headers say what the socket would
    /// have sent and the body is what the caller would have been handed.
    static let decodedByClient = ContentCodec(encode: { $1 }, decode: { $1 })
}
