public import StubEngine
public import StubInProcess
public import StubKit

/// A server whose journal this process holds: a `StubServer` on either
/// transport, or an `InProcessServer`. The assertions read its journal
/// directly, the same checks and messages as on a remote server.
public protocol JournalHolding: Sendable {
    /// Every request received.
    var journal: Journal { get }
    /// The secrets masked where its requests are shown.
    var redaction: Redaction { get }
    /// The stubs it serves now, in match order.
    var stubs: [Stub] { get }
    /// Removes and returns the pending issues `include` selects.
    func takeIssues(where include: (ServerIssue) -> Bool) -> [ServerIssue]
}

extension InProcessServer: JournalHolding {}

extension JournalHolding {
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
        let scope = pattern?.requestPattern
        return check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.signed(requirement, matching: scope, in: $0)
        }
    }

    /// Expects every stub to have been used by at least one request (a stub
    /// marked `.mustBeUsed(false)` excepted); each unused one fails the test
    /// at the stub's own line, listing the requests with the condition each
    /// failed. A stub list that went stale shows up here.
    ///
    /// ```swift
    /// server.expectAllStubsUsed()
    /// ```
    @discardableResult
    public func expectAllStubsUsed(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        flushPendingIssues(at: location)
        return reportUnused(at: location) { $0.mustBeUsed != false }
    }

    /// Records one issue per stub `required` selects that no request used,
    /// at the stub's line; `false` when there was one.
    package func reportUnused(at location: CodeLocation, required: (Stub) -> Bool) -> Bool {
        let unused = JournalExpectations.unused(stubs, in: journal.snapshot(redaction: redaction), required: required)
        for (stub, message) in unused { IssueRecorder.record(message, at: location, preferring: stub.location) }
        return unused.isEmpty
    }

    /// Reports the issues found while serving (a throwing response closure, a
    /// refused request) at `location`, leaving unmatched requests and
    /// messages to the scope.
    package func flushPendingIssues(at location: CodeLocation) {
        for issue in takeIssues(where: { !$0.isUnmatched && !$0.isUnmatchedMessage }) {
            IssueRecorder.record(issue.description, at: location, preferring: issue.stub?.location)
        }
    }

    /// Reports pending server issues, then records the failure `evaluate`
    /// finds in the journal at `location`.
    func check(_ location: CodeLocation, _ evaluate: (JournalSnapshot) -> String?) -> Bool {
        flushPendingIssues(at: location)
        guard let failure = evaluate(journal.snapshot(redaction: redaction)) else { return true }
        IssueRecorder.record(failure, at: location)
        return false
    }
}
