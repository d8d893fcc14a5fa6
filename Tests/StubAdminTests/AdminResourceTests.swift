import Foundation
import StubAdmin
import StubKit
import StubRemote
import StubServer
import Testing
import UnderstudyTestSupport

/// Stateful resources through the admin API: a posted spec stub serves one,
/// a test in another process seeds and reads it, resets put the seed back,
/// and the request-log page's data lists it.
@Suite struct AdminResourceTests {
    @Test func anotherProcessSeedsReadsAndResetsAResource() async throws {
        let running = try AdminAPITests.Running([Resource("/v1/users", seed: [["id": 1, "name": "Ada"]])])
        defer { running.stop() }
        let spec = #"{"stubs": [{"id": "posts", "resource": {"path": "/v1/users/{userId}/posts"}}]}"#
        let posted = try await running.call("POST", "/stubs", spec, headers: ["Content-Type": "application/json"])
        #expect(posted.status == 201 || posted.status == 200, "\(posted.text)")

        let remote = RemoteStubServer(url: running.server.url("/"))
        #expect(try await remote.resourceItems(at: "/v1/users") == [["id": 1, "name": "Ada"]])
        try await remote.setResourceItems([["id": 5, "userId": 1, "title": "Seeded"]], at: "/v1/users/{userId}/posts")
        let page = try await running.client.send("GET", running.server.url("/v1/users/1/posts"))
        #expect(JSONValue(exactly: page.body) == [["id": 5, "userId": 1, "title": "Seeded"]])

        let all = try await running.call("GET", "/resources")
        let resources = try #require(JSONValue(exactly: all.body)?.value(at: "resources"))
        // In the order they are served: stubs posted later come first.
        #expect(resources.value(at: "[1].path") == "/v1/users" && resources.value(at: "[1].count") == 1)
        #expect(resources.value(at: "[0].path") == "/v1/users/{userId}/posts" && resources.value(at: "[0].items[0].title") == "Seeded")

        let log = try await running.call("GET", "/ui/log")
        #expect(JSONValue(exactly: log.body)?.value(at: "resources[0].count") == 1, "the request-log page lists resources")

        let missing = try await running.call("PUT", "/resources?path=/v2/none", "[]")
        #expect(missing.status == 404 && missing.text.contains("no stub serves a resource at /v2/none"))
        let bad = try await running.call("PUT", "/resources?path=/v1/users", #"[{"id": 2}, {"name": "no id"}]"#)
        #expect(bad.status == 422 && bad.text.contains("seed item 1 has no id") && bad.text.contains(#""pointer":"/1""#), "\(bad.text)")
        #expect(try await remote.resourceItems(at: "/v1/users").count == 1, "a refused seed changes nothing")

        try await remote.resetResources(at: "/v1/users/{userId}/posts")
        #expect(try await remote.resourceItems(at: "/v1/users/{userId}/posts") == [])
        try await remote.setResourceItems([], at: "/v1/users")
        try await remote.reset()
        #expect(try await remote.resourceItems(at: "/v1/users") == [["id": 1, "name": "Ada"]], "the admin reset puts the declared seed back")
    }
}
