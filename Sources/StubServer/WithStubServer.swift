public import StubKit

/// Runs `body` with a server for `stubs` and stops the server when `body`
/// returns or throws.
///
/// ```swift
/// try await withStubServer([Stub(.get, "/health", response: .text("ok"))]) { server in
///     let (data, _) = try await URLSession.shared.data(from: server.url("/health"))
/// }
/// ```
public func withStubServer<Result>(
    _ stubs: [Stub],
    configuration: StubServer.Configuration = .default,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    let server = try StubServer.start(stubs, configuration: configuration)
    defer { server.stop() }
    return try await body(server)
}
