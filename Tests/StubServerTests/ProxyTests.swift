import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A proxying stub in front of a real upstream (another server on its own
/// ephemeral port): partial stubbing, headers added and removed, redirects
/// and coded bodies passed back readable, the journal completed when the
/// upstream answers, and a 502 naming the upstream when it cannot answer.
@Suite struct ProxyTests {
    static func upstream() throws -> StubServer {
        try StubServer.start(.stubs(Stubs {
            Get("/users/1").respond(.json(#"{"id":1,"name":"Ann"}"#))
            Post("/echo").respond { matched in
                let seen: JSONValue = .object([
                    "body": .string(String(decoding: matched.request.body, as: UTF8.self)),
                    "added": matched.request.headers["X-Added"].map(JSONValue.string) ?? .null,
                    "secret": matched.request.headers["X-Secret"].map(JSONValue.string) ?? .null,
                    "query": .string(matched.request.target),
                ])
                return .json(Data(seen.description.utf8), status: 201)
            }
            Get("/moved").respond(StubResponse(status: 302, headers: ["Location": "/users/1"]))
            Get("/packed").respond(.json("[" + Array(repeating: #"{"word":"compressible"}"#, count: 200).joined(separator: ",") + "]"))
                .compression(.compressed)
        }))
    }

    static func front(_ upstream: URL) -> [Stub] {
        Stubs {
            Get("/users/1").respond(.json(#"{"id":1,"name":"Local"}"#))
            Route("/api/{rest*}").proxy(to: upstream, removingPrefix: "/api", adding: ["X-Added": "yes"], removing: ["X-Secret"])
        }
    }

    @Test func stubbedRoutesAnswerLocallyAndTheRestIsForwarded() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        try await StubServer.serve(.stubs(Self.front(upstream.baseURL))) { server in
            let client = HTTPClient()
            defer { client.close() }
            let local = try await client.get(server.url("/users/1"))
            #expect(local.text.contains("Local"))
            let forwarded = try await client.get(server.url("/api/users/1"))
            #expect(forwarded.status == 200 && forwarded.text.contains("Ann") && forwarded.header("Content-Type") == "application/json")
            let echoed = try await client.send("POST", server.url("/api/echo?x=1&y=%20z"), body: Data("hello".utf8),
                                               headers: ["X-Secret": "s3cret", "Content-Type": "text/plain"])
            #expect(echoed.status == 201)
            let seen = try #require(JSONValue(data: echoed.body))
            #expect(seen == .object(["body": "hello", "added": "yes", "secret": .null, "query": "/echo?x=1&y=%20z"]), "\(seen)")
            #expect(upstream.journal.entries.map(\.request.path) == ["/users/1", "/echo"])
            let statuses = server.journal.entries.map(\.status)
            #expect(statuses == [200, 200, 201], "proxied entries are completed when the upstream answers: \(statuses)")
        }
    }

    @Test func redirectsAreHandedBackAndCodedBodiesDecoded() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        try await StubServer.serve(.stubs(Self.front(upstream.baseURL))) { server in
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /api/moved HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let moved = await socket.receiveResponse()
            #expect(moved.status == 302 && moved.headers["location"] == "/users/1", "\(moved.text)")

            let packed = try RawSocket(port: server.port)
            try packed.send("GET /api/packed HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
            let reply = await packed.receiveResponse()
            #expect(reply.status == 200 && reply.headers["content-encoding"] == nil, "\(reply.headers)")
            #expect(reply.text.contains(#"{"word":"compressible"}"#), "the upstream's gzip is decoded, so it can be read and recorded")
        }
    }

    @Test func aDelayOnAProxyIsRefusedAtStartNamingTheStub() {
        #expect(throws: (any Error).self) {
            try StubServer.start(.stubs(Stubs { Get("/a").proxy(to: URL(string: "http://upstream.test")!).delay(.fixed(.milliseconds(5))) }))
        }
        let problem = Stubs { Get("/a").proxy(to: URL(string: "http://upstream.test")!).delay(.fixed(.milliseconds(5))) }.first?.problem
        #expect(problem?.contains("a proxy stub cannot have a delay") == true, "\(String(describing: problem))")
    }

    @Test func anUpstreamThatCannotAnswerGetsA502NamingIt() async throws {
        let gone = try StubServer.start(.stubs([]))
        let address = gone.baseURL
        gone.stop()
        try await StubServer.serve(.stubs(Self.front(address))) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/api/users/1"))
            #expect(reply.status == 502 && reply.header("Content-Type") == "application/json")
            let body = try #require(JSONValue(data: reply.body))
            #expect(body.value(at: "upstream") == .string(address.absoluteString + "/users/1"), "\(body)")
            let reason = body.value(at: "reason").map { "\($0)" } ?? ""
            #expect(reason.contains("cannot connect") && reason.contains("refused") && !reason.contains("ConnectFailure"), "\(reason)")
            #expect(server.journal.entries.first?.status == 502)
        }
    }
}
