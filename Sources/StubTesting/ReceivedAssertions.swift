public import StubKit
public import StubServer

extension StubServer {
    /// Expects the number of received requests matching `pattern` to be
    /// `count` (at least one by default); on failure, lists every request with
    /// the first condition it failed.
    ///
    /// ```swift
    /// server.expectReceived(Get("/v1/public/characters").query("nameStartsWith", "Spi"), .once)
    /// ```
    @discardableResult
    public func expectReceived(
        _ pattern: some RequestPatternConvertible,
        _ count: ExpectedCount = .atLeast(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        PendingServerIssues.flush(self, at: location)
        let wanted = pattern.requestPattern
        let entries = journal.entries
        let received = entries.filter { wanted.match($0.request) != nil }.count
        guard !count.accepts(received) else { return true }
        let lines = ["Expected \(count) matching \(wanted.detailedDescription); received \(received)."]
            + [JournalListing.heading(entries, journal)] + JournalListing.lines(entries, against: wanted, redaction: redaction)
        IssueRecorder.record(lines.joined(separator: "\n"), at: location)
        return false
    }

    /// Expects exactly `count` received requests matching `pattern`.
    @discardableResult
    public func expectReceived(
        _ pattern: some RequestPatternConvertible,
        count: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        expectReceived(pattern, .exactly(count), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects that no received request matches `pattern`.
    @discardableResult
    public func expectNever(
        _ pattern: some RequestPatternConvertible,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        expectReceived(pattern, .never, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects requests matching `patterns` to have arrived in this order
    /// (other requests may come between them); on failure, shows the first
    /// pattern that found no request after the previous one.
    ///
    /// ```swift
    /// server.expectInOrder(Post("/login"), Get("/me"), Post("/logout"))
    /// ```
    @discardableResult
    public func expectInOrder(
        _ patterns: any RequestPatternConvertible...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        PendingServerIssues.flush(self, at: location)
        let wanted = patterns.map(\.requestPattern)
        let entries = journal.entries
        var position = 0
        var found: [Int: Int] = [:] // entry index → step
        for (step, pattern) in wanted.enumerated() {
            guard let index = entries[position...].firstIndex(where: { pattern.match($0.request) != nil }) else {
                var lines = ["Expected requests in this order:"]
                lines += wanted.enumerated().map { "  \($0.offset + 1). \($0.element.detailedDescription)" }
                let after = step == 0 ? "" : " after #\(entries[position - 1].sequence)"
                let anywhere = entries.contains { pattern.match($0.request) != nil }
                lines.append("Step \(step + 1) found no request\(after)" + (anywhere && step > 0 ? " (one came earlier)." : "."))
                lines.append(JournalListing.heading(entries, journal))
                lines += JournalListing.lines(entries) { entry in
                    let index = entries.firstIndex { $0.sequence == entry.sequence } ?? 0
                    let mark = found[index].map { "  → step \($0 + 1)" }
                        ?? wanted.firstIndex { $0.match(entry.request) != nil }.map { "  (matches step \($0 + 1))" }
                        ?? JournalListing.firstMiss(pattern, entry.request, redaction).map {
                            " — for step \(step + 1), \($0.field): expected \($0.expected), got \($0.actual)"
                        }
                    return "#\(entry.sequence) \(JournalListing.show(entry.request, redaction))" + (mark ?? "")
                }
                IssueRecorder.record(lines.joined(separator: "\n"), at: location)
                return false
            }
            found[index] = step
            position = index + 1
        }
        return true
    }

    /// Expects `count` requests to have matched no stub, and acknowledges
    /// them, so they no longer fail the test at scope end. For tests of
    /// code that handles the 404 on purpose.
    @discardableResult
    public func expectUnmatched(
        _ count: ExpectedCount = .atLeast(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        PendingServerIssues.flush(self, at: location)
        let unmatched = journal.unmatched
        _ = takeIssues(where: \.isUnmatched)
        guard !count.accepts(unmatched.count) else { return true }
        let lines = ["Expected \(count) to match no stub; \(unmatched.count) did."]
            + [JournalListing.heading(journal.entries, journal)]
            + JournalListing.lines(journal.entries) { entry in
                "\(entry.isMatched ? "matched  " : "unmatched") #\(entry.sequence) \(JournalListing.show(entry.request, redaction))"
            }
        IssueRecorder.record(lines.joined(separator: "\n"), at: location)
        return false
    }
}
