import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Nested resources (`/users/{userId}/posts`), seeding from the test, and a
/// resource composed with what any stub has: guards, delays, faults, `times`
/// and stubs declared before it.
@Suite struct ResourceCompositionTests {
    static let posts = Resource("/v1/users/{userId}/posts", seed: [
        ["id": 1, "userId": 7, "title": "Notes"], ["id": 2, "userId": 8, "title": "Other"],
    ])

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aNestedResourceKeepsEachParentsItems(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Self.posts }.transport(transport))
        defer { server.stop() }
        let seven = try await ResourceTests.send(server, "GET", "/v1/users/7/posts")
        #expect(seven.json == [["id": 1, "userId": 7, "title": "Notes"]] && seven.headers["x-total-count"] == "1")
        let created = try await ResourceTests.send(server, "POST", "/v1/users/7/posts", json: #"{"title":"More"}"#)
        #expect(created.status == 201 && created.headers["location"] == "/v1/users/7/posts/3")
        #expect(created.json == ["id": 3, "userId": 7, "title": "More"], "the parent's field comes from the path")
        #expect(try await ResourceTests.send(server, "GET", "/v1/users/8/posts/3").status == 404, "another parent's item is not there")
        let moved = try await ResourceTests.send(server, "PATCH", "/v1/users/7/posts/3", json: #"{"userId":8}"#)
        #expect(moved.status == 422, "a body may not move an item to another parent")
        let replaced = try await ResourceTests.send(server, "PUT", "/v1/users/7/posts/3", json: #"{"title":"Replaced"}"#)
        #expect(replaced.json == ["id": 3, "userId": 7, "title": "Replaced"], "a replacement keeps the id and the parent")
        #expect(try await ResourceTests.send(server, "DELETE", "/v1/users/8/posts/1").status == 404)
        #expect(try await ResourceTests.send(server, "DELETE", "/v1/users/7/posts/1").status == 204)
        #expect(try await ResourceTests.send(server, "GET", "/v1/users/7/posts").json == [["id": 3, "userId": 7, "title": "Replaced"]])
        #expect(server.resourceItems(at: "/v1/users/{userId}/posts").count == 2, "read as declared, across parents")
    }

    @Test func theTestSeedsAndReadsItems() async throws {
        let server = try StubServer.start(.stubs { ResourceTests.users })
        defer { server.stop() }
        try server.setResourceItems([["id": "a", "name": "Seeded"]], at: "/v1/users")
        #expect(try await ResourceTests.send(server, "GET", "/v1/users").json == [["id": "a", "name": "Seeded"]])
        let next = try await ResourceTests.send(server, "POST", "/v1/users", json: #"{"name":"Next"}"#)
        guard case .string(let id)? = next.json?.value(at: "id") else {
            Issue.record("string ids seeded: a created item gets a UUID, not \(String(describing: next.json))")
            return
        }
        #expect(UUID(uuidString: id) != nil)
        #expect(throws: ResourceSeedingError.self) { try server.setResourceItems([["name": "no id"]], at: "/v1/users") }
        #expect { try server.setResourceItems([], at: "/v2/nothing") } throws: { ($0 as? ResourceSeedingError)?.isUnknownResource == true }
        try server.resetResource(at: "/v1/users")
        #expect(server.resourceItems(at: "/v1/users").count == 2, "the declared seed is back")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aResourceTakesGuardsDelaysAndTimes(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs {
            ResourceTests.users.guarded(by: .bearer("s3cret")).delay(.milliseconds(5))
            Resource("/v1/counted").times(2)
        }.transport(transport))
        defer { server.stop() }
        #expect(try await ResourceTests.send(server, "GET", "/v1/users").status == 401, "the guard comes first")
        let list = try await ResourceTests.send(server, "GET", "/v1/users", headers: ["Authorization": "Bearer s3cret"])
        #expect(list.status == 200 && list.headers["x-total-count"] == "2")
        #expect(try await ResourceTests.send(server, "POST", "/v1/counted", json: "{}").status == 201)
        #expect(try await ResourceTests.send(server, "GET", "/v1/counted").status == 200)
        #expect(try await ResourceTests.send(server, "GET", "/v1/counted").status == 404, "times: 2 answers, then it is used up")
        #expect(server.journal.entries.compactMap(\.stub).count == 4)
    }

    @Test func aFaultLosesTheAnswerNotTheWrite() async throws {
        let server = try StubServer.start(.stubs {
            Post("/v1/users").fault(.connectionReset).times(1)
            ResourceTests.users
            Post("/v1/users").query("dryRun", .equals("true")).respond(StubResponse(status: 202)).priority(1)
        })
        defer { server.stop() }
        await #expect(throws: (any Error).self) { try await ResourceTests.send(server, "POST", "/v1/users", json: #"{"name":"Lost"}"#) }
        #expect(server.resourceItems(at: "/v1/users").count == 2, "a stub declared before the resource answered, with a fault")
        #expect(try await ResourceTests.send(server, "POST", "/v1/users?dryRun=true", json: "{}").status == 202,
                "a stub with a higher priority takes the operation")
        let retried = try await ResourceTests.send(server, "POST", "/v1/users", json: #"{"name":"Kept"}"#)
        #expect(retried.status == 201 && server.resourceItems(at: "/v1/users").count == 3)

        let faulty = try StubServer.start(.stubs { Resource("/v1/items").fault(.closeWithoutResponse) })
        defer { faulty.stop() }
        await #expect(throws: (any Error).self) { try await ResourceTests.send(faulty, "POST", "/v1/items", json: #"{"name":"Saved"}"#) }
        #expect(faulty.resourceItems(at: "/v1/items").count == 1, "a fault on the resource itself: the write happened, the answer was lost")
    }
}
