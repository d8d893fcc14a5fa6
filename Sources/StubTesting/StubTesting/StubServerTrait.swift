#if canImport(Testing)
public import Foundation
public import StubKit
public import PactFormat
public import StubRecording
public import StubServer
public import Testing

/// A Swift Testing trait that gives each test, and each case of a
/// parameterized test, its own ``StubServer`` as `StubServer.current`; on a
/// `@Suite` it applies to every test inside. At the end of each test the
/// server stops, and every request no stub matched fails that test with the
/// near-miss report (unless `allowsUnmatched`).
///
/// ```swift
/// @Test(.stubServer { Get("/health").respond(.text("ok")) })
/// func health() async throws {
///     let server = try #require(StubServer.current)
///     let (data, _) = try await URLSession.shared.data(from: server.url("/health"))
///     #expect(String(decoding: data, as: UTF8.self) == "ok")
///     server.expectReceived(Get("/health"), .once)
/// }
/// ```
///
/// Any number of stubs, `if`, `for` and optionals work in the closure; pass a
/// `ServerSetup` for the other sources: `.stubServer(.prepared(Self.set))`,
/// `.stubServer(.starting { try MarvelFake().start() })`.
public struct StubServerTrait: TestTrait, SuiteTrait, TestScoping {
    private let setup: ServerSetup
    private let allowsUnmatched: Bool
    /// Whether every stub must be used (a stub's own `mustBeUsed` decides first).
    private let exhaustive: Bool
    /// Whether traffic that breaks the server's contract (``StubServer/Configuration/contract``) is allowed.
    private let allowsContractViolations: Bool
    /// The pact the exercised stubs are written to, when one is recorded.
    private let pact: PactRecording?
    /// Where Swift says the trait was written (the declaration it is attached
    /// to, a macro's doing); each stub declared in the trait is put back at
    /// its own line before it is checked.
    private let declaration: CodeLocation
    /// The recording the server plays back or records, with how to serve it; `setup` is unused then.
    fileprivate(set) var recording: (TestRecording, StubServer.Configuration, StubTransport?)?

    init(setup: ServerSetup, allowsUnmatched: Bool, exhaustive: Bool = false, allowsContractViolations: Bool = false, pact: PactRecording? = nil,
         declaration: CodeLocation) {
        self.setup = setup
        self.allowsUnmatched = allowsUnmatched
        self.exhaustive = exhaustive
        self.allowsContractViolations = allowsContractViolations
        self.pact = pact
        self.declaration = declaration
    }

    /// On a suite, the trait applies to each test in it.
    public var isRecursive: Bool { true }

    /// A scope for every test case (a plain test has one), none for a suite itself.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> StubServerTrait? {
        testCase == nil ? nil : self
    }

    /// Starts a server, runs the test case with it as `StubServer.current`,
    /// then stops it and reports what went wrong while it served.
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let sites = TraitDeclarationSites.find(for: declaration)
        let location = sites.map { declaration.moved(toLine: $0.trait.line, column: $0.trait.column) } ?? declaration
        let server: StubServer
        var running: RunningRecording?
        do {
            if let (recording, configuration, transport) = recording {
                let started = try recording.start(configuration: configuration, transport: transport)
                running = started
                server = started.server
            } else {
                server = try setup.start { stubs in sites?.relocate(stubs) ?? stubs }
            }
        } catch {
            throw ServerStartFailure(location: location, reason: "\(error)")
        }
        try await ServerScope(server: server, allowsUnmatched: allowsUnmatched, location: location, exhaustive: exhaustive, pact: pact,
                              allowsContractViolations: allowsContractViolations, recording: running).run { _ in
            try await function()
        }
    }
}

extension Trait where Self == StubServerTrait {
    /// A server per test that plays back the recording `name` of
    /// `upstream`, kept in `Recordings/NAME` beside the test file, or
    /// records it: `mode`, else the environment's `UNDERSTUDY_RECORD`
    /// (`none`, `once`, `all`), else `none` (see `TestRecording` in StubRecording). In
    /// playback a request the recording does not have fails the test with
    /// the near-miss report; recording writes the archive when the test
    /// ends, redacted and secret-scanned under `rules`.
    ///
    /// ```swift
    /// @Test(.stubServer(recording: "fetchUser", upstream: URL(string: "https://api.example.com")!))
    /// func fetchUser() async throws { … StubServer.current … }
    /// ```
    public static func stubServer(
        recording name: String, upstream: URL, mode: TestRecording.Mode? = nil, rules: RecordingRules = RecordingRules(),
        allowsUnmatched: Bool = false, configuration: StubServer.Configuration = .default, transport: StubTransport? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        var trait = StubServerTrait(setup: .stubs([]), allowsUnmatched: allowsUnmatched,
                                    declaration: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        trait.recording = (TestRecording(name, upstream: upstream, mode: mode, rules: rules, filePath: filePath), configuration, transport)
        return trait
    }

    /// A server per test for the stubs `content` declares; `content` runs for
    /// each test, so stubs with state (scenarios, sequences) start fresh.
    ///
    /// With `exhaustive`, every stub no request used fails the test at its
    /// own line (a stub's `mustBeUsed` decides first: `.mustBeUsed(false)`
    /// exempts one, `.mustBeUsed()` requires one in any test).
    /// With `pact`, each stub the test exercised is written to that
    /// consumer-provider pact as one interaction (see `PactRecording`).
    /// With a `configuration.contract` (an OpenAPI document), every request
    /// and response that breaks it fails the test, unless `allowsContractViolations`.
    /// With `tls` (`.generated`), the server speaks HTTPS and
    /// `StubServer.current.certificateAuthorityPEM` is the authority to trust.
    /// With `transport: .inProcess`, the stubs answer
    /// `StubServer.current.session` in this process, with no socket.
    public static func stubServer(
        allowsUnmatched: Bool = false,
        exhaustive: Bool = false,
        allowsContractViolations: Bool = false,
        configuration: StubServer.Configuration = .default,
        tls: ServerTLS? = nil,
        transport: StubTransport? = nil,
        pact: PactRecording? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @StubBuilder _ content: @escaping @Sendable () -> [Stub]
    ) -> Self {
        var configuration = configuration
        if let tls { configuration.tls = tls }
        return StubServerTrait(setup: ServerSetup.stubs(configuration: configuration, content).transport(transport), allowsUnmatched: allowsUnmatched,
                        exhaustive: exhaustive, allowsContractViolations: allowsContractViolations, pact: pact,
                        declaration: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A server per test for `setup`: a prepared set (`.prepared(Self.set)`,
    /// checked and indexed once for the whole suite), a list, or a server your
    /// own code starts (`.starting { try MarvelFake().start() }`), served
    /// over `transport` (as the setup says when `nil`).
    public static func stubServer(
        _ setup: ServerSetup,
        allowsUnmatched: Bool = false,
        exhaustive: Bool = false,
        allowsContractViolations: Bool = false,
        transport: StubTransport? = nil,
        pact: PactRecording? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        StubServerTrait(setup: setup.transport(transport), allowsUnmatched: allowsUnmatched, exhaustive: exhaustive,
                        allowsContractViolations: allowsContractViolations, pact: pact,
                        declaration: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

#endif
