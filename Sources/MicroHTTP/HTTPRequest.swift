/// One HTTP request exactly as it arrived on the wire, with its body gathered
/// across all of libmicrohttpd's upload calls.
///
/// Nothing is normalised: the target keeps its percent-escapes, header names
/// keep their case and order, and repeated headers stay separate entries.
public struct HTTPRequest: Sendable {
    /// The request method as sent, for example `GET`.
    public var method: String
    /// The request target as sent: path plus query, percent-escapes intact.
    public var target: String
    /// The protocol version as sent, for example `HTTP/1.1`.
    public var version: String
    /// Every header line in arrival order, names in the case the client used.
    public var headers: [(name: String, value: String)]
    /// The whole request body; empty when there was none.
    public var body: [UInt8]
    /// The peer as `ip:port`, or `[ipv6]:port`.
    public var remoteAddress: String
    /// A number that identifies the TCP connection within its daemon, counting
    /// from 1; requests sent over one keep-alive connection share it.
    public var connectionID: UInt64
    /// The subject of the verified client certificate (`CN=…,O=…`), when
    /// the daemon requires one (mutual TLS); `nil` otherwise.
    public var clientCertificateSubject: String?

    /// Creates a request value. The daemon makes these; tests may too.
    public init(
        method: String,
        target: String,
        version: String = "HTTP/1.1",
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        remoteAddress: String = "",
        connectionID: UInt64 = 0,
        clientCertificateSubject: String? = nil
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.connectionID = connectionID
        self.clientCertificateSubject = clientCertificateSubject
    }

    /// The path part of the target, still percent-escaped. An absolute-form
    /// target (`http://host/p?q`) yields its path (`/p`).
    public var path: Substring {
        let originForm = Self.originForm(of: target[...])
        return originForm.firstIndex(of: "?").map { originForm[..<$0] } ?? originForm
    }

    /// The query string after `?`, undecoded; `nil` when the target has no `?`.
    public var rawQuery: Substring? {
        let originForm = Self.originForm(of: target[...])
        return originForm.firstIndex(of: "?").map { originForm[originForm.index(after: $0)...] }
    }

    /// The value of the first header with this name, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the headers with this name, in arrival order.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    private static func originForm(of target: Substring) -> Substring {
        guard !target.hasPrefix("/"), let colon = target.firstIndex(of: ":"),
              target[colon...].hasPrefix("://") else { return target }
        let authorityAndRest = target[target.index(colon, offsetBy: 3)...]
        guard let slash = authorityAndRest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return authorityAndRest[slash] == "?" ? "/" + authorityAndRest[slash...] : authorityAndRest[slash...]
    }
}
