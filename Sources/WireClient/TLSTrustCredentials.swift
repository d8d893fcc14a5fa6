import CGnuTLS
import Foundation
import Locking

/// The trusted authorities of a ``WireTrust``, loaded into GnuTLS
/// credentials once and shared by every TLS session that trusts the same
/// (GnuTLS allows sharing credentials nobody changes any more). Loading
/// the system's bundle parses every authority in it, about 12 ms for
/// Debian's 139, which a new upstream connection paid each time.
///
/// A trust's files are keyed by their device, inode, size and change time,
/// so an authority rewritten at the same path is read again.
final class TLSTrustCredentials: @unchecked Sendable {
    /// Set up once in `load`, then only read (by any number of sessions).
    let handle: gnutls_certificate_credentials_t

    private init(handle: gnutls_certificate_credentials_t) { self.handle = handle }

    deinit { gnutls_certificate_free_credentials(handle) }

    /// The credentials for `trust`, loaded now or earlier in this process.
    ///
    /// - Throws: ``WireClientError/tls(_:)`` naming a file or PEM text that is no certificate.
    static func shared(for trust: WireTrust) throws(WireClientError) -> TLSTrustCredentials {
        let key = Key(trust: trust, files: trust.authorities.map(FileStamp.init(path:)))
        if let loaded = cache.withLock({ $0[key] }) { return loaded }
        let made = try load(trust)
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() } // sessions keep theirs alive
            cache[key] = made
        }
        return made
    }

    /// Fresh credentials for `trust`, not shared.
    static func load(_ trust: WireTrust) throws(WireClientError) -> TLSTrustCredentials {
        var made: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&made) == GNUTLS_E_SUCCESS, let made else { throw .tls("no memory for credentials") }
        let credentials = TLSTrustCredentials(handle: made)
        if trust.system, trust.verifies { _ = gnutls_certificate_set_x509_system_trust(made) }
        try addAuthorities(of: trust, to: made)
        return credentials
    }

    /// Adds `trust`'s own authorities (files, then PEM text) to `credentials`.
    private static func addAuthorities(of trust: WireTrust, to credentials: gnutls_certificate_credentials_t) throws(WireClientError) {
        for file in trust.authorities {
            let added = gnutls_certificate_set_x509_trust_file(credentials, file, GNUTLS_X509_FMT_PEM)
            guard added > 0 else { throw .tls("\(file) holds no PEM certificate (\(text(added)))") }
        }
        for (index, pem) in trust.authorityCertificates.enumerated() {
            var bytes = Array(pem.utf8)
            let added = bytes.withUnsafeMutableBufferPointer { buffer in
                var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
                return gnutls_certificate_set_x509_trust_mem(credentials, &datum, GNUTLS_X509_FMT_PEM)
            }
            guard added > 0 else { throw .tls("authority certificate \(index + 1) is not a PEM certificate (\(text(added)))") }
        }
    }

    static func text(_ code: Int32) -> String { String(cString: gnutls_strerror(code)) }

    // MARK: The cache

    /// At most this many trusts are kept; past it the cache starts again.
    private static let cacheLimit = 32
    private static let cache = Locked<[Key: TLSTrustCredentials]>([:])

    private struct Key: Hashable {
        var trust: WireTrust
        var files: [FileStamp]
    }

    /// What tells one version of an authority file from another.
    private struct FileStamp: Hashable {
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var size: Int64 = 0
        var changed: Int64 = 0
        var changedNanoseconds: Int = 0

        init(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return } // loading it names the problem
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if canImport(Darwin)
            changed = Int64(info.st_ctimespec.tv_sec)
            changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
            #else
            changed = Int64(info.st_ctim.tv_sec)
            changedNanoseconds = Int(info.st_ctim.tv_nsec)
            #endif
        }
    }
}
