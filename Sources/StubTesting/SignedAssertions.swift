public import StubKit
public import StubServer

extension StubServer {
    /// Expects every received request (or every one matching `pattern`) to
    /// satisfy `requirement`, and at least one to have arrived; on failure,
    /// names each request that did not and what was wrong, without showing
    /// secrets.
    ///
    /// ```swift
    /// server.expectSigned(.marvel(publicKey: "1234", privateKey: "abcd"))
    /// server.expectSigned(.bearer(token), matching: Get("/me"))
    /// ```
    @discardableResult
    public func expectSigned(
        _ requirement: AuthRule,
        matching pattern: (any RequestPatternConvertible)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        PendingServerIssues.flush(self, at: location)
        let scope = pattern?.requestPattern
        let checked = journal.entries.filter { entry in scope.map { $0.match(entry.request) != nil } ?? true }
        let which = scope.map { "request matching \($0.detailedDescription)" } ?? "request"
        guard !checked.isEmpty else {
            IssueRecorder.record("Expected every \(which) to carry \(requirement), but no such request was received.", at: location)
            return false
        }
        let failures = checked.compactMap { entry in requirement.problem(with: entry.request).map { (entry, $0) } }
        guard !failures.isEmpty else { return true }
        let lines = ["Expected every \(which) to carry \(requirement); \(failures.count) of \(checked.count) did not:"]
            + JournalListing.lines(failures.map(\.0)) { entry in
                let problem = failures.first { $0.0.sequence == entry.sequence }?.1 ?? ""
                return "✗ #\(entry.sequence) \(JournalListing.show(entry.request, redaction)) — \(problem)"
            }
        IssueRecorder.record(lines.joined(separator: "\n"), at: location)
        return false
    }
}
