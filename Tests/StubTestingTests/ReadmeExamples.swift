// The README's first examples and docs/stubs.md's, verbatim, so they keep compiling and passing.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubTesting
import Testing
import XCTest

// README: Swift Testing
@Test(.stubServer {
    Get("/v1/users/{id}").respond(.json(#"{"id":7,"name":"Ada"}"#))
})
func loadsAUser() async throws {
    let server = try #require(StubServer.current)
    let (data, _) = try await URLSession.shared.data(from: server.url("/v1/users/7"))
    expectJSONEqual(data, #"{"name":"Ada","id":7}"#)
    server.expectReceived(Get("/v1/users/7"), .once)
}

// README: XCTest
final class UserAPITests: XCTestCase {
    func testLoadsAUser() async throws {
        try await withStubServer(.stubs { Get("/v1/users/{id}").respond(.json(#"{"id":7,"name":"Ada"}"#)) }) { server in
            let (data, _) = try await URLSession.shared.data(from: server.url("/v1/users/7"))
            expectJSONEqual(data, #"{"name":"Ada","id":7}"#)
            server.expectReceived(Get("/v1/users/7"), .once)
        }
    }
}

// docs/stubs.md: authentication
@Test func oneAuthRuleGuardsAndAsserts() async throws {
    struct Me: Encodable { var id = 1 }
    let token = "t0ken-for-the-readme", me = Me()
    let auth = AuthRule.bearer(token)
    try await withStubServer(.stubs {
        Group("/v1", guard: auth) { Get("/me").respond(json: me) }   // or .guarded(by: auth) on one stub
    }) { server in
        var request = URLRequest(url: server.url("/v1/me"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        expectJSONEqual(data, #"{"id":1}"#)
        server.expectSigned(auth)                                    // every request carried it; secrets masked
    }
}
