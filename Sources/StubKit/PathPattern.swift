/// What a request's path must be for a stub to match.
///
/// Paths are compared after percent-decoding, without the query string.
public enum PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this path, for example `/v1/public/characters`.
    case literal(String)

    /// The pattern as written.
    public var description: String {
        switch self {
        case .literal(let path): return path
        }
    }
}
