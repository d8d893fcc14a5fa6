import Foundation

/// A server's journal as a value: the requests it received, in order, with
/// what each matched. What the assertions read, whether the server runs in
/// the test process or in another one (read through `/__admin/journal`), so
/// both give the same verdicts and the same messages.
public struct JournalSnapshot: Sendable, Codable {
    /// One received request: the journal's one entry type.
    @available(*, deprecated, renamed: "JournalEntry")
    public typealias Entry = JournalEntry

    /// The entries held, oldest first.
    public var entries: [JournalEntry]
    /// The most entries the journal holds.
    public var capacity: Int
    /// How many older entries it evicted to stay within ``capacity``.
    public var evictedCount: Int
    /// Which parts of a request are secrets, masked wherever one is shown.
    public var redaction: Redaction

    /// Creates a snapshot.
    public init(entries: [JournalEntry], capacity: Int, evictedCount: Int = 0, redaction: Redaction = .secrets) {
        self.entries = entries
        self.capacity = capacity
        self.evictedCount = evictedCount
        self.redaction = redaction
    }

    /// The entries no stub matched.
    public var unmatched: [JournalEntry] { entries.filter(\.isUnmatched) }
}

extension RecordedRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case method, target, headers, body, version, remoteAddress, connectionID, receivedAt, clientCertificateSubject
    }

    /// Decodes a request written by ``encode(to:)``: the body as base64, the
    /// time as seconds since 1970.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let bodyText = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        guard let body = Data(base64Encoded: bodyText) else {
            throw DecodingError.dataCorruptedError(forKey: .body, in: container, debugDescription: "body is not base64")
        }
        var request = RecordedRequest(
            method: try container.decode(String.self, forKey: .method),
            target: try container.decode(String.self, forKey: .target),
            headers: try container.decodeIfPresent(HTTPHeaders.self, forKey: .headers) ?? [:],
            body: body,
            version: try container.decodeIfPresent(String.self, forKey: .version) ?? "HTTP/1.1",
            remoteAddress: try container.decodeIfPresent(String.self, forKey: .remoteAddress) ?? "",
            connectionID: try container.decodeIfPresent(UInt64.self, forKey: .connectionID) ?? 0,
            receivedAt: Date(timeIntervalSince1970: try container.decodeIfPresent(Double.self, forKey: .receivedAt) ?? 0))
        request.clientCertificateSubject = try container.decodeIfPresent(String.self, forKey: .clientCertificateSubject)
        self = request
    }

    /// Encodes the request with its headers in order and its body as base64.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(method, forKey: .method)
        try container.encode(target, forKey: .target)
        try container.encode(headers, forKey: .headers)
        try container.encode(body.base64EncodedString(), forKey: .body)
        try container.encode(version, forKey: .version)
        try container.encode(remoteAddress, forKey: .remoteAddress)
        try container.encode(connectionID, forKey: .connectionID)
        try container.encode(receivedAt.timeIntervalSince1970, forKey: .receivedAt)
        try container.encodeIfPresent(clientCertificateSubject, forKey: .clientCertificateSubject)
    }
}
