public import StubKit

// The spellings of starting a server before one ``ServerSetup`` value named
// what to serve. Each compiles for one more release with a warning that says
// what to write instead. `@_disfavoredOverload` keeps an array literal
// (`StubServer.start([Get("/a")])`) on the current spelling.

extension StubServer {
    /// Starts a server for `stubs` on `host` and `port`.
    @available(*, deprecated, message: "write StubServer.start(.stubs(list, configuration: configuration)) with configuration.host and configuration.port")
    @_disfavoredOverload
    public static func start(_ stubs: [Stub], host: String = "127.0.0.1", port: Int = 0) throws -> StubServer {
        var configuration = Configuration.default
        configuration.host = host
        configuration.port = port
        return try start(.stubs(stubs, configuration: configuration))
    }

    /// Starts a server for `stubs` with `configuration`.
    @available(*, deprecated, message: "write StubServer.start(.stubs(list, configuration: configuration))")
    @_disfavoredOverload
    public static func start(_ stubs: [Stub], configuration: Configuration) throws -> StubServer {
        try start(.stubs(stubs, configuration: configuration))
    }

    /// Starts a server for a prepared set.
    @available(*, deprecated, message: "write StubServer.start(.prepared(set, configuration: configuration))")
    @_disfavoredOverload
    public static func start(_ set: StubSet, configuration: Configuration = .default) throws -> StubServer {
        try start(.prepared(set, configuration: configuration))
    }

    /// Runs `body` with a server for `stubs`, then stops it.
    @available(*, deprecated, message: "write StubServer.serve(.stubs(list, configuration: configuration)) { server in … }")
    @_disfavoredOverload
    public static func serve<Result>(
        _ stubs: [Stub],
        configuration: Configuration = .default,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StubServer) async throws -> Result
    ) async throws -> Result {
        try await serve(.stubs(stubs, configuration: configuration), body)
    }
}
