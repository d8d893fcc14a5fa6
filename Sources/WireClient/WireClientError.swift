/// Why ``WireClient`` got no response: every failure names what went wrong
/// in words a verification report can print.
public enum WireClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not `http` or `https` with a host.
    case badURL(String)
    /// The request cannot be framed (a line break in a header, a space in the method).
    case unsendable(String)
    /// The host name did not resolve, or no address accepted the connection.
    case connect(String)
    /// The TLS handshake failed or the certificate was not trusted.
    case tls(String)
    /// No byte came within the timeout.
    case timedOut(String)
    /// Reading or writing the socket failed.
    case io(String)
    /// What came back is not an HTTP/1.x response.
    case malformedResponse(String)

    /// The failure in one line.
    public var description: String {
        switch self {
        case .badURL(let why): return "bad URL: \(why)"
        case .unsendable(let why): return "cannot send the request: \(why)"
        case .connect(let why): return "cannot connect: \(why)"
        case .tls(let why): return "TLS: \(why)"
        case .timedOut(let why): return "timed out \(why)"
        case .io(let why): return "connection failed: \(why)"
        case .malformedResponse(let why): return "malformed response: \(why)"
        }
    }
}
