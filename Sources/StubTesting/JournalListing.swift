import StubKit
import StubServer

/// The received requests as lines of a failure message, each marked against
/// a pattern: `✓ #1 GET /path` or `✗ #2 GET /other — path: expected /path, got /other`.
enum JournalListing {
    /// The most requests listed before `… and N more`.
    static let limit = 20

    static func lines(_ entries: [JournalEntry], against pattern: RequestPattern) -> [String] {
        lines(entries) { entry in
            if let miss = pattern.checks(against: entry.request).first(where: { !$0.matched }) {
                return "✗ #\(entry.sequence) \(show(entry.request)) — \(miss.field): expected \(miss.expected), got \(miss.actual)"
            }
            return "✓ #\(entry.sequence) \(show(entry.request))"
        }
    }

    /// Lines made by `describe`, at most ``limit`` of them.
    static func lines(_ entries: [JournalEntry], _ describe: (JournalEntry) -> String) -> [String] {
        var lines = entries.prefix(limit).map { "  " + describe($0) }
        if entries.count > limit { lines.append("  … and \(entries.count - limit) more") }
        return lines
    }

    /// `METHOD target`.
    static func show(_ request: RecordedRequest) -> String { "\(request.method) \(request.target)" }

    /// `Requests received (3):` or `No requests were received.`
    static func heading(_ entries: [JournalEntry]) -> String {
        entries.isEmpty ? "No requests were received." : "Requests received (\(entries.count)):"
    }
}
