#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a daemon serves HTTPS with: its certificate chain and private key,
/// and, for mutual TLS, the certificate authorities client certificates must
/// chain to. All PEM text; libmicrohttpd hands them to GnuTLS.
public struct TLSCredentials: Sendable, Hashable {
    /// The server certificate (leaf first, then intermediates), PEM.
    public var certificateChainPEM: String
    /// The certificate's private key, PEM (PKCS#8, SEC1 or PKCS#1).
    public var privateKeyPEM: String
    /// When set, every request must come over a connection whose client
    /// certificate chains to one of these CAs (PEM); others get 403.
    public var clientCertificateAuthoritiesPEM: String?

    /// Creates credentials.
    public init(certificateChainPEM: String, privateKeyPEM: String, clientCertificateAuthoritiesPEM: String? = nil) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
        self.clientCertificateAuthoritiesPEM = clientCertificateAuthoritiesPEM
    }
}

/// C copies of the PEM texts, alive as long as the daemon that reads them.
final class TLSMemory: @unchecked Sendable {
    let key: UnsafeMutablePointer<CChar>?
    let certificate: UnsafeMutablePointer<CChar>?
    let trust: UnsafeMutablePointer<CChar>?

    init(_ credentials: TLSCredentials?) {
        key = credentials.map { strdup($0.privateKeyPEM) }
        certificate = credentials.map { strdup($0.certificateChainPEM) }
        trust = credentials?.clientCertificateAuthoritiesPEM.map { strdup($0) }
    }

    deinit {
        free(key)
        free(certificate)
        free(trust)
    }
}
