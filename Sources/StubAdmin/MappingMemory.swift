import Foundation
import StubKit
import Synchronization

/// Posted mappings as read, kept by their bytes: a WireMock suite posts the
/// same mappings in every test's setup (reset, then the shared ones), and
/// reading a mapping cost more than the rest of its round trip. A body is
/// kept from its second post on (the first only leaves its hash), so a suite
/// whose tests each post their own mappings pays a hash, not a table entry.
/// A body that names a `bodyFileName` is read afresh every time, since its
/// file may have changed; a body that reads to a problem is not kept.
final class MappingMemory: Sendable {
    /// One mapping as read: its stub, and its members as written.
    struct Read: Sendable {
        var stub: Stub
        var fields: [String: JSONValue]

        /// Whether its response names a `bodyFileName` (however the key was
        /// spelled in the body, `\u` escapes and all): such a read is never kept.
        var namesAFile: Bool {
            guard case .object(let response)? = fields["response"] else { return false }
            return response["bodyFileName"] != nil
        }
    }

    /// The most bodies kept, and the most bytes; past either, it starts again.
    static let capacity = 1_024
    static let byteCapacity = 8 << 20

    private let table = Mutex<Table>(Table())

    private struct Table {
        /// Reads by their body's hash, each with its route and body, which a
        /// lookup compares (two bodies may share a hash).
        var reads: [Int: (key: Key, read: Read)] = [:]
        var bytes = 0
        /// The hashes of bodies posted once.
        var seen: Set<Int> = []
    }

    /// `body` posted to `name`, as `read` reads it, or as it read before.
    func read(_ body: Data, named name: String, _ read: () throws(StubValidationError) -> Read) throws(StubValidationError) -> Read {
        // The body is hashed once; the tables are keyed by that hash.
        let key = Key(name: name, body: body)
        let hash = key.hash
        let (kept, postedBefore) = table.withLock { table -> (Read?, Bool) in
            if let entry = table.reads[hash], entry.key == key { return (entry.read, true) }
            if table.seen.count >= Self.capacity * 4 { table.seen = [] }
            return (nil, !table.seen.insert(hash).inserted)
        }
        if let kept { return kept }
        let fresh = try read()
        guard postedBefore, !fresh.namesAFile else { return fresh }
        table.withLock { table in
            if table.reads.count >= Self.capacity || table.bytes + body.count > Self.byteCapacity { (table.reads, table.bytes) = ([:], 0) }
            table.reads[hash] = (key, fresh)
            table.bytes += body.count
        }
        return fresh
    }

    /// A route's name and a body.
    struct Key: Equatable, Sendable {
        let name: String
        let body: Data

        /// Over every byte (`Data`'s own hash reads only its first bytes,
        /// which mappings of one suite often share).
        var hash: Int {
            var hasher = Hasher()
            hasher.combine(name)
            body.withUnsafeBytes { hasher.combine(bytes: $0) }
            return hasher.finalize()
        }
    }
}
