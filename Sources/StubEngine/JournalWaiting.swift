public import StubKit
import Synchronization

extension Journal {
    /// Waits for the next request matching `wanted` and returns it: the
    /// oldest one that arrived and that no earlier wait returned, or the
    /// first to arrive within `timeout` (what `StubServer.next(matching:)` does).
    ///
    /// - Throws: ``RequestWaitTimeout``, listing what arrived instead (masked
    ///   by `redaction`), at `location`; `CancellationError` when the task is cancelled.
    package func next(matching wanted: RequestPattern, timeout: Duration, redaction: Redaction, location: CodeLocation) async throws -> RecordedRequest {
        let id = Self.waitIDs.add(1, ordering: .relaxed).newValue
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self.expire(id)
        }
        defer { timer.cancel() }
        let found = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                claim(id: id, where: { wanted.match($0) != nil }, continuation: continuation)
            }
        } onCancel: {
            expire(id)
        }
        try Task.checkCancellation()
        guard let found else {
            throw RequestWaitTimeout(pattern: wanted, timeout: timeout, others: unclaimed, redaction: redaction, location: location)
        }
        return found
    }

    private static let waitIDs = Atomic<UInt64>(0)
}

/// No request matching a pattern arrived in time; says what did arrive.
public struct RequestWaitTimeout: Error, Sendable, CustomStringConvertible {
    /// The pattern waited for.
    public var pattern: RequestPattern
    /// How long the wait lasted.
    public var timeout: Duration
    /// The requests that arrived and were not returned by an earlier wait.
    public var others: [JournalEntry]
    /// The secrets masked in ``description``.
    public var redaction: Redaction
    /// Where `next(matching:)` was called.
    public var location: CodeLocation

    /// `location: ` and ``report``.
    public var description: String { "\(location): \(report)" }

    /// What was awaited, for how long, and each other request with the first
    /// condition it failed; the same text a remote server sends its callers.
    public var report: String {
        var lines = ["no request matching \(pattern) arrived within \(timeout)"]
        if others.isEmpty {
            lines.append("  no other requests arrived either")
        } else {
            lines.append("  \(others.count) other request\(others.count == 1 ? "" : "s") arrived:")
            for entry in others {
                let miss = pattern.checks(against: entry.request).first { !$0.matched }.map(redaction.check)
                lines.append("    #\(entry.sequence) \(entry.request.method) \(redaction.target(entry.request.target))"
                             + (miss.map { " — \($0.field): expected \($0.expected), got \($0.actual)" } ?? ""))
            }
        }
        return lines.joined(separator: "\n")
    }
}
