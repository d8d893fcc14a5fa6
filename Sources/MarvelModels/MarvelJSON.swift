public import Foundation

/// Coders set up as the Marvel API writes JSON.
public enum MarvelJSON {
    /// An encoder that writes `/` unescaped, as the API does, with keys
    /// sorted: without that, Foundation on Linux orders an object's keys by a
    /// per-process hash seed, so one value would encode to different bytes
    /// (and the fake's `ETag` differ) in every process. Dates are
    /// ``MarvelDate`` strings, so no date strategy is involved.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    /// A decoder for API responses. The models need no strategy of their own, so a
    /// plain `JSONDecoder` works as well.
    public static func decoder() -> JSONDecoder { JSONDecoder() }
}
