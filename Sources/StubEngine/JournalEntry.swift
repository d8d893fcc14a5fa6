public import StubKit

/// One request the server received and what it did with it.
public struct JournalEntry: Sendable {
    /// What the server matched the request to.
    public enum Outcome: Sendable {
        /// This stub answered (its guards may have answered for it).
        case matched(Stub)
        /// No stub matched; the server answered 404 with an unmatched-request report.
        case unmatched
        /// A CORS preflight the server's ``CORSPolicy`` answered before any stub.
        case preflight
    }

    /// 1 for the first request the server recorded, counting on across evictions and resets.
    public var sequence: Int
    /// The request.
    public var request: RecordedRequest
    /// What it matched.
    public var outcome: Outcome
    /// The status the server sent (a guard's 401, a stub's 200, the 404 of
    /// an unmatched request); `nil` when it sent no HTTP status line (a fault
    /// that closes the connection or sends garbage).
    public var status: Int?
    /// The response the stub made for this request, before compression, delay
    /// or fault; kept only while ``StubServer/keepsServedResponses`` is on
    /// (a test recording a pact turns it on).
    public var served: StubResponse?

    /// Creates an entry.
    public init(sequence: Int, request: RecordedRequest, outcome: Outcome, status: Int? = nil, served: StubResponse? = nil) {
        self.sequence = sequence
        self.request = request
        self.outcome = outcome
        self.status = status
        self.served = served
    }

    /// The stub that answered, or `nil` when none matched.
    public var stub: Stub? {
        if case .matched(let stub) = outcome { return stub }
        return nil
    }

    /// Whether a stub answered the request.
    public var isMatched: Bool { stub != nil }

    /// Whether no stub matched and the server answered with its 404 report.
    public var isUnmatched: Bool {
        if case .unmatched = outcome { return true }
        return false
    }
}

extension JournalEntry {
    /// The entry as a value other processes can read: the stub named by id and
    /// declaration site instead of held.
    public var snapshot: JournalSnapshot.Entry {
        let kind: JournalSnapshot.Entry.Outcome
        switch outcome {
        case .matched: kind = .matched
        case .unmatched: kind = .unmatched
        case .preflight: kind = .preflight
        }
        return JournalSnapshot.Entry(sequence: sequence, request: request, outcome: kind,
                                     stubID: stub?.id.rawValue, declared: stub?.location, status: status)
    }
}

extension Journal {
    /// The journal as a value: every entry held (or those after `sequence`),
    /// with the capacity, evictions and `redaction` the assertions report.
    public func snapshot(after sequence: Int? = nil, redaction: Redaction) -> JournalSnapshot {
        let held = sequence.map { self.entries(after: $0) } ?? self.entries
        return JournalSnapshot(entries: held.map(\.snapshot), capacity: capacity, evictedCount: evictedCount, redaction: redaction)
    }
}
