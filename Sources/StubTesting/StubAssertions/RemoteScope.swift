import Foundation
public import StubKit
public import StubRemote
import Synchronization

/// Runs `body` as one test's use of a server in another process, as
/// `withStubServer` does for a local one: resets the server (its own stubs
/// only, an empty journal, scenarios at `Started`), adds `stubs`, runs
/// `body`, then fails the test, at this call, for every request no stub
/// matched, each with the server's near-miss report (unless `allowsUnmatched`,
/// or `expectUnmatched` acknowledged it).
///
/// ```swift
/// func testSearchShowsResults() async throws {
///     let server = RemoteStubServer(url: URL(string: "http://127.0.0.1:8080")!)
///     try await withRemoteStubServer(server, stubs: {
///         Get("/v1/public/characters").query("nameStartsWith", "Spi").respond(.json(page))
///     }) { server in
///         app.launchEnvironment["API_BASE_URL"] = server.url.absoluteString
///         app.launch()
///         await server.expectReceived(Get("/v1/public/characters"), .once)
///     }
/// }
/// ```
///
/// One scope per server at a time: the reset at the start clears what
/// another test added.
///
/// - Throws: `StubNotPortable` or `RemoteAdminError` when the stubs
///   cannot be set up, or what `body` throws.
public func withRemoteStubServer<Result>(
    _ server: RemoteStubServer,
    allowsUnmatched: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    @StubBuilder stubs: () -> [Stub] = { [] },
    _ body: (RemoteStubServer) async throws -> Result
) async throws -> Result {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    try await server.reset()
    try await server.add(stubs())
    let scope = RemoteScope()
    let result: Result
    do {
        result = try await RemoteScope.$current.withValue(scope) { try await body(server) }
    } catch {
        await scope.finish(server, allowsUnmatched: allowsUnmatched, at: location)
        throw error
    }
    await scope.finish(server, allowsUnmatched: allowsUnmatched, at: location)
    return result
}

/// What a remote scope remembers while its body runs: the last unmatched
/// request an `expectUnmatched` acknowledged.
final class RemoteScope: Sendable {
    @TaskLocal static var current: RemoteScope?
    private let acknowledged = Mutex(0)

    func acknowledge(through sequence: Int) {
        acknowledged.withLock { $0 = max($0, sequence) }
    }

    /// Fails the test for each unacknowledged unmatched request, with its report.
    func finish(_ server: RemoteStubServer, allowsUnmatched: Bool, at location: CodeLocation) async {
        guard !allowsUnmatched else { return }
        let journal: JournalSnapshot
        do {
            journal = try await server.journal()
        } catch {
            IssueRecorder.record("Could not read the journal of the server at \(server.url.absoluteString) to check for unmatched requests: \(error)", at: location)
            return
        }
        let seen = acknowledged.withLock { $0 }
        for entry in journal.unmatched where entry.sequence > seen {
            IssueRecorder.record(JournalExpectations.unmatchedMessage(sequence: entry.sequence, report: entry.report ?? "(no report)"), at: location)
        }
    }
}
