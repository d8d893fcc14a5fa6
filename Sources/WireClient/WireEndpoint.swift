public import Foundation

/// Where ``WireClient`` sends: a scheme (`http` or `https`), a host, a port,
/// and the path every request target goes under (`http://host:8080/api`
/// sends `/users` as `/api/users`).
public struct WireEndpoint: Sendable, Hashable {
    /// Whether the connection is TLS.
    public var secure: Bool
    /// The host name or address (an IPv6 address without brackets).
    public var host: String
    /// The port.
    public var port: Int
    /// The base path, without a trailing slash (empty for the root).
    public var basePath: String

    /// The endpoint a base URL names.
    ///
    /// - Throws: ``WireClientError/badURL(_:)`` when it is not `http(s)://host…`.
    public init(_ url: URL) throws(WireClientError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .badURL("\(url.absoluteString) is not an http or https URL")
        }
        guard let host = url.host, !host.isEmpty else { throw .badURL("\(url.absoluteString) has no host") }
        secure = scheme == "https"
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = url.port ?? (secure ? 443 : 80)
        let path = url.path
        basePath = path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// An endpoint from its parts.
    package init(secure: Bool, host: String, port: Int, basePath: String = "") {
        self.secure = secure
        self.host = host
        self.port = port
        self.basePath = basePath
    }

    /// `host:port` as the `Host` header gives it (the port left out when it is the scheme's own).
    public var authority: String {
        // Concatenated, not interpolated: a proxy asks for it with every request.
        var name = host.utf8.contains(UInt8(ascii: ":")) ? "[" + host + "]" : host
        if port != (secure ? 443 : 80) {
            name += ":"
            name += String(port)
        }
        return name
    }
}

/// Which server certificates an `https` endpoint may present.
public struct WireTrust: Sendable, Hashable {
    /// Whether the system's trusted authorities count.
    public var system: Bool
    /// PEM files of further authorities to trust.
    public var authorities: [String]
    /// Further authorities to trust, as PEM text (a test server's
    /// throwaway authority, read from memory, not a file).
    public var authorityCertificates: [String]
    /// Whether the certificate is checked at all (off: any certificate, any name).
    public var verifies: Bool
    /// What an untrusted certificate's error tells the user to do.
    package var remedy = "trust its authority with --ca-certificate"

    /// The system's authorities, and `authorities` (PEM files) and
    /// `authorityCertificates` (PEM text) besides.
    public init(system: Bool = true, authorities: [String] = [], authorityCertificates: [String] = [], verifies: Bool = true) {
        self.system = system
        self.authorities = authorities
        self.authorityCertificates = authorityCertificates
        self.verifies = verifies
    }

    /// The system's authorities only.
    public static let system = WireTrust()
}
