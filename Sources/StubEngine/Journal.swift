import Foundation
import Locking
public import StubKit

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
    private let changes = ChangeSignal()

    /// Creates an empty journal holding at most `capacity` entries.
    public init(capacity: Int) {
        precondition(capacity > 0, "a journal needs a capacity of at least 1")
        self.capacity = capacity
        self.storage = Locked(Ring(capacity: capacity))
    }

    /// Appends a request answered by the stub at `index` of `table` (or by
    /// none, when `table` is `nil`) with `status`, and returns its sequence number.
    @discardableResult
    func record(
        _ request: RecordedRequest, table: RouteTable?, index: Int, status: Int?, served: StubResponse? = nil,
        stream: StreamLog? = nil, webSocket: WebSocketLog? = nil, finished: Bool = true, beforePublishing: (Int) -> Void = { _ in }
    ) -> Int {
        // An answer sent at once took what the server spent on it; a later one, or a stream, is timed when it ends.
        let duration = finished ? Self.since(request.receivedAt) : nil
        let sequence = storage.withLock { ring -> Int in
            ring.recorded += 1
            // Runs before any reader can see the entry (e.g. files its
            // unmatched report, so a log following the journal never meets
            // the entry without it).
            beforePublishing(ring.recorded)
            ring.append(Record(sequence: ring.recorded, request: request, table: table, index: index, status: status, served: served,
                               duration: duration, stream: stream, webSocket: webSocket))
            guard !ring.waiters.isEmpty,
                  let position = ring.waiters.firstIndex(where: { $0.test(request) })
            else { return ring.recorded }
            ring.claimed.insert(ring.recorded)
            // Resumed here, under the lock, rather than handed out: an optional
            // waiter carried past the lock was copied and destroyed three
            // times per request. Resuming only schedules the waiting task.
            ring.waiters.remove(at: position).continuation.resume(returning: request)
            return ring.recorded
        }
        changes.bump()
        return sequence
    }

    /// How many times the journal has changed (a request recorded, a
    /// proxied request's status filled in): what ``waitForChange(after:timeout:)`` compares.
    public var version: Int { changes.current }

    /// Returns once ``version`` is past `seen`, or after `timeout`; holds no
    /// thread while it waits (a live request log long-polls with it).
    public func waitForChange(after seen: Int, timeout: Duration) async {
        await changes.wait(beyond: seen, timeout: timeout)
    }

    /// Hands `continuation` the oldest request that passes `test` and that no
    /// earlier wait was handed; when none has arrived yet, parks it until one
    /// does or ``expire(_:)`` is called with `id`.
    func claim(
        id: UInt64, where test: @escaping @Sendable (RecordedRequest) -> Bool,
        continuation: CheckedContinuation<RecordedRequest?, Never>
    ) {
        let found = storage.withLock { ring -> RecordedRequest?? in
            if ring.expired.remove(id) != nil { return .some(nil) }
            for record in ring.records() where !ring.claimed.contains(record.sequence) && test(record.request) {
                ring.claimed.insert(record.sequence)
                return .some(record.request)
            }
            ring.waiters.append(Waiter(id: id, test: test, continuation: continuation))
            return nil
        }
        if let found { continuation.resume(returning: found) }
    }

    /// Ends the wait `id` with `nil` (timeout or cancellation); a wait that is
    /// not parked yet ends as soon as it is.
    func expire(_ id: UInt64) {
        let parked = storage.withLock { ring -> Waiter? in
            guard let position = ring.waiters.firstIndex(where: { $0.id == id }) else {
                ring.expired.insert(id)
                return nil
            }
            return ring.waiters.remove(at: position)
        }
        parked?.continuation.resume(returning: nil)
    }

    /// The entries held that no wait was handed, oldest first.
    var unclaimed: [JournalEntry] {
        storage.withLock { ring in ring.records().filter { !ring.claimed.contains($0.sequence) }.map(\.entry) }
    }

    /// The entries held, oldest first.
    public var entries: [JournalEntry] { storage.withLock { $0.ordered() } }

    /// The entries held whose sequence number is above `sequence`, oldest
    /// first: what arrived since an earlier look, for logs that follow the journal.
    public func entries(after sequence: Int) -> [JournalEntry] {
        storage.withLock { ring in
            let newer = ring.recorded - sequence
            guard newer > 0 else { return [] }
            // Removals leave gaps, so the last `newer` records may reach back further.
            return ring.records(last: newer).filter { $0.sequence > sequence }.map(\.entry)
        }
    }

    /// How many entries held carry a request that passes `test`; the
    /// requests are read in place, nothing is copied out.
    public func count(where test: (RecordedRequest) -> Bool) -> Int {
        storage.withLock { ring in
            var count = 0
            ring.forEachRecord { if test($0.request) { count += 1 } }
            return count
        }
    }

    /// The entries held whose request passes `test`, oldest first; only
    /// those are copied out.
    public func entries(where test: (RecordedRequest) -> Bool) -> [JournalEntry] {
        storage.withLock { ring in
            var found: [JournalEntry] = []
            ring.forEachRecord { if test($0.request) { found.append($0.entry) } }
            return found
        }
    }

    /// The entry numbered `sequence`, while it is held.
    public func entry(_ sequence: Int) -> JournalEntry? {
        storage.withLock { ring in
            var found: JournalEntry?
            ring.update(sequence) { found = $0.entry }
            return found
        }
    }

    /// The entries no stub matched, oldest first.
    public var unmatched: [JournalEntry] { entries.filter(\.isUnmatched) }

    /// How many entries are held now.
    public var count: Int { storage.withLock { $0.count } }

    /// How many requests were recorded since the server started (resets included).
    public var recordedCount: Int { storage.withLock { $0.recorded } }

    /// How many entries were evicted because the journal was full.
    public var evictedCount: Int { storage.withLock { $0.evicted } }

    /// Fills in the status (and served response) of an entry answered
    /// later, a proxied one: recorded when the request arrived, completed
    /// when the upstream answered.
    func complete(_ sequence: Int, status: Int?, served: StubResponse?) {
        storage.withLock { $0.complete(sequence, status: status, served: served) }
        changes.bump()
    }

    /// Notes that the answer of entry `sequence` went out whole now (a
    /// delayed, proxied or held answer): its ``JournalEntry/duration``.
    func finished(_ sequence: Int) {
        let now = Date()
        storage.withLock { ring in
            ring.update(sequence) { record in
                // A client that gave up got no answer: it has no duration.
                if record.abandonedAt == nil { record.duration = now.timeIntervalSince(record.request.receivedAt) }
            }
        }
        changes.bump()
    }

    static func since(_ start: Date) -> TimeInterval { Date().timeIntervalSince(start) }

    /// Notes that the streamed answer of entry `sequence` sent `piece`.
    func streamed(_ sequence: Int, piece: [UInt8]) {
        storage.withLock { ring in
            ring.update(sequence) { record in
                if record.stream == nil { record.stream = StreamLog() }
                record.stream?.pieces.append(piece)
            }
        }
        changes.bump()
    }

    /// Notes that the streamed answer of entry `sequence` is over;
    /// `clientHungUp` when its client left first.
    func streamEnded(_ sequence: Int, clientHungUp: Bool) {
        let now = Date()
        storage.withLock { ring in
            ring.update(sequence) { record in
                var log = record.stream ?? StreamLog()
                log.finished = true
                log.clientHungUp = clientHungUp
                record.stream = log
                if !clientHungUp { record.duration = now.timeIntervalSince(record.request.receivedAt) }
            }
        }
        changes.bump()
    }

    /// Changes the WebSocket log of entry `sequence`.
    func webSocket(_ sequence: Int, _ change: (inout WebSocketLog) -> Void) {
        storage.withLock { ring in
            ring.update(sequence) { record in
                // In place: a copy of the log would copy every message held, per message.
                if record.webSocket == nil { record.webSocket = WebSocketLog() }
                change(&record.webSocket!)
            }
        }
        changes.bump()
    }

    /// Marks the newest entry of the request on `connection` as abandoned:
    /// its client gave up before the answer was sent.
    package func markAbandoned(connection: UInt64) {
        storage.withLock { $0.markAbandoned(connection: connection) }
        changes.bump()
    }

    /// Marks entry `sequence` as abandoned at `date`: its client gave up
    /// before the answer was sent.
    func markAbandoned(_ sequence: Int, at date: Date) {
        storage.withLock { $0.update(sequence) { $0.abandonedAt = date } }
        changes.bump()
    }

    /// Appends a CORS preflight the server answered itself with `status`.
    func recordPreflight(_ request: RecordedRequest, status: Int) {
        record(request, table: nil, index: Record.preflight, status: status)
    }

    /// Forgets every entry held; ``recordedCount`` and sequence numbers go on.
    public func reset() {
        storage.withLock { $0.removeAll() }
        changes.bump()
    }

    /// Forgets the entries `test` selects and returns them, oldest first;
    /// the others keep their order and sequence numbers.
    @discardableResult
    public func remove(where test: (JournalEntry) -> Bool) -> [JournalEntry] {
        storage.withLock { ring in
            let all = ring.records()
            let claimed = ring.claimed
            var removed: [JournalEntry] = []
            var kept: [Record] = []
            for record in all {
                let entry = record.entry
                if test(entry) { removed.append(entry) } else { kept.append(record) }
            }
            guard !removed.isEmpty else { return [] }
            ring.removeAll()
            ring.claimed = claimed
            for record in kept { ring.append(record) }
            return removed
        }
    }
}

/// What the journal stores per request: the stub by reference (its table
/// and index), not by copy. No table: unmatched; index ``Record/preflight``:
/// a CORS preflight.
private struct Record {
    static let preflight = -1

    var sequence: Int
    var request: RecordedRequest
    var table: RouteTable?
    var index: Int
    var status: Int?
    var served: StubResponse?
    /// Seconds from arrival to the answer sent whole, once it was.
    var duration: TimeInterval?
    var abandonedAt: Date?
    var stream: StreamLog?
    var webSocket: WebSocketLog?

    var entry: JournalEntry {
        var entry = index == Self.preflight
            ? JournalEntry(sequence: sequence, request: request, outcome: .preflight, status: status)
            : JournalEntry(sequence: sequence, request: request, answeredBy: table.map { $0.stubs[index] }, status: status, served: served)
        entry.abandoned = abandonedAt != nil
        entry.duration = duration.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
        entry.abandonedAt = abandonedAt
        entry.stream = stream
        entry.webSocket = webSocket
        return entry
    }
}

/// A task parked in ``Journal/claim(id:where:continuation:)``.
private struct Waiter {
    var id: UInt64
    var test: @Sendable (RecordedRequest) -> Bool
    var continuation: CheckedContinuation<RecordedRequest?, Never>
}

/// A bounded ring of journal records stored in chunks of fixed capacity,
/// plus the waits parked on it.
private struct Ring {
    static let chunkSize = 1024
    let capacity: Int
    var chunks: [[Record]] = []
    var count = 0
    var oldest = 0
    var recorded = 0
    var evicted = 0
    var waiters: [Waiter] = []
    /// Sequence numbers already handed to a wait.
    var claimed: Set<Int> = []
    /// Waits that expired before they were parked.
    var expired: Set<UInt64> = []

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

    func records(last wanted: Int? = nil) -> [Record] {
        let taken = min(wanted ?? count, count)
        var result: [Record] = []
        result.reserveCapacity(taken)
        for offset in (count - taken)..<count {
            let slot = (oldest + offset) % capacity
            result.append(chunks[slot / Self.chunkSize][slot % Self.chunkSize])
        }
        return result
    }

    func ordered() -> [JournalEntry] { records().map(\.entry) }

    /// Sets the status (and the served response) of the record numbered
    /// `sequence`, searching from the newest; nothing when it is gone.
    mutating func complete(_ sequence: Int, status: Int?, served: StubResponse?) {
        update(sequence) { record in
            record.status = status
            if let served { record.served = served }
        }
    }

    /// Changes the record numbered `sequence` in place, searching from the
    /// newest; nothing when it is gone.
    mutating func update(_ sequence: Int, _ change: (inout Record) -> Void) {
        for back in stride(from: count - 1, through: 0, by: -1) {
            let slot = (oldest + back) % capacity
            let found = chunks[slot / Self.chunkSize][slot % Self.chunkSize].sequence
            if found < sequence { return }
            guard found == sequence else { continue }
            change(&chunks[slot / Self.chunkSize][slot % Self.chunkSize])
            return
        }
    }

    mutating func markAbandoned(connection: UInt64) {
        for back in stride(from: count - 1, through: 0, by: -1) {
            let slot = (oldest + back) % capacity
            guard chunks[slot / Self.chunkSize][slot % Self.chunkSize].request.connectionID == connection else { continue }
            chunks[slot / Self.chunkSize][slot % Self.chunkSize].abandonedAt = Date()
            return
        }
    }

    /// Calls `body` with each record, oldest first, without copying them into an array.
    func forEachRecord(_ body: (borrowing Record) -> Void) {
        for offset in 0..<count {
            let slot = (oldest + offset) % capacity
            chunks[slot / Self.chunkSize].withUnsafeBufferPointer { body($0[slot % Self.chunkSize]) }
        }
    }

    mutating func removeAll() {
        chunks.removeAll()
        claimed.removeAll()
        count = 0
        oldest = 0
    }
}
