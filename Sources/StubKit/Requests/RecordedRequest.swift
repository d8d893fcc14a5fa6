public import Foundation

/// A request as the server received it, with its parts decoded for matching
/// and for assertions. The journal holds these.
public struct RecordedRequest: Sendable, Hashable {
    /// The method as sent, for example `GET`.
    public var method: String
    /// The request target as sent, percent-escapes intact.
    public var target: String
    /// The path, percent-decoded (kept as sent when an escape is malformed).
    public var path: String
    /// The headers in arrival order.
    public var headers: HTTPHeaders
    /// The body bytes; empty when there was none.
    public var body: Data
    /// The protocol version, for example `HTTP/1.1`.
    public var version: String
    /// The client as `ip:port`.
    public var remoteAddress: String
    /// Identifies the TCP connection within its server; requests sent over one
    /// keep-alive connection share it.
    public var connectionID: UInt64
    /// When the server finished reading the request.
    public var receivedAt: Date
    /// Under mutual TLS, the subject of the client certificate the request
    /// came with (`CN=…,O=…`); `nil` otherwise.
    public var clientCertificateSubject: String?

    /// Creates a recorded request; `path` is derived from `target`.
    public init(
        method: String,
        target: String,
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        version: String = "HTTP/1.1",
        remoteAddress: String = "",
        connectionID: UInt64 = 0,
        receivedAt: Date = Date()
    ) {
        self.method = method
        self.target = target
        // Byte-level scans: a request target is ASCII in practice, and walking
        // it by Character (grapheme breaking) costs more than the whole match.
        let utf8 = target.utf8
        // One pass over the bytes, where they are contiguous (always, for a
        // native string): where the query starts, and whether the path has
        // an escape to decode (most have none).
        let scan = utf8.withContiguousStorageIfAvailable { bytes -> (pathEnd: Int, escaped: Bool) in
            var escaped = false
            for (offset, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "?") { return (offset, escaped) }
                if byte == UInt8(ascii: "%") { escaped = true }
            }
            return (bytes.count, escaped)
        }
        if let scan, !scan.escaped {
            self.path = scan.pathEnd == utf8.count ? target : String(Substring(utf8.prefix(scan.pathEnd)))
        } else if let question = utf8.firstIndex(of: UInt8(ascii: "?")) {
            let rawPath = Substring(utf8[..<question])
            self.path = rawPath.percentDecoded(plusAsSpace: false) ?? String(rawPath)
        } else {
            self.path = target[...].percentDecoded(plusAsSpace: false) ?? target
        }
        self.headers = headers
        self.body = body
        self.version = version
        self.remoteAddress = remoteAddress
        self.connectionID = connectionID
        self.receivedAt = receivedAt
    }

    /// The query string after `?`, undecoded; `nil` when there was no `?`.
    public var rawQuery: Substring? {
        let utf8 = target.utf8
        return utf8.firstIndex(of: UInt8(ascii: "?")).map { Substring(utf8[utf8.index(after: $0)...]) }
    }

    /// The query items in order, decoded.
    public var query: [QueryItem] { rawQuery.map(QueryItem.parse) ?? [] }

    /// The decoded value of the first query item with this name; `""` for an
    /// item without `=`, `nil` when absent.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }.map { $0.value ?? "" }
    }

    /// The body as UTF-8 text, or `nil` when it is not valid UTF-8.
    public var bodyText: String? { String(data: body, encoding: .utf8) }
}

extension RecordedRequest {
    /// The cookies from every `Cookie` header, in order, as name/value items.
    public var cookies: [QueryItem] {
        headers.values(for: "Cookie").flatMap { header in
            header.split(separator: ";").compactMap { pair -> QueryItem? in
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return nil }
                guard let equals = trimmed.firstIndex(of: "=") else { return QueryItem(name: trimmed, value: nil) }
                return QueryItem(name: String(trimmed[..<equals]), value: String(trimmed[trimmed.index(after: equals)...]))
            }
        }
    }
}

extension RecordedRequest {
    /// The fields of an `application/x-www-form-urlencoded` body, decoded
    /// (`+` as a space, percent escapes), in order, repeated names kept; none
    /// when the body is of another declared type or not UTF-8. A body with no
    /// `Content-Type` is read as a form.
    public var formFields: [QueryItem] {
        if let type = headers["Content-Type"], !Self.isForm(type) { return [] }
        guard let text = bodyText else { return [] }
        return QueryItem.parse(Substring(text))
    }

    /// Whether `contentType`'s media type is `application/x-www-form-urlencoded`.
    static func isForm(_ contentType: String) -> Bool {
        contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }
}
