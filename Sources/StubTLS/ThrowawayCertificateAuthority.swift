public import Foundation
import Crypto
import SwiftASN1
import X509

/// A certificate authority made in memory for one run: it issues the server
/// certificate an HTTPS stub server presents (for 127.0.0.1, ::1 and
/// localhost) and the client certificates a mutual-TLS test sends. Its
/// certificate is what a client is told to trust; its key never leaves the
/// process. P-256 keys, ECDSA with SHA-256.
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
    private let key: Certificate.PrivateKey
    private let publicKey: Certificate.PublicKey
    private let name: DistinguishedName

    /// What a certificate is for.
    public enum Purpose: Sendable, Hashable {
        /// A server certificate naming these hosts (DNS names or IP addresses).
        case server(hosts: [String])
        /// A client certificate (mutual TLS) with this common name.
        case client(commonName: String)
    }

    /// A new authority, valid from an hour ago for `days` days.
    ///
    /// - Throws: if the certificate cannot be built (it always can).
    public init(commonName: String = "Understudy throwaway CA", days: Int = 30) throws {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            OrganizationName("Understudy")
            CommonName(commonName)
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(Double(days) * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            },
            issuerPrivateKey: .init(key))
        self.key = Certificate.PrivateKey(key)
        self.publicKey = Certificate.PublicKey(key.publicKey)
        self.name = name
        self.commonName = commonName
        self.certificatePEM = try certificate.serializeAsPEM().pemString
    }

    /// A certificate and key for `purpose`, signed by this authority, valid
    /// over `validity` (from an hour ago for 30 days by default).
    ///
    /// - Throws: for a host that is neither an IP address nor a DNS name.
    public func issue(_ purpose: Purpose, validity: ClosedRange<Date>? = nil) throws -> IssuedCertificate {
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let window = validity ?? now.addingTimeInterval(-3600)...now.addingTimeInterval(30 * 86_400)
        let subject: DistinguishedName
        let extensions: Certificate.Extensions
        switch purpose {
        case .server(let hosts):
            subject = try DistinguishedName { CommonName(hosts.first ?? "localhost") }
            let names = try hosts.map(Self.generalName)
            extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: publicKey).keyIdentifier)
            }
        case .client(let commonName):
            subject = try DistinguishedName {
                OrganizationName("Understudy tests")
                CommonName(commonName)
            }
            extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: publicKey).keyIdentifier)
            }
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(leafKey.publicKey),
            notValidBefore: window.lowerBound, notValidAfter: window.upperBound,
            issuer: name, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: extensions, issuerPrivateKey: key)
        return IssuedCertificate(certificatePEM: try certificate.serializeAsPEM().pemString, privateKeyPEM: leafKey.pemRepresentation)
    }

    /// An IPv4 or IPv6 address as its bytes, anything else as a DNS name.
    private static func generalName(_ host: String) throws -> GeneralName {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v4) { ArraySlice($0) }))
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            return .ipAddress(ASN1OctetString(contentBytes: withUnsafeBytes(of: &v6) { ArraySlice($0) }))
        }
        return .dnsName(host)
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
