import Locking
public import StubKit
import Synchronization

/// What a ``Handoff`` hands to the test: something open that answers a request.
package protocol HandedOver: Sendable {
    /// The request it answers.
    var request: RecordedRequest { get }
}

/// Open things the test takes over (streams it feeds, WebSocket
/// connections): each handed to the first wait whose pattern its request
/// matches, or kept (in arrival order) until one asks, so none is lost to a
/// test that asks late.
package final class Handoff<Item: HandedOver>: Sendable {
    private struct Waiter {
        var id: UInt64
        var pattern: RequestPattern
        var found: WaitOnce<Item>
    }

    private struct State {
        var offered: [Item] = []
        var waiters: [Waiter] = []
    }

    /// What is handed over, for reports: `stream fed by the test`, `WebSocket connection`.
    let what: String
    /// Whether a stub opens such things (for the report on what arrived instead).
    let opens: @Sendable (Stub) -> Bool
    private let state = Locked(State())

    package init(what: String, opens: @escaping @Sendable (Stub) -> Bool) {
        self.what = what
        self.opens = opens
    }

    /// Just opened: to the oldest wait it matches, or kept.
    func offer(_ item: Item) {
        let waiter = state.withLock { state -> Waiter? in
            if let index = state.waiters.firstIndex(where: { $0.pattern.match(item.request) != nil }) {
                return state.waiters.remove(at: index)
            }
            state.offered.append(item)
            return nil
        }
        waiter?.found.resolve(item)
    }

    /// Forgets the kept ones `test` selects (a held call its timeout answered).
    func withdraw(where test: (Item) -> Bool) {
        state.withLock { $0.offered.removeAll(where: test) }
    }

    /// The oldest one kept whose request matches `pattern`, or the first to
    /// open within `timeout`.
    ///
    /// - Throws: ``HandoverTimeout`` naming what arrived instead (`arrived`
    ///   is read then); `CancellationError` when the task is cancelled.
    package func next(
        matching pattern: RequestPattern, timeout: Duration, redaction: Redaction, location: CodeLocation,
        arrived: @Sendable () -> [JournalEntry]
    ) async throws -> Item {
        let id = handoffWaitIDs.add(1, ordering: .relaxed).newValue
        let found = WaitOnce<Item>()
        let kept = state.withLock { state -> Item? in
            if let index = state.offered.firstIndex(where: { pattern.match($0.request) != nil }) {
                return state.offered.remove(at: index)
            }
            state.waiters.append(Waiter(id: id, pattern: pattern, found: found))
            return nil
        }
        if let kept { return kept }
        let item = await found.value(within: timeout) { self.give(up: id) }
        try Task.checkCancellation()
        guard let item else {
            throw HandoverTimeout(what: what, pattern: pattern, timeout: timeout, arrived: arrived(), redaction: redaction,
                                  location: location, opens: opens)
        }
        return item
    }

    /// Ends the wait `id` with nothing, unless something was handed to it.
    private func give(up id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.found.resolve(nil)
    }
}

/// Numbers the waits of every handoff (a generic type has no static stored property).
private let handoffWaitIDs = Atomic<UInt64>(0)

/// Nothing to hand over (a stream fed by the test, a WebSocket connection),
/// answering a request that matches a pattern, opened in time; says what
/// arrived instead.
public struct HandoverTimeout: Error, Sendable, CustomStringConvertible {
    /// What was waited for: `stream fed by the test`, `WebSocket connection`.
    public var what: String
    /// The pattern waited for.
    public var pattern: RequestPattern
    /// How long the wait lasted.
    public var timeout: Duration
    /// The requests the journal held when the wait gave up.
    public var arrived: [JournalEntry]
    /// The secrets masked in ``description``.
    public var redaction: Redaction
    /// Where the wait was called.
    public var location: CodeLocation
    let opens: @Sendable (Stub) -> Bool

    /// `location: ` and ``report``.
    public var description: String { "\(location): \(report)" }

    /// What was awaited, for how long, and each request that arrived with
    /// why it opened no such thing.
    public var report: String {
        var lines = ["no \(what), answering a request matching \(pattern), opened within \(timeout)"]
        guard !arrived.isEmpty else {
            lines.append("  no requests arrived at all")
            return lines.joined(separator: "\n")
        }
        lines.append("  \(arrived.count) request\(arrived.count == 1 ? "" : "s") arrived:")
        for entry in arrived {
            let miss = pattern.checks(against: entry.request).first { !$0.matched }.map(redaction.check)
            let why: String
            if let miss {
                why = "\(miss.field): expected \(miss.expected), got \(miss.actual)"
            } else if let stub = entry.stub, opens(stub) {
                why = entry.status.map { $0 >= 400 ? "its stub refused it with \($0)" : "it was handed to an earlier wait" }
                    ?? "it was handed to an earlier wait"
            } else {
                why = entry.isMatched ? "answered by \(entry.stubID ?? "a stub") at \(entry.declared.map { "\($0)" } ?? "?"), "
                    + "which opens no \(what)" : "no stub matched it"
            }
            lines.append("    #\(entry.sequence) \(entry.request.method) \(redaction.target(entry.request.target)) — \(why)")
        }
        return lines.joined(separator: "\n")
    }
}

extension Engine {
    /// The next stream fed by the test whose request matches `pattern`
    /// (what a server's `nextStream(matching:)` returns).
    package func nextStream(matching pattern: RequestPattern, timeout: Duration, location: CodeLocation) async throws -> LiveStream {
        let journal = self.journal
        return try await openStreams.next(matching: pattern, timeout: timeout, redaction: redaction, location: location,
                                          arrived: { journal.entries })
    }
}
