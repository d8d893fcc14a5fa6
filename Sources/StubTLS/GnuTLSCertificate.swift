import CGnuTLS
import Foundation

/// A certificate being made, and the keys it is made with, through GnuTLS
/// (the library libmicrohttpd already serves TLS with): P-256 keys, ECDSA
/// with SHA-256.
final class GnuTLSCertificate {
    private let certificate: gnutls_x509_crt_t

    /// A version 3 certificate for `key`, valid over `validity`, with a random serial.
    init(key: GnuTLSKey, subject: [(oid: String, value: String)], validity: ClosedRange<Date>) throws(CertificateError) {
        var made: gnutls_x509_crt_t?
        try check(gnutls_x509_crt_init(&made), "init")
        certificate = made!
        try check(gnutls_x509_crt_set_version(certificate, 3), "version")
        var serial = (0..<16).map { _ in UInt8.random(in: 0...255) }
        serial[0] &= 0x7f
        try check(gnutls_x509_crt_set_serial(certificate, serial, serial.count), "serial")
        try check(gnutls_x509_crt_set_activation_time(certificate, time_t(validity.lowerBound.timeIntervalSince1970)), "activation time")
        try check(gnutls_x509_crt_set_expiration_time(certificate, time_t(validity.upperBound.timeIntervalSince1970)), "expiration time")
        for (oid, value) in subject {
            try check(gnutls_x509_crt_set_dn_by_oid(certificate, oid, 0, value, UInt32(value.utf8.count)), "subject \(value)")
        }
        try check(gnutls_x509_crt_set_key(certificate, key.key), "key")
        var identifier = [UInt8](repeating: 0, count: 64)
        var size = identifier.count
        try check(gnutls_x509_crt_get_key_id(certificate, 0, &identifier, &size), "key identifier")
        try check(gnutls_x509_crt_set_subject_key_id(certificate, identifier, size), "subject key identifier")
    }

    /// Basic constraints (critical): an authority that signs only leaves, or not an authority.
    func constrain(authority: Bool) throws(CertificateError) {
        try check(gnutls_x509_crt_set_basic_constraints(certificate, authority ? 1 : 0, authority ? 0 : -1), "basic constraints")
    }

    /// Key usage (critical).
    func use(_ usage: Int32) throws(CertificateError) {
        try check(gnutls_x509_crt_set_key_usage(certificate, UInt32(usage)), "key usage")
    }

    /// Extended key usage.
    func purpose(_ oid: String) throws(CertificateError) {
        try check(gnutls_x509_crt_set_key_purpose_oid(certificate, oid, 0), "extended key usage")
    }

    /// A subject alternative name: an IPv4 or IPv6 address as its bytes, anything else a DNS name.
    func name(_ host: String) throws(CertificateError) {
        var v4 = in_addr()
        var v6 = in6_addr()
        let result: Int32
        if inet_pton(AF_INET, host, &v4) == 1 {
            result = withUnsafeBytes(of: &v4) {
                gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_IPADDRESS, $0.baseAddress, UInt32($0.count), UInt32(GNUTLS_FSAN_APPEND))
            }
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            result = withUnsafeBytes(of: &v6) {
                gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_IPADDRESS, $0.baseAddress, UInt32($0.count), UInt32(GNUTLS_FSAN_APPEND))
            }
        } else {
            result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_DNSNAME, host, UInt32(host.utf8.count), UInt32(GNUTLS_FSAN_APPEND))
        }
        try check(result, "subject alternative name \(host)")
    }

    /// Signs with `issuerKey` as `issuer` (itself when `nil`), naming the issuer's key.
    func sign(issuer: GnuTLSCertificate?, issuerKey: GnuTLSKey) throws(CertificateError) {
        let issuerCertificate = issuer?.certificate ?? certificate
        var identifier = [UInt8](repeating: 0, count: 64)
        var size = identifier.count
        try check(gnutls_x509_crt_get_subject_key_id(issuerCertificate, &identifier, &size, nil), "issuer key identifier")
        if issuer != nil { try check(gnutls_x509_crt_set_authority_key_id(certificate, identifier, size), "authority key identifier") }
        try check(gnutls_x509_crt_sign2(certificate, issuerCertificate, issuerKey.key, GNUTLS_DIG_SHA256, 0), "signature")
    }

    /// The certificate, PEM.
    func pem() throws(CertificateError) -> String {
        var datum = gnutls_datum_t()
        try check(gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_PEM, &datum), "export")
        defer { c_gnutls_free(datum.data) }
        return String(decoding: UnsafeBufferPointer(start: datum.data, count: Int(datum.size)), as: UTF8.self)
    }

    /// A certificate read from PEM.
    init(pem: String) throws(CertificateError) {
        var made: gnutls_x509_crt_t?
        try check(gnutls_x509_crt_init(&made), "init")
        certificate = made!
        try withDatum(pem) { datum throws(CertificateError) in try check(gnutls_x509_crt_import(certificate, &datum, GNUTLS_X509_FMT_PEM), "import") }
    }

    deinit { gnutls_x509_crt_deinit(certificate) }
}

/// A P-256 private key held by GnuTLS.
final class GnuTLSKey {
    let key: gnutls_x509_privkey_t

    /// A new key.
    init() throws(CertificateError) {
        var made: gnutls_x509_privkey_t?
        try check(gnutls_x509_privkey_init(&made), "key init")
        key = made!
        try check(gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA, c_gnutls_p256_bits(), 0), "key generation")
    }

    /// A key read from PEM (PKCS#8).
    init(pem: String) throws(CertificateError) {
        var made: gnutls_x509_privkey_t?
        try check(gnutls_x509_privkey_init(&made), "key init")
        key = made!
        try withDatum(pem) { datum throws(CertificateError) in
            try check(gnutls_x509_privkey_import_pkcs8(key, &datum, GNUTLS_X509_FMT_PEM, nil, UInt32(GNUTLS_PKCS_PLAIN.rawValue)), "key import")
        }
    }

    /// The key, PEM (unencrypted PKCS#8).
    func pem() throws(CertificateError) -> String {
        var datum = gnutls_datum_t()
        try check(gnutls_x509_privkey_export2_pkcs8(key, GNUTLS_X509_FMT_PEM, nil, UInt32(GNUTLS_PKCS_PLAIN.rawValue), &datum), "key export")
        defer { c_gnutls_free(datum.data) }
        return String(decoding: UnsafeBufferPointer(start: datum.data, count: Int(datum.size)), as: UTF8.self)
    }

    deinit { gnutls_x509_privkey_deinit(key) }
}

/// Why a certificate could not be made: the step and GnuTLS's reason.
public struct CertificateError: Error, Sendable, CustomStringConvertible {
    /// The step that failed (`subject alternative name example.org`, `signature` …).
    public let step: String
    /// GnuTLS's reason.
    public let reason: String

    /// `could not make the certificate (signature): …`.
    public var description: String { "could not make the certificate (\(step)): \(reason)" }
}

private func check(_ result: Int32, _ step: String) throws(CertificateError) {
    guard result < 0 else { return }
    throw CertificateError(step: step, reason: String(cString: gnutls_strerror(result)))
}

private func withDatum(_ text: String, _ body: (inout gnutls_datum_t) throws(CertificateError) -> Void) throws(CertificateError) {
    var bytes = Array(text.utf8)
    try bytes.withUnsafeMutableBufferPointer { buffer throws(CertificateError) in
        var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
        try body(&datum)
    }
}
