import Foundation
public import StubKit
public import StubRemote

/// The StubTesting assertions on a server in another process: the same
/// checks and the same failure messages as on a local server, read from the
/// remote journal (one admin call per assertion). A journal that cannot be
/// read fails the assertion with the reason.
extension RemoteStubServer {
    /// `JournalHolding.expectReceived` on the remote journal: `count`
    /// requests matching `pattern` (at least one by default), read with one
    /// admin call; a failure lists each request and its first failed condition.
    @discardableResult
    public func expectReceived(
        _ pattern: some RequestPatternConvertible,
        _ count: ExpectedCount = .atLeast(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let wanted = pattern.requestPattern
        return await check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.received(wanted, count, in: $0)
        }
    }

    /// Exactly `count` requests matching `pattern` reached the remote server.
    @discardableResult
    public func expectReceived(
        _ pattern: some RequestPatternConvertible,
        count: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await expectReceived(pattern, .exactly(count), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// No request that reached the remote server matches `pattern`.
    @discardableResult
    public func expectNever(
        _ pattern: some RequestPatternConvertible,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await expectReceived(pattern, .never, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects requests matching `patterns` to have arrived in this order
    /// (other requests may come between them).
    @discardableResult
    public func expectInOrder(
        _ patterns: any RequestPatternConvertible...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let wanted = patterns.map(\.requestPattern)
        return await check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.inOrder(wanted, in: $0)
        }
    }

    /// Expects every received request (or every one matching `pattern`) to
    /// satisfy `requirement`, and at least one to have arrived.
    @discardableResult
    public func expectSigned(
        _ requirement: AuthRule,
        matching pattern: (any RequestPatternConvertible)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let scope = pattern?.requestPattern
        return await check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.signed(requirement, matching: scope, in: $0)
        }
    }

    /// Expects `count` requests to have matched no stub, and acknowledges
    /// them, so the enclosing ``withRemoteStubServer(_:allowsUnmatched:fileID:filePath:line:column:isolation:stubs:_:)``
    /// does not fail the test for them.
    @discardableResult
    public func expectUnmatched(
        _ count: ExpectedCount = .atLeast(1),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) { journal in
            RemoteScope.current?.acknowledge(through: journal.unmatched.last?.sequence ?? 0)
            return JournalExpectations.unmatched(count, in: journal)
        }
    }

    /// `JournalHolding.expectAllStubsUsed` on the remote journal: every stub
    /// this handle added (`addedStubs`; one marked
    /// `.mustBeUsed(false)` excepted) was used by at least one request. Each
    /// unused one fails the test at the stub's own line, listing the requests
    /// the server received with the condition each failed. The server's own
    /// stubs (from its files) are not this test's to check.
    ///
    /// ```swift
    /// await server.expectAllStubsUsed()
    /// ```
    @discardableResult
    public func expectAllStubsUsed(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let stubs = addedStubs
        guard let journal = await journal(failingAt: location) else { return false }
        let unused = JournalExpectations.unused(stubs, in: journal, required: { $0.mustBeUsed != false })
        for (stub, message) in unused { IssueRecorder.record(message, at: location, preferring: stub.location) }
        return unused.isEmpty
    }

    /// Reads the journal and records the failure `evaluate` finds at `location`.
    func check(_ location: CodeLocation, _ evaluate: (JournalSnapshot) -> String?) async -> Bool {
        guard let journal = await journal(failingAt: location) else { return false }
        guard let failure = evaluate(journal) else { return true }
        IssueRecorder.record(failure, at: location)
        return false
    }

    /// The server's journal, or `nil` after recording at `location` why it could not be read.
    private func journal(failingAt location: CodeLocation) async -> JournalSnapshot? {
        do {
            return try await journal()
        } catch {
            IssueRecorder.record("Could not read the journal of the server at \(url.absoluteString): \(error)", at: location)
            return nil
        }
    }
}
