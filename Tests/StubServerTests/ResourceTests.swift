import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A stateful resource from one declaration: list (paged, filtered), get,
/// create, replace, merge patch, delete; the status codes a REST client
/// meets; state per server, reset, consistent under concurrent clients; the
/// same answers over the socket and in process.
@Suite struct ResourceTests {
    static let users = Resource("/v1/users", seed: [["id": 1, "name": "Ada", "role": "admin"], ["id": 2, "name": "Grace", "role": "user"]])

    struct Reply {
        var status: Int
        var headers: [String: String]
        var json: JSONValue?
    }

    static func send(_ server: StubServer, _ method: String, _ path: String, json: String? = nil,
                     headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await server.session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return Reply(status: http.statusCode, headers: fields, json: JSONValue(exactly: data))
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aClientWalksCreateListPatchReplaceDelete(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Self.users }.transport(transport))
        defer { server.stop() }
        let list = try await Self.send(server, "GET", "/v1/users")
        #expect(list.status == 200 && list.headers["x-total-count"] == "2")
        let created = try await Self.send(server, "POST", "/v1/users", json: #"{"name":"Linus","role":"user"}"#)
        #expect(created.status == 201)
        #expect(created.headers["location"] == "/v1/users/3", "the next number after the seed's ids")
        #expect(created.json == ["id": 3, "name": "Linus", "role": "user"])
        let etag = try #require(created.headers["etag"])
        let patched = try await Self.send(server, "PATCH", "/v1/users/3", json: #"{"role":"admin","name":null}"#, headers: ["If-Match": etag])
        #expect(patched.status == 200 && patched.json == ["id": 3, "role": "admin"], "RFC 7396: null removes a field")
        let stale = try await Self.send(server, "PUT", "/v1/users/3", json: #"{"name":"L"}"#, headers: ["If-Match": etag])
        #expect(stale.status == 412 && stale.headers["content-type"] == "application/problem+json")
        let replaced = try await Self.send(server, "PUT", "/v1/users/3", json: #"{"name":"Linus T"}"#)
        #expect(replaced.status == 200 && replaced.json == ["id": 3, "name": "Linus T"])
        let admins = try await Self.send(server, "GET", "/v1/users?role=admin")
        #expect(admins.json == [["id": 1, "name": "Ada", "role": "admin"]], "equality filters on fields")
        let page = try await Self.send(server, "GET", "/v1/users?limit=1&offset=1")
        #expect(page.json == [["id": 2, "name": "Grace", "role": "user"]] && page.headers["x-total-count"] == "3")
        #expect(try await Self.send(server, "DELETE", "/v1/users/3").status == 204)
        #expect(try await Self.send(server, "GET", "/v1/users/3").status == 404)
        #expect(server.resourceItems(at: "/v1/users").count == 2)
    }

    @Test func theStatusCodesAClientMeets() async throws {
        let server = try StubServer.start(.stubs {
            Self.users
            Resource("/v1/tags", id: "slug", seed: [["slug": "swift"]], operations: [.list, .get])
        })
        defer { server.stop() }
        let duplicate = try await Self.send(server, "POST", "/v1/users", json: #"{"id":1,"name":"Again"}"#)
        #expect(duplicate.status == 409)
        #expect(duplicate.json?.value(at: "detail") == "an item with id 1 exists already")
        #expect(try await Self.send(server, "POST", "/v1/users", json: "[1, 2]").status == 422)
        #expect(try await Self.send(server, "POST", "/v1/users", json: "{not json").status == 422)
        let textBody = try await Self.send(server, "POST", "/v1/users", json: nil, headers: ["Content-Type": "text/plain"])
        #expect(textBody.status == 415)
        let readOnly = try await Self.send(server, "POST", "/v1/tags", json: #"{"slug":"go"}"#)
        #expect(readOnly.status == 405 && readOnly.headers["allow"] == "GET")
        #expect(try await Self.send(server, "GET", "/v1/tags/swift").json == ["slug": "swift"], "string ids as they are")
        let created = try await Self.send(server, "POST", "/v1/users", json: #"{"id":"x-9","name":"Named"}"#)
        #expect(created.headers["location"] == "/v1/users/x-9", "an id the body gives is kept")
        #expect(try await Self.send(server, "PUT", "/v1/users/1", json: #"{"id":2}"#).status == 422, "a body may not change the id")
        // Found by the resource fuzz target: an id with a slash could never be addressed (its path would be another path).
        let slashed = try await Self.send(server, "POST", "/v1/users", json: #"{"id":"a/b"}"#)
        #expect(slashed.status == 422 && slashed.json?.value(at: "detail") == "id is a non-empty string without / or a whole number")
    }

    @Test func stateIsPerServerAndResetPutsTheSeedBack() async throws {
        let first = try StubServer.start(.stubs { Self.users })
        defer { first.stop() }
        let second = try StubServer.start(.stubs { Self.users })
        defer { second.stop() }
        _ = try await Self.send(first, "DELETE", "/v1/users/1")
        #expect(first.resourceItems(at: "/v1/users").count == 1)
        #expect(second.resourceItems(at: "/v1/users").count == 2, "the same declaration, another server, its own items")
        first.resetResources()
        #expect(first.resourceItems(at: "/v1/users").count == 2)
    }

    @Test func aDeclarationThatCannotServeStopsTheServerNamingIt() {
        #expect {
            try StubServer.start(.stubs { Resource("/v1/users", seed: [["name": "no id"]]) })
        } throws: { "\($0)".contains("the resource /v1/users: seed item 0 has no id") }
        #expect {
            try StubServer.start(.stubs { Resource("/v1/users/{userId}") })
        } throws: { "\($0)".contains("the path ends in {userId}") }
        #expect {
            try StubServer.start(.stubs { Resource("/v1/users/{userId}/posts", seed: [["id": 1]]) })
        } throws: { "\($0)".contains("seed item 0 has no userId, the parent its path names") }
    }

    @Test func anETagNeverRepeatsForAnIdCreatedAgain() async throws {
        let server = try StubServer.start(.stubs { Self.users })
        defer { server.stop() }
        let before = try #require(try await Self.send(server, "GET", "/v1/users/1").headers["etag"])
        #expect(try await Self.send(server, "DELETE", "/v1/users/1").status == 204)
        _ = try await Self.send(server, "POST", "/v1/users", json: #"{"id":1,"name":"Ada again"}"#)
        let stale = try await Self.send(server, "PUT", "/v1/users/1", json: #"{"name":"x"}"#, headers: ["If-Match": before])
        #expect(stale.status == 412, "the old item's ETag does not match the new one")
    }

    @Test func sixtyFourClientsCreatingAndDeletingLeaveAConsistentState() async throws {
        let server = try StubServer.start(.stubs { Resource("/v1/items") })
        defer { server.stop() }
        let created = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<64 {
                group.addTask {
                    var kept = 0
                    for round in 0..<5 {
                        let reply = try await Self.send(server, "POST", "/v1/items", json: #"{"client":\#(client),"round":\#(round)}"#)
                        let location = try #require(reply.headers["location"])
                        if round % 2 == 0 {
                            #expect(try await Self.send(server, "DELETE", location).status == 204)
                        } else {
                            kept += 1
                        }
                    }
                    return kept
                }
            }
            return try await group.reduce(0, +)
        }
        let items = server.resourceItems(at: "/v1/items")
        #expect(created == 128 && items.count == 128)
        let ids = items.compactMap { $0.value(at: "id").flatMap(ResourceDeclaration.idText) }
        #expect(Set(ids).count == 128, "every id handed out once")
        let listed = try await Self.send(server, "GET", "/v1/items")
        #expect(listed.headers["x-total-count"] == "128")
    }
}
