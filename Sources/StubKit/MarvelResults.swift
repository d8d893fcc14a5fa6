public import Foundation

/// Results for a Marvel envelope, each encoded to JSON once, up front, so that
/// serving a page only slices and joins bytes.
public struct MarvelResults: Sendable {
    /// Each result's JSON.
    public let encoded: [Data]

    /// Results whose JSON is already at hand (one complete JSON value each).
    public init(encoded: [Data]) { self.encoded = encoded }

    /// Encodes each value. The default encoder leaves `/` unescaped, as the API does,
    /// and sorts keys, so a stub serves the same bytes (and `ETag`) in every run.
    public init<Value: Encodable>(_ values: [Value], encoder: JSONEncoder? = nil) throws {
        let encoder = encoder ?? MarvelResults.defaultEncoder()
        encoded = try values.map { try encoder.encode($0) }
    }

    /// How many results there are.
    public var count: Int { encoded.count }

    static func defaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }
}
