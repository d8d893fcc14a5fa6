import MicroHTTP
import StubKit

/// Every request a server received, in arrival order, with what it matched.
///
/// Lock-protected, so requests recorded from the server's threads and reads
/// from tests never race. Bounded: past ``capacity`` the oldest entries are
/// evicted and counted in ``evictedCount``, never dropped silently. Entries
/// live in fixed-size chunks, so recording never copies what is already held.
public final class Journal: Sendable {
    /// The most entries held at once.
    public let capacity: Int
    private let storage: Locked<Ring>

    /// Creates an empty journal holding at most `capacity` entries.
    public init(capacity: Int) {
        precondition(capacity > 0, "a journal needs a capacity of at least 1")
        self.capacity = capacity
        self.storage = Locked(Ring(capacity: capacity))
    }

    /// Appends a request answered by the stub at `index` of `table` (or by
    /// none, when `table` is `nil`) and returns its sequence number.
    @discardableResult
    func record(_ request: RecordedRequest, table: RouteTable?, index: Int) -> Int {
        storage.withLock { ring in
            ring.recorded += 1
            ring.append(Record(sequence: ring.recorded, request: request, table: table, index: index))
            return ring.recorded
        }
    }

    /// The entries held, oldest first.
    public var entries: [JournalEntry] { storage.withLock { $0.ordered() } }

    /// The entries no stub matched, oldest first.
    public var unmatched: [JournalEntry] { entries.filter { !$0.isMatched } }

    /// How many entries are held now.
    public var count: Int { storage.withLock { $0.count } }

    /// How many requests were recorded since the server started (resets included).
    public var recordedCount: Int { storage.withLock { $0.recorded } }

    /// How many entries were evicted because the journal was full.
    public var evictedCount: Int { storage.withLock { $0.evicted } }

    /// Forgets every entry held; ``recordedCount`` and sequence numbers go on.
    public func reset() { storage.withLock { $0.removeAll() } }
}

/// What the journal stores per request: the stub by reference (its table
/// and index), not by copy.
private struct Record {
    var sequence: Int
    var request: RecordedRequest
    var table: RouteTable?
    var index: Int

    var entry: JournalEntry {
        JournalEntry(sequence: sequence, request: request, outcome: table.map { .matched($0.stubs[index]) } ?? .unmatched)
    }
}

/// A bounded ring of journal records stored in chunks of fixed capacity.
private struct Ring {
    static let chunkSize = 1024
    let capacity: Int
    var chunks: [[Record]] = []
    var count = 0
    var oldest = 0
    var recorded = 0
    var evicted = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func append(_ entry: Record) {
        if count < capacity {
            let slot = count
            if slot / Self.chunkSize == chunks.count {
                var chunk: [Record] = []
                chunk.reserveCapacity(min(Self.chunkSize, capacity - slot))
                chunks.append(chunk)
            }
            chunks[slot / Self.chunkSize].append(entry)
            count += 1
        } else {
            chunks[oldest / Self.chunkSize][oldest % Self.chunkSize] = entry
            oldest = (oldest + 1) % capacity
            evicted += 1
        }
    }

    func ordered() -> [JournalEntry] {
        var result: [JournalEntry] = []
        result.reserveCapacity(count)
        for offset in 0..<count {
            let slot = (oldest + offset) % capacity
            result.append(chunks[slot / Self.chunkSize][slot % Self.chunkSize].entry)
        }
        return result
    }

    mutating func removeAll() {
        chunks.removeAll()
        count = 0
        oldest = 0
    }
}
