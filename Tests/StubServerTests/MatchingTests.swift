import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Every matcher against the real server and a real client.
@Suite struct MatchingTests {
    static let stubs = Stubs {
        Get("/search").query("q", "spider").query("limit", .matches(#"^\d+$"#)).respond(.text("query"))
        Get("/search").query("tag", .values(["a", "b"])).respond(.text("multi"))
        Get("/search").query("q", .oneOf(["hulk", "thor"])).respond(.text("one of"))
        Get("/search").query("debug", .absent).respond(.text("no debug"))
        Get("/headers").header("accept", .equalsIgnoringCase("APPLICATION/JSON")).respond(.text("header"))
        Get("/headers").header("X-Trace", .present).respond(.text("trace"))
        Get("/cookies").cookie("session", "abc").respond(.text("cookie"))
        Post("/body").body(.jsonSubset(JSONValue(json: #"{"user":{"name":"peter"}}"#)!, ignoringArrayOrder: false)).respond(.text("subset"))
        Post("/body").body(.jsonPath("items[1].id", equals: .number(2))).respond(.text("path"))
        Post("/body").body(.contains("hello")).respond(.text("contains"))
        Post("/body").body(.matches(#"^\d{3}$"#)).respond(.text("regex"))
        Post("/body").body(.text("exact")).respond(.text("exact"))
        Get("/characters/{id:int}").respond { .text("character \($0.captures["id"]!)") }
        Get("/characters/{name}").respond { .text("named \($0.captures["name"]!)") }
        Route(.get, matching: #"/v(?<version>\d+)/ping"#).respond { .text("v\($0.captures["version"]!)") }
        Get("/custom").matching("has an even number of query items") { $0.query.count % 2 == 0 }.respond(.text("even"))
        Get("/priority").respond(.text("low"))
        Get("/priority").header("X-Vip", .present).priority(10).respond(.text("high"))
    }

    static func body(_ server: StubServer, _ path: String, method: String = "GET", body: String? = nil, headers: [String: String] = [:]) async throws -> String {
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.send(method, server.url(path), body: body.map { Data($0.utf8) }, headers: headers)
        return reply.status == 404 ? "404" : reply.text
    }

    @Test func queryMatchers() async throws {
        let server = try StubServer.start(.stubs(Self.stubs))
        defer { server.stop() }
        do {
            #expect(try await Self.body(server, "/search?q=spider&limit=20") == "query")
            #expect(try await Self.body(server, "/search?q=spider&limit=2x&debug=1") == "404")
            #expect(try await Self.body(server, "/search?tag=a&tag=b&debug=1") == "multi")
            #expect(try await Self.body(server, "/search?tag=b&tag=a&debug=1") == "404")
            #expect(try await Self.body(server, "/search?q=thor&debug=1") == "one of")
            #expect(try await Self.body(server, "/search?q=loki") == "no debug")
        }
    }

    @Test func headerAndCookieMatchers() async throws {
        let server = try StubServer.start(.stubs(Self.stubs))
        defer { server.stop() }
        do {
            #expect(try await Self.body(server, "/headers", headers: ["Accept": "application/json"]) == "header")
            #expect(try await Self.body(server, "/headers", headers: ["Accept": "text/html", "X-Trace": "1"]) == "trace")
            #expect(try await Self.body(server, "/headers", headers: ["Accept": "text/html"]) == "404")
            #expect(try await Self.body(server, "/cookies", headers: ["Cookie": "theme=dark; session=abc"]) == "cookie")
            #expect(try await Self.body(server, "/cookies", headers: ["Cookie": "session=xyz"]) == "404")
        }
    }

    @Test func bodyMatchers() async throws {
        let server = try StubServer.start(.stubs(Self.stubs))
        defer { server.stop() }
        do {
            #expect(try await Self.body(server, "/body", method: "POST", body: #"{"user":{"name":"peter","age":17},"x":1}"#) == "subset")
            #expect(try await Self.body(server, "/body", method: "POST", body: #"{"items":[{"id":1},{"id":2}]}"#) == "path")
            #expect(try await Self.body(server, "/body", method: "POST", body: "oh hello there") == "contains")
            #expect(try await Self.body(server, "/body", method: "POST", body: "123") == "regex")
            #expect(try await Self.body(server, "/body", method: "POST", body: "exact") == "exact")
            #expect(try await Self.body(server, "/body", method: "POST", body: "exactly not") == "404")
        }
    }

    @Test func pathTemplatesRegexesAndPredicates() async throws {
        let server = try StubServer.start(.stubs(Self.stubs))
        defer { server.stop() }
        do {
            #expect(try await Self.body(server, "/characters/1009610") == "character 1009610")
            #expect(try await Self.body(server, "/characters/spider-man") == "named spider-man")
            #expect(try await Self.body(server, "/v3/ping") == "v3")
            #expect(try await Self.body(server, "/custom?a=1&b=2") == "even")
            #expect(try await Self.body(server, "/custom?a=1") == "404")
        }
    }

    @Test func priorityThenDeclarationOrderDecides() async throws {
        let server = try StubServer.start(.stubs(Self.stubs))
        defer { server.stop() }
        do {
            #expect(try await Self.body(server, "/priority") == "low")
            #expect(try await Self.body(server, "/priority", headers: ["X-Vip": "yes"]) == "high")
        }
    }

    @Test func timesLimitsAStubThenRequestsFallThrough() async throws {
        let stubs = Stubs {
            Get("/token").times(2).respond(.text("fresh"))
            Get("/token").respond(.text("stale"))
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        do {
            var answers: [String] = []
            for _ in 0..<4 { answers.append(try await Self.body(server, "/token")) }
            #expect(answers == ["fresh", "fresh", "stale", "stale"])
        }
    }

    @Test func timesHoldsUnderConcurrency() async throws {
        let server = try StubServer.start([Get("/once").times(1).respond(.text("won"))])
        defer { server.stop() }
        do {
            let base = server.baseURL
            let winners = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let client = HTTPClient()
                        defer { client.close() }
                        return try await client.get(base.appendingPathComponent("once")).status == 200 ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(winners == 1)
        }
    }
}
