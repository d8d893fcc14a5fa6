public import StubKit
public import StubServer
import StubAssertions

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
        let wanted = pattern.requestPattern
        return check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.received(wanted, count, in: $0)
        }
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
        let wanted = patterns.map(\.requestPattern)
        return check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.inOrder(wanted, in: $0)
        }
    }

    /// Expects `count` requests to have matched no stub, and acknowledges
    /// them, so they no longer fail the test at scope end. For tests of
    /// code that handles the 404 on purpose.
    @discardableResult
    public func expectUnmatched(
        _ count: ExpectedCount = .atLeast(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { journal in
            _ = takeIssues(where: \.isUnmatched)
            return JournalExpectations.unmatched(count, in: journal)
        }
    }

    /// Reports pending server issues, then records the failure `evaluate`
    /// finds in the journal at `location`.
    func check(_ location: CodeLocation, _ evaluate: (JournalSnapshot) -> String?) -> Bool {
        PendingServerIssues.flush(self, at: location)
        guard let failure = evaluate(journalSnapshot()) else { return true }
        IssueRecorder.record(failure, at: location)
        return false
    }
}
