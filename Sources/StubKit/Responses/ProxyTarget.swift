public import Foundation

/// Where a proxying stub forwards requests, and how it changes them on the
/// way: the request's path and query are appended to ``base`` (after
/// ``removingPrefix`` is taken off the path), headers in ``addingHeaders``
/// are set and those in ``removingHeaders`` dropped. A value, so it can be
/// written to a spec file and compared.
public struct ProxyTarget: Sendable, Hashable, CustomStringConvertible {
    /// The upstream's base URL (`https://api.example.com/v2`); `http` or `https`.
    public var base: URL
    /// A leading path part taken off the request's path before it is
    /// appended (`/mock` turns `/mock/users` into `/users`).
    public var removingPrefix: String?
    /// Headers set on the forwarded request, replacing any the client sent.
    public var addingHeaders: HTTPHeaders
    /// Headers not forwarded (matched case-insensitively).
    public var removingHeaders: [String]

    /// Forwards to `base`, changing the request as told.
    public init(base: URL, removingPrefix: String? = nil, addingHeaders: HTTPHeaders = [:], removingHeaders: [String] = []) {
        self.base = base
        self.removingPrefix = removingPrefix
        self.addingHeaders = addingHeaders
        self.removingHeaders = removingHeaders
    }

    /// Headers a proxy never forwards either way: hop-by-hop ones (RFC 9110
    /// §7.6.1) and those the forwarding connection sets itself.
    public static let hopByHopHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding",
        "upgrade", "host", "content-length", "accept-encoding",
    ]

    /// The upstream URL for a request to `target` (path and query as sent).
    public func url(for target: String) -> URL? {
        URL(string: location(for: target))
    }

    /// The text of ``url(for:)``: the base without its trailing slashes,
    /// then the path (its prefix removed) and query. What a proxy sends from
    /// without parsing a `URL` for every request.
    package func location(for target: String) -> String {
        var path = target[...]
        if let prefix = removingPrefix, !prefix.isEmpty, path.hasPrefix(prefix) {
            path = path.dropFirst(prefix.count)
            if !path.hasPrefix("/") && !path.hasPrefix("?") { path = "/" + path }
        }
        var root = base.absoluteString
        while root.utf8.last == UInt8(ascii: "/") { root.removeLast() }
        root += path
        return root
    }

    /// Whether `name` is one of ``hopByHopHeaders``, ASCII case aside:
    /// compared by length first, as a proxy asks of every field both ways.
    package static func isHopByHop(_ name: String) -> Bool {
        let named = { (candidate: String) in HTTPHeaders.sameName(candidate, name) }
        switch name.utf8.count {
        case 2: return named("te")
        case 4: return named("host")
        case 7: return named("trailer") || named("upgrade")
        case 10: return named("connection") || named("keep-alive")
        case 14: return named("content-length")
        case 15: return named("accept-encoding")
        case 17: return named("transfer-encoding")
        case 18: return named("proxy-authenticate")
        case 19: return named("proxy-authorization")
        default: return false
        }
    }

    /// The headers to forward for a request that carried `headers`.
    public func forwardedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        // Room for the added fields and the proxy's `Via`, so neither grows the list again.
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(headers.pairs.count + addingHeaders.fields.count + 1)
        for field in headers.pairs
        where !Self.isHopByHop(field.name) && !removingHeaders.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
            pairs.append(field)
        }
        var forwarded = HTTPHeaders(pairs: pairs)
        for field in addingHeaders.fields { forwarded.set(field.name, field.value) }
        return forwarded
    }

    /// The header on a `502` the proxy made itself because the upstream did
    /// not answer: a recording leaves such answers out.
    public static let failureHeader = "X-Understudy-Proxy-Failure"

    /// `proxy to https://api.example.com/v2`.
    public var description: String { "proxy to \(base.absoluteString)" }
}
