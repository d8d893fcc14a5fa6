import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A server-wide CORS policy reaches every answer and answers preflights;
/// HEAD is answered by GET stubs without the body.
@Suite struct CORSAndHeadTests {
    static func serve(cors: CORSPolicy?, _ body: (StubServer) async throws -> Void) async throws {
        var configuration = StubServer.Configuration()
        configuration.cors = cors
        let stubs = Stubs {
            Get("/me").respond(.json(#"{"id":1}"#).header("ETag", #""me1""#)).guarded(by: .bearer("t0ken"))
            Get("/open").respond(.text("open"))
            Head("/custom").respond(StubResponse(status: 204, headers: ["X-Head": "own"]))
            Get("/custom").respond(.text("get"))
        }
        try await StubServer.serve(.stubs(stubs, configuration: configuration), body)
    }

    static func raw(_ server: StubServer, _ request: String) async throws -> ReceiveResult {
        let socket = try RawSocket(port: server.port)
        try socket.send(request.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        return await socket.receiveResponse()
    }

    @Test func everyAnswerCarriesTheCORSHeadersErrorsAndReportsIncluded() async throws {
        try await Self.serve(cors: .allowAll) { server in
            for (path, status) in [("/open", 200), ("/me", 401), ("/nowhere", 404)] {
                let reply = try await Self.raw(server, "GET \(path) HTTP/1.1\nHost: x\nOrigin: https://app.example\nConnection: close\n")
                #expect(reply.status == status)
                #expect(reply.headers["access-control-allow-origin"] == "*", "\(path)")
                #expect(reply.headers["access-control-expose-headers"] == "ETag, Understudy-Mismatch")
            }
            #expect(server.journal.unmatched.count == 1)
        }
    }

    @Test func aPreflightIsAnswered204BeforeAnyStubAndJournaledAsSuch() async throws {
        try await Self.serve(cors: .allowAll) { server in
            let reply = try await Self.raw(server, """
                OPTIONS /me HTTP/1.1
                Host: x
                Origin: https://app.example
                Access-Control-Request-Method: GET
                Access-Control-Request-Headers: authorization, x-trace
                Connection: close

                """)
            #expect(reply.status == 204)
            #expect(reply.headers["access-control-allow-origin"] == "*")
            #expect(reply.headers["access-control-allow-methods"] == "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
            #expect(reply.headers["access-control-allow-headers"] == "authorization, x-trace")
            #expect(reply.headers["access-control-max-age"] == "600")
            guard case .preflight? = server.journal.entries.first?.outcome else {
                Issue.record("the preflight was journaled as \(String(describing: server.journal.entries.first?.outcome))")
                return
            }
            #expect(server.journal.unmatched.isEmpty)
        }
    }

    @Test func originListsEchoTheOriginAndRefuseOthers() async throws {
        let policy = CORSPolicy(allowedOrigins: ["https://app.example"], allowsCredentials: true)
        try await Self.serve(cors: policy) { server in
            let allowed = try await Self.raw(server, "GET /open HTTP/1.1\nHost: x\nOrigin: https://app.example\nConnection: close\n")
            #expect(allowed.headers["access-control-allow-origin"] == "https://app.example")
            #expect(allowed.headers["access-control-allow-credentials"] == "true")
            #expect(allowed.headers["vary"] == "Origin")
            let other = try await Self.raw(server, "GET /open HTTP/1.1\nHost: x\nOrigin: https://evil.example\nConnection: close\n")
            #expect(other.status == 200 && other.headers["access-control-allow-origin"] == nil)
            let preflight = try await Self.raw(server, """
                OPTIONS /open HTTP/1.1
                Host: x
                Origin: https://evil.example
                Access-Control-Request-Method: GET
                Connection: close

                """)
            #expect(preflight.status == 403 && preflight.headers["access-control-allow-origin"] == nil)
        }
    }

    @Test func withoutAPolicyNothingIsAddedAndOPTIONSGoesToTheStubs() async throws {
        try await Self.serve(cors: nil) { server in
            let reply = try await Self.raw(server, "GET /open HTTP/1.1\nHost: x\nOrigin: https://app.example\nConnection: close\n")
            #expect(reply.headers["access-control-allow-origin"] == nil)
            let preflight = try await Self.raw(server, "OPTIONS /open HTTP/1.1\nHost: x\nOrigin: https://a\nAccess-Control-Request-Method: GET\nConnection: close\n")
            #expect(preflight.status == 404)
            #expect(server.journal.unmatched.count == 1)
        }
    }

    @Test func headIsAGetWithoutTheBodyUnlessAHeadStubSaysOtherwise() async throws {
        try await Self.serve(cors: nil) { server in
            let head = try await Self.raw(server, "HEAD /me HTTP/1.1\nHost: x\nAuthorization: Bearer t0ken\nConnection: close\n")
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "8")
            #expect(head.headers["etag"] == #""me1""#)
            #expect(head.body.isEmpty)
            #expect(server.journal.entries.last?.request.method == "HEAD")
            #expect(server.journal.entries.last?.stub?.request.method == .get)
            let refused = try await Self.raw(server, "HEAD /me HTTP/1.1\nHost: x\nConnection: close\n")
            #expect(refused.status == 401 && refused.body.isEmpty)
            let own = try await Self.raw(server, "HEAD /custom HTTP/1.1\nHost: x\nConnection: close\n")
            #expect(own.status == 204 && own.headers["x-head"] == "own")
        }
    }
}
