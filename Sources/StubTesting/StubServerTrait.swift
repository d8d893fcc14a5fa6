#if canImport(Testing)
public import StubKit
public import StubServer
public import Testing

/// A Swift Testing trait that gives each test, and each case of a
/// parameterized test, its own ``StubServer`` as ``StubServer/current``; on a
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
public struct StubServerTrait: TestTrait, SuiteTrait, TestScoping {
    private let start: @Sendable () throws -> StubServer
    private let allowsUnmatched: Bool
    private let location: AssertionLocation

    init(allowsUnmatched: Bool, location: AssertionLocation, start: @escaping @Sendable () throws -> StubServer) {
        self.start = start
        self.allowsUnmatched = allowsUnmatched
        self.location = location
    }

    /// On a suite, the trait applies to each test in it.
    public var isRecursive: Bool { true }

    /// A scope for every test case (a plain test has one), none for a suite itself.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> StubServerTrait? {
        testCase == nil ? nil : self
    }

    /// Starts a server, runs the test case with it as ``StubServer/current``,
    /// then stops it and reports what went wrong while it served.
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let server: StubServer
        do {
            server = try start()
        } catch {
            throw ServerStartFailure(location: location, reason: "\(error)")
        }
        try await ServerScope(server: server, allowsUnmatched: allowsUnmatched, location: location).run { _ in
            try await function()
        }
    }
}

extension Trait where Self == StubServerTrait {
    /// A server per test for the stubs `content` declares; `content` runs for
    /// each test, so stubs with state (scenarios, sequences) start fresh.
    public static func stubServer(
        allowsUnmatched: Bool = false,
        configuration: StubServer.Configuration = .default,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @StubBuilder _ content: @escaping @Sendable () -> [Stub]
    ) -> Self {
        StubServerTrait(allowsUnmatched: allowsUnmatched,
                        location: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            try StubServer.start(content(), configuration: configuration)
        }
    }

    /// A server per test for a prepared ``StubSet``, checked and indexed once
    /// for the whole suite.
    public static func stubServer(
        _ set: StubSet,
        allowsUnmatched: Bool = false,
        configuration: StubServer.Configuration = .default,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        StubServerTrait(allowsUnmatched: allowsUnmatched,
                        location: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            try StubServer.start(set, configuration: configuration)
        }
    }

    /// A server per test from your own start function, for servers built
    /// elsewhere: `.stubServer(starting: { try MarvelFake().start() })`.
    public static func stubServer(
        allowsUnmatched: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        starting start: @escaping @Sendable () throws -> StubServer
    ) -> Self {
        StubServerTrait(allowsUnmatched: allowsUnmatched,
                        location: AssertionLocation(fileID: fileID, filePath: filePath, line: line, column: column),
                        start: start)
    }
}

#endif
