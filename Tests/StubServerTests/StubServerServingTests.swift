import Foundation
import MicroHTTP
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

@Suite struct StubServerServingTests {
    static let stubs = [
        Stub(.get, "/v1/public/characters", response: .text("only with the header")).header("X-Variant", "b"),
        Stub(.get, "/v1/public/characters", response: .json(#"{"code":200,"status":"Ok"}"#).header("ETag", "abc")),
        Stub(.post, "/v1/things", response: .text("created", status: 201)),
    ]

    @Test func answersAMatchedStubAndJournalsIt() async throws {
        try await StubServer.serve(.stubs(Self.stubs)) { server in
            #expect(server.host == "127.0.0.1")
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/v1/public/characters?limit=5"))
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("ETag") == "abc")
            #expect(reply.text == #"{"code":200,"status":"Ok"}"#)

            let entries = server.journal.entries
            #expect(entries.count == 1)
            #expect(entries[0].sequence == 1)
            #expect(entries[0].request.path == "/v1/public/characters")
            #expect(entries[0].request.queryValue("limit") == "5")
            #expect(entries[0].stub?.id == Self.stubs[1].id)
        }
    }

    @Test func methodMustMatchToo() async throws {
        try await StubServer.serve(.stubs(Self.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let created = try await client.send("POST", server.url("/v1/things"), body: Data("{}".utf8))
            let wrongMethod = try await client.send("DELETE", server.url("/v1/things"))
            #expect(created.status == 201)
            #expect(wrongMethod.status == 404)
            #expect(server.journal.entries.map(\.isMatched) == [true, false])
        }
    }

    @Test func anUnmatchedRequestGets404WithAReportThatEchoesIt() async throws {
        try await StubServer.serve(.stubs(Self.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.send(
                "PUT", server.url("/v1/nothing%20here?b=%C3%A9&a=1"), body: Data(#"{"x":1}"#.utf8),
                headers: ["X-Request-Id": "r-42"]
            )
            #expect(reply.status == 404)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("Understudy-Mismatch") == "no stub matched PUT /v1/nothing%20here?b=%C3%A9&a=1")
            let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: reply.body)
            #expect(report.request.method == "PUT")
            #expect(report.request.path == "/v1/nothing here")
            #expect(report.request.query == [QueryItem(name: "b", value: "é"), QueryItem(name: "a", value: "1")])
            #expect(report.request.headers.contains(HTTPHeaders.Field(name: "X-Request-Id", value: "r-42")))
            #expect(report.request.body == #"{"x":1}"#)
            #expect(report.request.bodyEncoding == "utf8")
            #expect(report.stubCount == 3)

            let unmatched = server.journal.unmatched
            #expect(unmatched.count == 1)
            #expect(unmatched[0].request.method == "PUT")
            #expect(report.description.contains("Understudy: no stub matched PUT /v1/nothing%20here?b=%C3%A9&a=1"))
            #expect(report.description.contains("X-Request-Id: r-42"))
        }
    }

    @Test func aBinaryBodyIsEchoedAsBase64() async throws {
        try await StubServer.serve([]) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.send("POST", server.url("/upload"), body: Data([0xFF, 0x00, 0xFE]))
            let report = try JSONDecoder().decode(UnmatchedRequestReport.self, from: reply.body)
            #expect(report.request.bodyEncoding == "base64")
            #expect(report.request.body == Data([0xFF, 0x00, 0xFE]).base64EncodedString())
        }
    }

    @Test func sixtyFourConcurrentClientsLoseNothing() async throws {
        let stubs = (0..<64).map { Stub(.get, "/client/\($0)", response: .text("hello \($0)")) }
        try await StubServer.serve(.stubs(stubs)) { server in
            let base = server.baseURL
            try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0..<64 {
                    group.addTask {
                        let http = HTTPClient()
                        defer { http.close() }
                        var correct = 0
                        for request in 0..<50 {
                            let reply = try await http.get(base.appendingPathComponent("client/\(client)"), headers: ["X-Seq": "\(request)"])
                            if reply.status == 200 && reply.text == "hello \(client)" { correct += 1 }
                        }
                        return correct
                    }
                }
                var correct = 0
                for try await count in group { correct += count }
                #expect(correct == 3_200)
            }
            let entries = server.journal.entries
            #expect(entries.count == 3_200)
            #expect(server.journal.recordedCount == 3_200)
            #expect(Set(entries.map(\.sequence)) == Set(1...3_200))
            // Each client's 50 requests are all there, in the order it sent them.
            for client in 0..<64 {
                let sequence = entries.filter { $0.request.path == "/client/\(client)" }.map { $0.request.headers["X-Seq"] }
                #expect(sequence == (0..<50).map { "\($0)" })
            }
        }
    }

    @Test func aOneMebibyteBodyArrivesIntactInTheJournal() async throws {
        try await StubServer.serve([Stub(.post, "/upload", response: .status(204))]) { server in
            let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 11) })
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.send("POST", server.url("/upload"), body: body)
            #expect(reply.status == 204)
            #expect(server.journal.entries.first?.request.body == body)
        }
    }

    @Test func anOverLimitBodyGets413AndIsStillJournaledAsNothing() async throws {
        var configuration = StubServer.Configuration()
        configuration.maxBodySize = 1024
        try await StubServer.serve(.stubs([Stub(.post, "/upload", response: .status(204))], configuration: configuration)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.send("POST", server.url("/upload"), body: Data(count: 1025))
            #expect(reply.status == 413)
            #expect(server.journal.count == 0, "the server refused the request before any stub saw it")
        }
    }
}
