public import Foundation
import CGnuTLS

/// A certificate authority made in memory for one run: it issues the server
/// certificate an HTTPS stub server presents (for 127.0.0.1, ::1 and
/// localhost) and the client certificates a mutual-TLS test sends. Its
/// certificate is what a client is told to trust; its key never leaves the
/// process. P-256 keys, ECDSA with SHA-256, made by GnuTLS (the library
/// that serves the TLS).
///
/// ```swift
/// let authority = try ThrowawayCertificateAuthority()
/// let server = try authority.issue(.server(hosts: ["127.0.0.1", "localhost"]))
/// try authority.certificatePEM.write(toFile: "ca.pem", atomically: true, encoding: .utf8)
/// ```
public struct ThrowawayCertificateAuthority: Sendable {
    /// The authority's own certificate (self-signed), PEM: what clients trust.
    public let certificatePEM: String
    /// The authority's name, as its certificates' issuer.
    public let commonName: String
    /// The authority's key, PEM; it signs, and is never handed out.
    private let keyPEM: String

    /// What a certificate is for.
    public enum Purpose: Sendable, Hashable {
        /// A server certificate naming these hosts (DNS names or IP addresses).
        case server(hosts: [String])
        /// A client certificate (mutual TLS) with this common name.
        case client(commonName: String)
    }

    /// A new authority, valid from an hour ago for `days` days.
    ///
    /// - Throws: ``CertificateError`` if GnuTLS cannot make it (it always can).
    public init(commonName: String = "Understudy throwaway CA", days: Int = 30) throws {
        let key = try GnuTLSKey()
        let now = Date()
        let certificate = try GnuTLSCertificate(
            key: key, subject: [(GNUTLS_OID_X520_ORGANIZATION_NAME, "Understudy"), (GNUTLS_OID_X520_COMMON_NAME, commonName)],
            validity: now.addingTimeInterval(-3600)...now.addingTimeInterval(Double(days) * 86_400))
        try certificate.constrain(authority: true)
        try certificate.use(GNUTLS_KEY_KEY_CERT_SIGN | GNUTLS_KEY_CRL_SIGN)
        try certificate.sign(issuer: nil, issuerKey: key)
        self.certificatePEM = try certificate.pem()
        self.keyPEM = try key.pem()
        self.commonName = commonName
    }

    /// A certificate and key for `purpose`, signed by this authority, valid
    /// over `validity` (from an hour ago for 30 days by default).
    ///
    /// - Throws: ``CertificateError`` for a host GnuTLS cannot name.
    public func issue(_ purpose: Purpose, validity: ClosedRange<Date>? = nil) throws -> IssuedCertificate {
        let issuer = try GnuTLSCertificate(pem: certificatePEM)
        let issuerKey = try GnuTLSKey(pem: keyPEM)
        let leafKey = try GnuTLSKey()
        let now = Date()
        let window = validity ?? now.addingTimeInterval(-3600)...now.addingTimeInterval(30 * 86_400)
        let certificate: GnuTLSCertificate
        switch purpose {
        case .server(let hosts):
            certificate = try GnuTLSCertificate(key: leafKey, subject: [(GNUTLS_OID_X520_COMMON_NAME, hosts.first ?? "localhost")], validity: window)
            try certificate.purpose(GNUTLS_KP_TLS_WWW_SERVER)
            for host in hosts { try certificate.name(host) }
        case .client(let commonName):
            certificate = try GnuTLSCertificate(
                key: leafKey, subject: [(GNUTLS_OID_X520_ORGANIZATION_NAME, "Understudy tests"), (GNUTLS_OID_X520_COMMON_NAME, commonName)],
                validity: window)
            try certificate.purpose(GNUTLS_KP_TLS_WWW_CLIENT)
        }
        try certificate.constrain(authority: false)
        try certificate.use(GNUTLS_KEY_DIGITAL_SIGNATURE)
        try certificate.sign(issuer: issuer, issuerKey: issuerKey)
        return IssuedCertificate(certificatePEM: try certificate.pem(), privateKeyPEM: try leafKey.pem())
    }
}

/// A certificate and its private key, PEM, as an authority issued them.
public struct IssuedCertificate: Sendable, Hashable {
    /// The certificate, PEM.
    public var certificatePEM: String
    /// Its private key, PEM (PKCS#8).
    public var privateKeyPEM: String

    /// Creates the pair.
    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }
}
