package import StubKit

/// The checks behind `expectReceived`, `expectInOrder`, `expectSigned` and
/// `expectUnmatched`, over a journal snapshot: each returns the failure
/// message, or `nil` when the check passes. One implementation for local and
/// remote servers, so both fail with the same words.
package enum JournalExpectations {
    /// `count` requests matching `pattern`.
    package static func received(_ pattern: RequestPattern, _ count: ExpectedCount, in journal: JournalSnapshot) -> String? {
        let received = journal.entries.filter { pattern.match($0.request) != nil }.count
        guard !count.accepts(received) else { return nil }
        let lines = ["Expected \(count) matching \(pattern.detailedDescription); received \(received)."]
            + [JournalListing.heading(journal)] + JournalListing.lines(journal.entries, against: pattern, redaction: journal.redaction)
        return lines.joined(separator: "\n")
    }

    /// Requests matching `patterns` in this order, others allowed between them.
    package static func inOrder(_ wanted: [RequestPattern], in journal: JournalSnapshot) -> String? {
        let entries = journal.entries
        var position = 0
        var found: [Int: Int] = [:] // entry index → step
        for (step, pattern) in wanted.enumerated() {
            guard let index = entries[position...].firstIndex(where: { pattern.match($0.request) != nil }) else {
                return orderFailure(wanted, step: step, after: position, found: found, in: journal)
            }
            found[index] = step
            position = index + 1
        }
        return nil
    }

    /// The message for step `step` of `wanted`, which no entry from `after`
    /// on matched: the steps, then every entry marked with the step it met,
    /// the step it would meet, or why it misses this step.
    private static func orderFailure(
        _ wanted: [RequestPattern], step: Int, after position: Int, found: [Int: Int], in journal: JournalSnapshot
    ) -> String {
        let entries = journal.entries
        let redaction = journal.redaction
        let pattern = wanted[step]
        var lines = ["Expected requests in this order:"]
        for (offset, wantedPattern) in wanted.enumerated() { lines.append("  \(offset + 1). \(wantedPattern.detailedDescription)") }
        let after = step == 0 ? "" : " after #\(entries[position - 1].sequence)"
        let anywhere = entries.contains { pattern.match($0.request) != nil }
        let ending = anywhere && step > 0 ? " (one came earlier)." : "."
        lines.append("Step \(step + 1) found no request\(after)\(ending)")
        lines.append(JournalListing.heading(journal))
        lines += JournalListing.lines(Array(entries.enumerated())) { (index: Int, entry: JournalEntry) -> String in
            let shown = "#\(entry.sequence) \(JournalListing.show(entry.request, redaction))"
            if let met = found[index] { return shown + "  → step \(met + 1)" }
            if let other = wanted.firstIndex(where: { $0.match(entry.request) != nil }) { return shown + "  (matches step \(other + 1))" }
            guard let miss = JournalListing.firstMiss(pattern, entry.request, redaction) else { return shown }
            return shown + " — for step \(step + 1), \(miss.field): expected \(miss.expected), got \(miss.actual)"
        }
        return lines.joined(separator: "\n")
    }

    /// Every request (or every one matching `scope`) satisfies `requirement`,
    /// and at least one arrived.
    package static func signed(_ requirement: AuthRule, matching scope: RequestPattern?, in journal: JournalSnapshot) -> String? {
        let checked = journal.entries.filter { entry in scope.map { $0.match(entry.request) != nil } ?? true }
        let which = scope.map { "request matching \($0.detailedDescription)" } ?? "request"
        guard !checked.isEmpty else { return "Expected every \(which) to carry \(requirement), but no such request was received." }
        let failures = checked.compactMap { entry in requirement.problem(with: entry.request).map { (entry, $0) } }
        guard !failures.isEmpty else { return nil }
        let lines = ["Expected every \(which) to carry \(requirement); \(failures.count) of \(checked.count) did not:"]
            + JournalListing.lines(failures) { entry, problem in
                "✗ #\(entry.sequence) \(JournalListing.show(entry.request, journal.redaction)) — \(problem)"
            }
        return lines.joined(separator: "\n")
    }

    /// `count` requests matched no stub.
    package static func unmatched(_ count: ExpectedCount, in journal: JournalSnapshot) -> String? {
        let unmatched = journal.unmatched
        guard !count.accepts(unmatched.count) else { return nil }
        let lines = ["Expected \(count) to match no stub; \(unmatched.count) did."]
            + [JournalListing.heading(journal)]
            + JournalListing.lines(journal.entries) { entry in
                "\(entry.isMatched ? "matched  " : "unmatched") #\(entry.sequence) \(JournalListing.show(entry.request, journal.redaction))"
            }
        return lines.joined(separator: "\n")
    }

    /// The stubs of `stubs` that `required` selects and no request of
    /// `journal` used, each with its failure message: the stub, where it was
    /// declared, and each request with the first condition it failed.
    package static func unused(_ stubs: [Stub], in journal: JournalSnapshot, required: (Stub) -> Bool) -> [(stub: Stub, message: String)] {
        let used = Set(journal.entries.compactMap { $0.stub?.id.rawValue ?? $0.stubID })
        return stubs.filter { required($0) && !used.contains($0.id.rawValue) }.map { stub in
            let name = stub.name.map { "\"\($0)\" " } ?? ""
            let lines = ["Stub \(name)\(stub.request.detailedDescription) (declared at \(stub.location)) was never used: no request reached it."]
                + [JournalListing.heading(journal)] + JournalListing.lines(journal.entries, against: stub.request, redaction: journal.redaction)
                + ["(Remove it, use it, or mark it .mustBeUsed(false).)"]
            return (stub, lines.joined(separator: "\n"))
        }
    }

    /// The failure for an unmatched request at the end of a test's scope:
    /// what arrived and the closest stubs (`report`).
    package static func unmatchedMessage(sequence: Int, report: String) -> String {
        "Request #\(sequence) matched no stub; the server answered 404.\n" + report
            + "\n(Allow unmatched requests with allowsUnmatched: true, or acknowledge them with expectUnmatched.)"
    }
}
