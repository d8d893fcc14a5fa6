public import StubKit

extension Journal {
    /// The journal as a value: every entry held (or those after `sequence`),
    /// with the capacity, evictions and `redaction` the assertions report.
    public func snapshot(after sequence: Int? = nil, redaction: Redaction) -> JournalSnapshot {
        let held = sequence.map { self.entries(after: $0) } ?? self.entries
        return JournalSnapshot(entries: held, capacity: capacity, evictedCount: evictedCount, redaction: redaction)
    }
}
