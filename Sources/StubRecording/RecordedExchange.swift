public import StubKit
/// One request a recording proxy forwarded and the answer the upstream gave.
public struct RecordedExchange: Sendable {
    /// The request as the client sent it.
    public var request: RecordedRequest
    /// The upstream's answer as the client got it (hop-by-hop headers
    /// dropped, a coded body decoded).
    public var response: StubResponse

    /// Creates an exchange.
    public init(request: RecordedRequest, response: StubResponse) {
        self.request = request
        self.response = response
    }
}

/// A value seen where a credential goes, kept in memory only so the output
/// can be searched for it; its description masks it.
public struct SecretValue: Sendable, Hashable, CustomStringConvertible {
    /// The value itself.
    public var value: String
    /// Where it was seen, e.g. `query ts of GET /v1/public/comics`.
    public var seenAt: String

    /// Creates a secret.
    public init(_ value: String, seenAt: String) {
        self.value = value
        self.seenAt = seenAt
    }

    /// The shortest value searched for: shorter ones (`ts=1`) occur by chance
    /// in ordinary data, so searching for them would refuse every recording.
    public static let shortestScanned = 6

    /// `"ab…" (32 characters, query hash of GET /x)`: never the value itself.
    public var description: String {
        "\"\(value.prefix(2))…\" (\(value.count) characters, \(seenAt))"
    }
}
