import Foundation
import MarvelFake
import StubKit
import StubServer
import UnderstudyTestSupport

/// A fake on its own server, and a client that signs with the fake's keys.
struct MarvelHarness {
    let fake: MarvelFake
    let server: StubServer
    let client = HTTPClient()

    init(_ configuration: MarvelFake.Configuration = .init()) throws {
        fake = try MarvelFake(configuration)
        server = try fake.start()
    }

    /// GET a path with a signed query, plus `query` when given.
    func get(_ path: String, _ query: String = "", headers: [String: String] = [:]) async throws -> HTTPClient.Reply {
        let signed = fake.signedQuery(timestamp: "1")
        return try await client.get(server.url("\(path)?\(query.isEmpty ? "" : query + "&")\(signed)"), headers: headers)
    }

    /// GET a path and query exactly as given (no signing added).
    func raw(_ pathAndQuery: String, method: String = "GET") async throws -> HTTPClient.Reply {
        try await client.send(method, server.url(pathAndQuery))
    }

    func stop() {
        client.close()
        server.stop()
    }
}
