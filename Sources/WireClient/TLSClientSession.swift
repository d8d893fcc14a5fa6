import CGnuTLS
import Foundation

/// The client side of a TLS connection over a connected, blocking
/// descriptor (GnuTLS): the handshake with the certificate checked against
/// a ``WireTrust`` and the server's name, then records in and out. Used by
/// one thread; freed with its connection.
final class TLSClientSession {
    private var session: gnutls_session_t?
    /// Shared with every session that trusts the same; kept alive while this one runs.
    private let credentials: TLSTrustCredentials
    /// GnuTLS keeps the pointer for the session's life.
    private let expectedName: UnsafeMutablePointer<CChar>?

    init(fd: Int32, serverName: String, trust: WireTrust) throws(WireClientError) {
        expectedName = trust.verifies ? strdup(serverName) : nil
        credentials = try TLSTrustCredentials.shared(for: trust)
        var opened: gnutls_session_t?
        guard gnutls_init(&opened, UInt32(GNUTLS_CLIENT)) == GNUTLS_E_SUCCESS, let opened else { throw .tls("cannot start a session") }
        session = opened
        gnutls_set_default_priority(opened)
        gnutls_credentials_set(opened, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials.handle))
        if !Self.isAddress(serverName) {
            _ = gnutls_server_name_set(opened, GNUTLS_NAME_DNS, serverName, serverName.utf8.count)
        }
        if let expectedName { gnutls_session_set_verify_cert(opened, expectedName, 0) }
        c_gnutls_transport_set_fd(opened, fd)
        var result: Int32
        repeat { result = gnutls_handshake(opened) } while result < 0 && gnutls_error_is_fatal(result) == 0 && result != GNUTLS_E_AGAIN
        guard result >= 0 else {
            if result == GNUTLS_E_AGAIN { throw .timedOut("in the TLS handshake") }
            if result == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR {
                let status = gnutls_session_get_verify_cert_status(opened)
                var printed = gnutls_datum_t()
                var why = "the certificate is not trusted"
                if gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &printed, 0) == GNUTLS_E_SUCCESS, let data = printed.data {
                    why = String(cString: UnsafeRawPointer(data).assumingMemoryBound(to: CChar.self)).trimmingCharacters(in: .whitespaces)
                    c_gnutls_free(data)
                }
                throw .tls("\(serverName): \(why) (\(trust.remedy))")
            }
            throw .tls("handshake with \(serverName) failed: \(Self.text(result))")
        }
    }

    deinit {
        if let session { gnutls_deinit(session) }
        free(expectedName)
    }

    /// Sends from `offset`; the bytes written.
    func send(_ bytes: [UInt8], from offset: Int) throws(WireClientError) -> Int {
        while true {
            let written = bytes.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 { return written }
            if written == GNUTLS_E_INTERRUPTED { continue }
            if written == GNUTLS_E_AGAIN { throw .timedOut("sending the request") }
            throw .io("TLS send: \(Self.text(Int32(written)))")
        }
    }

    /// Receives into `buffer`; 0 at the end of the stream.
    func receive(into buffer: inout [UInt8]) throws(WireClientError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress!, $0.count) }
            if count >= 0 { return count }
            if count == GNUTLS_E_INTERRUPTED || count == GNUTLS_E_REHANDSHAKE { continue }
            if count == GNUTLS_E_AGAIN { throw .timedOut("waiting for the response") }
            // A server that closes without close_notify ends the stream (as browsers and curl accept).
            if count == GNUTLS_E_PREMATURE_TERMINATION { return 0 }
            throw .io("TLS receive: \(Self.text(Int32(count)))")
        }
    }

    private static func text(_ code: Int32) -> String { TLSTrustCredentials.text(code) }

    private static func isAddress(_ host: String) -> Bool {
        host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    }
}

extension WireTrust {
    /// Loads the authorities given here (not the system's) as a connection
    /// would, so a file or PEM text that is no certificate is refused before
    /// the first request instead of at it.
    ///
    /// - Throws: ``WireClientError/tls(_:)`` naming the file or the certificate's place.
    package func checkAuthorities() throws(WireClientError) {
        var own = self
        own.system = false
        _ = try TLSTrustCredentials.load(own)
    }
}
