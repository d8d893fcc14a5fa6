public import Foundation
#if canImport(FoundationNetworking)
// URLSession lives here on Linux; a test that imports this module gets it.
@_exported public import FoundationNetworking
#endif
@_exported public import StubEngine
public import StubKit
import Locking

/// Stubs that answer a `URLSession` in this process, with no socket: the
/// in-process transport in front of the engine (StubEngine) that a
/// libmicrohttpd `StubServer` also feeds, so the same stubs give the same
/// answers, journal and near-miss reports either way. It links no C, so an
/// iOS unit-test target can use it.
///
/// ```swift
/// let server = try InProcessServer.start {
///     Get("/users/1").respond(.json(#"{"id": 1, "name": "Ada"}"#))
/// }
/// defer { server.stop() }
/// let client = APIClient(baseURL: URL(string: "https://api.example.com")!, session: server.session)
/// ```
///
/// Any scheme and host reach the stubs: the code under test keeps its own
/// base URL. Each server has its own sessions; servers share nothing, so
/// parallel tests stay apart. Hand ``sessionConfiguration`` to code that
/// makes its own `URLSession`.
public final class InProcessServer: Sendable {
    /// Every request received.
    public let journal: Journal
    /// `http://in-process.invalid`: a base for ``url(_:)``; any other host works as well.
    public let baseURL: URL
    /// The secrets masked wherever this server's requests are shown.
    public var redaction: Redaction { engine.redaction }
    /// A session whose requests these stubs answer.
    public let session: URLSession
    package let engine: Engine
    private let route: InProcessRoute

    /// Why an in-process server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    private init(set: StubSet, journalCapacity: Int, seed: UInt64?, redaction: Redaction) throws {
        let journal = Journal(capacity: max(1, journalCapacity))
        let engine = Engine(set: set, journal: journal, seed: seed, redaction: redaction,
                            cors: nil, compression: nil, codec: InProcessRoute.codec)
        self.route = try InProcessRoute(engine: engine)
        self.journal = journal
        self.engine = engine
        self.baseURL = URL(string: "http://in-process.invalid")!
        self.session = route.session
        engine.templating.withLock { $0.scheme = "http"; $0.port = 80 }
    }

    /// Starts a server answering with `stubs`.
    ///
    /// - Parameters:
    ///   - stubs: the stubs, first match wins.
    ///   - journalCapacity: how many requests the journal keeps, newest last.
    ///   - seed: drives random delays and generated values (random when `nil`).
    ///   - redaction: the secrets masked where requests are shown.
    /// - Throws: `StubValidationError` naming each stub that cannot work, or
    ///   ``StartError`` when 256 in-process servers already run.
    public static func start(_ stubs: [Stub], journalCapacity: Int = 10_000, seed: UInt64? = nil,
                             redaction: Redaction = .secrets) throws -> InProcessServer {
        try InProcessServer(set: StubSet(stubs), journalCapacity: journalCapacity, seed: seed, redaction: redaction)
    }

    /// Starts a server answering with the stubs `content` declares.
    ///
    /// - Parameters:
    ///   - journalCapacity: how many requests the journal keeps, newest last.
    ///   - seed: drives random delays and generated values (random when `nil`).
    ///   - redaction: the secrets masked where requests are shown.
    ///   - content: the stubs, declared with the DSL.
    public static func start(journalCapacity: Int = 10_000, seed: UInt64? = nil, redaction: Redaction = .secrets,
                             @StubBuilder _ content: () -> [Stub]) throws -> InProcessServer {
        try start(content(), journalCapacity: journalCapacity, seed: seed, redaction: redaction)
    }

    /// A configuration whose sessions these stubs answer, for code that makes
    /// its own `URLSession`; a new copy each time, to change as you like.
    public var sessionConfiguration: URLSessionConfiguration { route.sessionConfiguration }

    /// The URL of `pathAndQuery` (for example `/users?page=2`) on ``baseURL``.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)
            ?? URL(string: baseURL.absoluteString + (pathAndQuery.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "/"))!
    }

    /// Stops answering: this server's sessions fail each new request with
    /// `URLError(.cannotConnectToHost)`, and its slot is free for another.
    /// As over the socket, a request still waiting for a delayed answer gets
    /// 503 and a stream held open ends. Idempotent.
    public func stop() { route.stop() }

    /// Runs `body` with `URLSession.shared` answered by these stubs, for code
    /// under test that does not take a session. Opt-in and serialized: one
    /// scope at a time in the whole process. Where the platform does not let
    /// a registered `URLProtocol` reach `URLSession.shared` (Linux, once any
    /// session exists), it throws, saying so; prefer ``session``.
    ///
    /// Once used, a request of `URLSession.shared` to a host that is not
    /// loopback that no scope owns fails, naming the request, instead of
    /// reaching the network.
    ///
    /// - Throws: ``StartError`` when `URLSession.shared` cannot be reached, or what `body` throws.
    public func interceptingSharedSession<Result>(isolation: isolated (any Actor)? = #isolation,
                                                  _ body: () async throws -> Result) async throws -> Result {
        try await SharedSessionInterception.run(engine, body)
    }

    /// Registers the class ``interceptingSharedSession(isolation:_:)`` uses
    /// with the URL loading system now. On Linux, call it before any
    /// `URLSession` exists (first thing in a test process's main, or an
    /// XCTest principal class), the only time a registration reaches
    /// `URLSession.shared` there; elsewhere the first scope registers it.
    public static func registerSharedSessionInterception() {
        SharedSessionInterception.register()
    }

    /// What went wrong while answering (unmatched requests, throwing response
    /// closures, refused requests), oldest first, kept until taken.
    public var pendingIssues: [ServerIssue] { engine.issues.pending }

    /// Removes and returns the pending issues `include` selects (all by default).
    public func takeIssues(where include: (ServerIssue) -> Bool = { _ in true }) -> [ServerIssue] {
        engine.issues.take(where: include)
    }

    /// Waits for the next stream a stub opened for the test to feed
    /// (`ResponseStream.End.fedByTest`) whose request matches `pattern`, and
    /// hands it over, as `StubServer.nextStream(matching:)` does.
    ///
    /// - Throws: `HandoverTimeout`; `CancellationError` when the task is cancelled.
    public func nextStream(
        matching pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> LiveStream {
        try await engine.nextStream(matching: pattern.requestPattern, timeout: timeout,
                                    location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next request a held stub (`Stub.held()`) keeps
    /// waiting whose request matches `pattern`, and hands it over, as
    /// `StubServer.intercept(_:)` does. A cancelled task is a client giving up.
    ///
    /// - Throws: `HandoverTimeout`; `CancellationError` when the task is cancelled.
    public func intercept(
        _ pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> HeldCall {
        try await engine.nextHeldCall(matching: pattern.requestPattern, timeout: timeout,
                                      location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The stubs it serves now, in match order.
    public var stubs: [Stub] { engine.serving.withLock { $0.table.stubs } }

    /// What `request` would meet now: the closest stubs, each with its checks.
    public func report(for request: RecordedRequest) -> UnmatchedRequestReport {
        engine.report(for: request)
    }
}
