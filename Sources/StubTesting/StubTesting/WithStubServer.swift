public import PactFormat
import StubKit
public import StubRecording
public import StubServer

/// Runs `body` with a server for `setup` (`.stubs { … }`, `.stubs(list)`,
/// `.prepared(set)`, `.starting { … }`), as `StubServer.current` too, then
/// stops it and fails the test, at this call's location, for every request no
/// stub matched (unless `allowsUnmatched`) and for every request and response
/// that broke the server's contract, an OpenAPI document say (unless
/// `allowsContractViolations`). With `exhaustive`, every stub no request used
/// fails the test at its own line (`.mustBeUsed(false)` exempts one). With
/// `pact`, each stub the body exercised is written to that pact as one interaction. `transport: .inProcess` serves
/// `server.session` in this process, with no socket. Works under XCTest and Swift Testing.
///
/// ```swift
/// func testHealth() async throws {
///     try await withStubServer(.stubs { Get("/health").respond(.text("ok")) }) { server in
///         let (data, _) = try await URLSession.shared.data(from: server.url("/health"))
///         XCTAssertEqual(String(decoding: data, as: UTF8.self), "ok")
///         server.expectReceived(Get("/health"), .once)
///     }
/// }
/// ```
///
/// - Throws: ``ServerStartFailure`` when the server cannot start, or what `body` throws.
public func withStubServer<Result>(
    _ setup: ServerSetup,
    allowsUnmatched: Bool = false,
    exhaustive: Bool = false,
    allowsContractViolations: Bool = false,
    transport: StubTransport? = nil,
    pact: PactRecording? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {

    return try await scoped(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), allowsUnmatched, exhaustive,
                            allowsContractViolations, pact, start: { try setup.transport(transport).start() }, body)
}

/// Runs `body` with a server that plays back `recording` or records it (see
/// `TestRecording` in StubRecording for the modes), as `StubServer.current` too; then writes
/// the archive when it recorded, and fails the test at this call for every
/// request the recording did not have (unless `allowsUnmatched`). Works
/// under XCTest and Swift Testing.
///
/// ```swift
/// let recording = TestRecording("fetchUser", upstream: URL(string: "https://api.example.com")!)
/// try await withStubServer(recording: recording) { server in
///     let user = try await APIClient(baseURL: server.baseURL).user(1)
///     #expect(user.name == "Ada")
/// }
/// ```
///
/// - Throws: ``ServerStartFailure`` when the recording cannot start (no
///   archive in `none` mode, say), or what `body` throws.
public func withStubServer<Result>(
    recording: TestRecording,
    allowsUnmatched: Bool = false,
    configuration: StubServer.Configuration = .default,
    transport: StubTransport? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let running: RunningRecording
    do {
        running = try recording.start(configuration: configuration, transport: transport)
    } catch {
        throw ServerStartFailure(location: location, reason: "\(error)")
    }
    return try await ServerScope(server: running.server, allowsUnmatched: allowsUnmatched, location: location,
                                 recording: running).run(body)
}

/// Starts a server with `start` and runs `body` in its scope; a start that
/// fails is reported as a ``ServerStartFailure`` at `location`.
private func scoped<Result>(
    _ location: CodeLocation, _ allowsUnmatched: Bool, _ exhaustive: Bool, _ allowsContractViolations: Bool, _ pact: PactRecording?,
    isolation: isolated (any Actor)? = #isolation,
    start: () throws -> StubServer,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    let server: StubServer
    do {
        server = try start()
    } catch {
        throw ServerStartFailure(location: location, reason: "\(error)")
    }
    return try await ServerScope(server: server, allowsUnmatched: allowsUnmatched, location: location, exhaustive: exhaustive, pact: pact,
                                 allowsContractViolations: allowsContractViolations).run(body)
}
