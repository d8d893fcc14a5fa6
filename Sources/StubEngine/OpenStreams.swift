import Locking
public import StubKit
import Synchronization

/// The streams stubs opened for tests to feed (`ResponseStream.End.fedByTest`),
/// each handed to the first wait whose pattern its request matches, or kept
/// (in arrival order) until one asks: none is lost to a test that asks late.
package final class OpenStreams: Sendable {
    private struct Waiter {
        var id: UInt64
        var pattern: RequestPattern
        var found: WaitOnce<LiveStream>
    }

    private struct State {
        var offered: [LiveStream] = []
        var waiters: [Waiter] = []
    }

    private let state = Locked(State())
    private static let waitIDs = Atomic<UInt64>(0)

    package init() {}

    /// A stream just opened: to the oldest wait it matches, or kept.
    func offer(_ stream: LiveStream) {
        let waiter = state.withLock { state -> Waiter? in
            if let index = state.waiters.firstIndex(where: { $0.pattern.match(stream.request) != nil }) {
                return state.waiters.remove(at: index)
            }
            state.offered.append(stream)
            return nil
        }
        waiter?.found.resolve(stream)
    }

    /// The oldest stream kept whose request matches `pattern`, or the first
    /// to open within `timeout`.
    ///
    /// - Throws: ``StreamWaitTimeout`` naming what arrived instead (`arrived`
    ///   is read then); `CancellationError` when the task is cancelled.
    package func next(
        matching pattern: RequestPattern, timeout: Duration, redaction: Redaction, location: CodeLocation,
        arrived: @Sendable () -> [JournalEntry]
    ) async throws -> LiveStream {
        let id = Self.waitIDs.add(1, ordering: .relaxed).newValue
        let found = WaitOnce<LiveStream>()
        let kept = state.withLock { state -> LiveStream? in
            if let index = state.offered.firstIndex(where: { pattern.match($0.request) != nil }) {
                return state.offered.remove(at: index)
            }
            state.waiters.append(Waiter(id: id, pattern: pattern, found: found))
            return nil
        }
        if let kept { return kept }
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self.give(up: id)
        }
        defer { timer.cancel() }
        let stream = await withTaskCancellationHandler { await found.value } onCancel: { self.give(up: id) }
        try Task.checkCancellation()
        guard let stream else {
            throw StreamWaitTimeout(pattern: pattern, timeout: timeout, arrived: arrived(), redaction: redaction, location: location)
        }
        return stream
    }

    /// Ends the wait `id` with no stream, unless a stream was handed to it.
    private func give(up id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.found.resolve(nil)
    }
}

/// No stream fed by the test, answering a request that matches a pattern,
/// opened in time; says what arrived instead.
public struct StreamWaitTimeout: Error, Sendable, CustomStringConvertible {
    /// The pattern waited for.
    public var pattern: RequestPattern
    /// How long the wait lasted.
    public var timeout: Duration
    /// The requests the journal held when the wait gave up.
    public var arrived: [JournalEntry]
    /// The secrets masked in ``description``.
    public var redaction: Redaction
    /// Where `nextStream(matching:)` was called.
    public var location: CodeLocation

    /// `location: ` and ``report``.
    public var description: String { "\(location): \(report)" }

    /// What was awaited, for how long, and each request that arrived with
    /// why it opened no such stream.
    public var report: String {
        var lines = ["no stream fed by the test, answering a request matching \(pattern), opened within \(timeout)"]
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
            } else if entry.stub?.response.isFedByTest == true {
                why = "its stream was handed to an earlier wait"
            } else {
                why = entry.isMatched ? "answered by \(entry.stubID ?? "a stub") at \(entry.declared.map { "\($0)" } ?? "?"), "
                    + "which is not a stream fed by the test (end: .fedByTest)" : "no stub matched it"
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
