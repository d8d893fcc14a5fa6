import StubKit

extension StubServer {
    /// Runs `body` with a server for `setup` and stops the server when `body`
    /// returns or throws.
    ///
    /// ```swift
    /// try await StubServer.serve([Stub(.get, "/health", response: .text("ok"))]) { server in
    ///     let (data, _) = try await URLSession.shared.data(from: server.url("/health"))
    /// }
    /// ```
    ///
    /// In tests, prefer StubTesting's `withStubServer` or `.stubServer` trait:
    /// they also fail the test for requests no stub matched.
    public static func serve<Result>(
        _ setup: ServerSetup,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StubServer) async throws -> Result
    ) async throws -> Result {
        let server = try start(setup)
        do {
            let result = try await body(server)
            await server.stopWithoutBlocking()
            return result
        } catch {
            await server.stopWithoutBlocking()
            throw error
        }
    }
}
