public import Foundation
import LegacyDigests

/// One result of a Marvel list, encoded once: its JSON and that JSON's SHA-1.
///
/// A page's `etag` is built from the digests of the results it holds, so
/// serving a page never hashes the page's bytes again (a 20-character page is
/// about 95 KB).
public struct EncodedMarvelResult: Sendable, Hashable {
    /// The result's JSON: one complete value.
    public let json: Data
    /// The SHA-1 of ``json``.
    let digest: [UInt8]

    /// Wraps JSON already at hand and hashes it.
    public init(json: Data) {
        self.json = json
        self.digest = SHA1.hash(json).bytes
    }
}
