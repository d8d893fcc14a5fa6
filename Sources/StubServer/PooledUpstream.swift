import Foundation
import StubEngine
import StubKit
import WireClient

/// The socket server's upstream client: keep-alive connections per upstream
/// (plain or TLS, GnuTLS), reused from request to request: plain HTTP on one
/// event-loop thread, TLS on pooled threads. The request goes as the client
/// sent it (its path and query untouched, a body with any method, repeated
/// headers kept), and so does the answer.
extension WirePool: UpstreamClient {
    package func send(_ request: UpstreamRequest, answer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void) {
        guard let (endpoint, target) = Self.endpointAndTarget(request.location) else {
            answer(.failure(UpstreamFailure("\(request.location) is not an http or https URL with a host")))
            return
        }
        let wire = WireRequest(method: request.method, target: target,
                               headers: request.headers.pairs.map { WireField($0.name, $0.value) }, body: request.body)
        send(wire, to: endpoint) { outcome in
            switch outcome {
            case .success(let response):
                answer(.success(UpstreamAnswer(status: response.status, headers: HTTPHeaders(pairs: response.headers.map { ($0.name, $0.value) }),
                                               body: response.body)))
            case .failure(let error):
                answer(.failure(UpstreamFailure(error.description)))
            }
        }
    }

    /// Where the URL `text` goes and the request target it sends (path and
    /// query as written, `/` for none). Read straight from the text of an
    /// ASCII `http(s)://host[:port]…` URL, as every proxy stub makes them:
    /// `URLComponents` parses it again and passes the host through IDNA on
    /// every read, a fifth of a proxied request's cost. Anything else goes
    /// through `URLComponents`.
    static func endpointAndTarget(_ text: String) -> (WireEndpoint, String)? {
        if let read = plain(text) { return read }
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, (0...65_535).contains(components.port ?? 0) else { return nil }
        let secure = scheme == "https"
        let endpoint = WireEndpoint(secure: secure, host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host,
                                    port: components.port ?? (secure ? 443 : 80))
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        return (endpoint, target)
    }

    /// `http(s)://host[:port][/path][?query][#fragment]` with an ASCII host
    /// and no user info; `nil` for anything else. Read from the text's bytes.
    private static func plain(_ text: String) -> (WireEndpoint, String)? {
        var text = text
        return text.withUTF8 { bytes -> (WireEndpoint, String)? in
            // The scheme, ASCII case aside ("://" is unchanged by the case bit's test).
            func starts(with scheme: StaticString) -> Bool {
                let count = scheme.utf8CodeUnitCount
                guard bytes.count >= count else { return false }
                for offset in 0..<count where bytes[offset] | 0x20 != scheme.utf8Start[offset] | 0x20 { return false }
                return true
            }
            let secure: Bool
            if starts(with: "https://") { secure = true } else if starts(with: "http://") { secure = false } else { return nil }
            let rest = bytes[(secure ? 8 : 7)...]
            let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
            let authority = rest[..<end]
            guard !authority.isEmpty, authority.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "%") }) else { return nil }
            var host = authority[...]
            var port = secure ? 443 : 80
            if authority.first == UInt8(ascii: "[") {
                guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
                host = authority[(authority.startIndex + 1)..<close]
                let after = authority[(close + 1)...]
                if !after.isEmpty {
                    guard after.first == UInt8(ascii: ":"), let number = number(after.dropFirst()) else { return nil }
                    port = number
                }
            } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
                host = authority[..<colon]
                guard let number = number(authority[(colon + 1)...]) else { return nil }
                port = number
            }
            guard !host.isEmpty, (0...65_535).contains(port) else { return nil }
            var target = rest[end...]
            if let fragment = target.firstIndex(of: UInt8(ascii: "#")) { target = target[..<fragment] }
            let path = String(decoding: target, as: UTF8.self)
            return (WireEndpoint(secure: secure, host: String(decoding: host, as: UTF8.self), port: port),
                    path.isEmpty || path.first == "?" ? "/" + path : path)
        }
    }

    /// One to five decimal digits as a number; `nil` otherwise (a sign, a space).
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
