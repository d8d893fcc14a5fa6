/// A broken response, for testing how a client copes with the network.
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Close the connection without sending anything.
    case closeWithoutResponse
    /// Announce the full `Content-Length`, send only the first `bytes` bytes of
    /// the body, then close.
    case truncatedBody(afterBytes: Int)
    /// Start a chunked response, send a chunk whose size line is not
    /// hexadecimal, then close.
    case malformedChunk
    /// Send bytes that are not HTTP, then close.
    case garbageThenClose
    /// Reset the connection (TCP RST) without a response: the client sees
    /// "connection reset by peer".
    case connectionReset

    /// In words.
    public var description: String {
        switch self {
        case .closeWithoutResponse: return "close without response"
        case .truncatedBody(let bytes): return "truncate body after \(bytes) bytes"
        case .malformedChunk: return "malformed chunk"
        case .garbageThenClose: return "garbage then close"
        case .connectionReset: return "connection reset"
        }
    }
}
