package import StubKit

/// The received requests as lines of a failure message, each marked against
/// a pattern: `✓ #1 GET /path` or `✗ #2 GET /other — path: expected /path, got /other`.
package enum JournalListing {
    /// The most requests listed before `… and N more`.
    package static let limit = 20

    package static func lines(_ entries: [JournalEntry], against pattern: RequestPattern, redaction: Redaction) -> [String] {
        lines(entries) { entry in
            if let miss = firstMiss(pattern, entry.request, redaction) {
                return "✗ #\(entry.sequence) \(show(entry.request, redaction)) — \(miss.field): expected \(miss.expected), got \(miss.actual)"
            }
            return "✓ #\(entry.sequence) \(show(entry.request, redaction))"
        }
    }

    /// The first condition of `pattern` that `request` fails, what arrived masked by `redaction`.
    package static func firstMiss(_ pattern: RequestPattern, _ request: RecordedRequest, _ redaction: Redaction) -> FieldCheck? {
        pattern.checks(against: request).first { !$0.matched }.map(redaction.check)
    }

    /// Lines made by `describe`, at most ``limit`` of them.
    package static func lines<Entry>(_ entries: [Entry], _ describe: (Entry) -> String) -> [String] {
        var lines = entries.prefix(limit).map { "  " + describe($0) }
        if entries.count > limit { lines.append("  … and \(entries.count - limit) more") }
        return lines
    }

    /// `METHOD target`, with the target's secrets masked.
    package static func show(_ request: RecordedRequest, _ redaction: Redaction) -> String {
        "\(request.method) \(redaction.target(request.target))"
    }

    /// `Requests received (3):` or `No requests were received.`, and, once
    /// the journal has evicted entries, a note saying so: counts then cover
    /// only the newest requests.
    package static func heading(_ journal: JournalSnapshot) -> String {
        let heading = journal.entries.isEmpty ? "No requests were received." : "Requests received (\(journal.entries.count)):"
        guard journal.evictedCount > 0 else { return heading }
        return "Note: the journal is full; it keeps the newest \(journal.capacity) requests and has evicted "
            + "\(journal.evictedCount) older ones, which no assertion can see (raise StubServer.Configuration.journalCapacity).\n"
            + heading
    }
}
