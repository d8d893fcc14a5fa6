/// Why a ``Daemon`` could not start.
public enum DaemonError: Error, Equatable, CustomStringConvertible {
    /// The host is neither `localhost` nor a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// A setting is out of range; the text says which and why.
    case invalidConfiguration(String)
    /// The system refused to bind or listen on `address` (`host:port`).
    case bindFailed(address: String, errno: Int32, reason: String)
    /// libmicrohttpd refused to start on an already bound `address`.
    case startFailed(address: String)
    /// libmicrohttpd (GnuTLS) would not start with the TLS credentials given:
    /// a key that does not match the certificate, or text that is not PEM.
    case tlsRejected(address: String)

    /// A one-line explanation that names the address.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "cannot listen on '\(host)': not 'localhost' or a numeric IPv4/IPv6 address"
        case .invalidConfiguration(let text):
            return "invalid server configuration: \(text)"
        case .bindFailed(let address, let errno, let reason):
            return "cannot listen on \(address): \(reason) (errno \(errno))"
        case .startFailed(let address):
            return "libmicrohttpd failed to start on \(address)"
        case .tlsRejected(let address):
            return "cannot serve HTTPS on \(address): GnuTLS refused the certificate or key "
                + "(not PEM, or the key does not belong to the certificate)"
        }
    }
}
