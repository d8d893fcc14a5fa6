public import Foundation

/// The results a Marvel list pages through, each encoded once.
public struct MarvelResults: Sendable {
    /// Each result, in order.
    public let results: [EncodedMarvelResult]

    /// Each result's JSON.
    public var encoded: [Data] { results.map(\.json) }

    /// Results already encoded and hashed.
    public init(_ results: [EncodedMarvelResult]) { self.results = results }

    /// Results whose JSON is already at hand (one complete JSON value each).
    public init(encoded: [Data]) { self.results = encoded.map(EncodedMarvelResult.init(json:)) }

    /// Encodes each value. The default encoder leaves `/` unescaped, as the API does,
    /// and sorts keys, so a stub serves the same bytes (and `ETag`) in every run.
    public init<Value: Encodable>(_ values: [Value], encoder: JSONEncoder? = nil) throws {
        let encoder = encoder ?? MarvelResults.defaultEncoder()
        results = try values.map { EncodedMarvelResult(json: try encoder.encode($0)) }
    }

    /// How many results there are.
    public var count: Int { results.count }

    static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}
