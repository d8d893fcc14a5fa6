public import Foundation

/// Coders set up as the Marvel API writes JSON.
public enum MarvelJSON {
    /// An encoder that writes `/` unescaped, as the API does. Dates are ``MarvelDate``
    /// strings, so no date strategy is involved.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    /// A decoder for API responses. The models need no strategy of their own, so a
    /// plain `JSONDecoder` works as well.
    public static func decoder() -> JSONDecoder { JSONDecoder() }
}
