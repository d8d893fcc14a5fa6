import MicroHTTP
import StubTLS

/// How a stub server speaks HTTPS (``StubServer/Configuration/tls``).
///
/// ```swift
/// var configuration = StubServer.Configuration()
/// configuration.tls = .generated          // a throwaway CA and a leaf for 127.0.0.1, ::1, localhost
/// let server = try StubServer.start(.stubs(stubs, configuration: configuration))
/// let trust = server.certificateAuthorityPEM!   // hand this to the client
/// ```
public struct ServerTLS: Sendable, Hashable {
    /// The server's own certificate chain (PEM); `nil` (with
    /// ``privateKeyPEM``) makes a throwaway authority at start and a
    /// certificate from it.
    public var certificateChainPEM: String?
    /// The private key of ``certificateChainPEM`` (PEM).
    public var privateKeyPEM: String?
    /// When set, every request needs a client certificate chaining to one
    /// of these CAs (PEM); others get 403.
    public var clientCertificateAuthoritiesPEM: String?

    /// Creates a setting: a generated certificate unless both `certificateChainPEM` and `privateKeyPEM` are given.
    public init(certificateChainPEM: String? = nil, privateKeyPEM: String? = nil, clientCertificateAuthoritiesPEM: String? = nil) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
        self.clientCertificateAuthoritiesPEM = clientCertificateAuthoritiesPEM
    }

    /// A throwaway authority made at start, whose certificate the server
    /// offers as ``StubServer/certificateAuthorityPEM``.
    public static let generated = ServerTLS()

    /// This certificate chain and key (PEM).
    public static func certificate(_ chainPEM: String, key keyPEM: String) -> ServerTLS {
        ServerTLS(certificateChainPEM: chainPEM, privateKeyPEM: keyPEM)
    }

    /// The same, requiring client certificates signed by `authoritiesPEM` (mutual TLS).
    public func requiringClientCertificates(signedBy authoritiesPEM: String) -> ServerTLS {
        var copy = self
        copy.clientCertificateAuthoritiesPEM = authoritiesPEM
        return copy
    }

    /// The daemon's credentials, and the generated authority's certificate when one was made.
    func resolved() throws -> (TLSCredentials, authorityPEM: String?) {
        if let certificateChainPEM, let privateKeyPEM {
            return (TLSCredentials(certificateChainPEM: certificateChainPEM, privateKeyPEM: privateKeyPEM,
                                   clientCertificateAuthoritiesPEM: clientCertificateAuthoritiesPEM), nil)
        }
        let authority = try ThrowawayCertificateAuthority()
        let leaf = try authority.issue(.server(hosts: ["127.0.0.1", "::1", "localhost"]))
        return (TLSCredentials(certificateChainPEM: leaf.certificatePEM, privateKeyPEM: leaf.privateKeyPEM,
                               clientCertificateAuthoritiesPEM: clientCertificateAuthoritiesPEM), authority.certificatePEM)
    }
}
