import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MicroHTTP
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Delays hold no thread; faults reach URLSession as the transport errors a
/// real broken network produces.
@Suite struct DelayAndFaultTests {
    @Test func thousandDelayedRequestsHoldNoWorker() async throws {
        try await ManyConnections.hold(1_000) { try await thousandDelayedRequests() }
    }

    private func thousandDelayedRequests() async throws {
        // How fast 1,000 delayed requests complete is the benchmark's to judge
        // (scripts/bench); here, the behaviour behind it: while 1,000 requests
        // wait out a long delay, the server's one thread still answers others.
        var configuration = StubServer.Configuration()
        configuration.drainTimeout = .milliseconds(50)
        configuration.threadCount = 1
        // A day: no delay may run out before the test ends, however long a
        // loaded machine makes it take. (With 60 s, a run under strace took
        // over a minute, the first batch was answered "late", and 900 of
        // 1,000 were still suspended at the end.)
        let server = try StubServer.start(.stubs(
            [Get("/slow").delay(.seconds(86_400)).respond(.text("late")), Get("/fast").respond(.text("now"))],
            configuration: configuration))
        defer { server.stop() }
        // In batches of 100, each seen to arrive before the next connects: a
        // machine whose listen backlog is 128 (net.core.somaxconn) drops the
        // handshakes beyond it, and a dropped client's retransmissions back
        // off for longer than any wait here.
        var sockets: [RawSocket] = []
        for batch in 0..<10 {
            let opened = try (0..<100).map { _ in try RawSocket(port: server.port) }
            for socket in opened { try socket.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") }
            sockets += opened
            for arrived in 0..<100 {
                do {
                    _ = try await server.next(matching: Get("/slow"), timeout: .seconds(30))
                } catch let timeout as RequestWaitTimeout {
                    Issue.record("batch \(batch + 1): \(arrived) of 100 arrived; \(server.statistics)\n\(timeout)")
                    return
                }
            }
        }

        let fast = try RawSocket(port: server.port)
        try fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await fast.receiveResponse().text.hasSuffix("\r\n\r\nnow"))
        // The one thread answered /fast after suspending every /slow request.
        #expect(server.statistics.requestsSuspended == 1_000)

        // Stopping answers what is still waiting with 503, and loses none.
        server.stop()
        var stopped = 0
        for socket in sockets where await socket.receiveResponse().status == 503 { stopped += 1 }
        #expect(stopped == 1_000)
    }

    @Test func randomDelaysStillAnswer() async throws {
        var configuration = StubServer.Configuration()
        configuration.randomSeed = 42
        let server = try StubServer.start(.stubs([Get("/jitter").delay(.random(.milliseconds(1)...(.milliseconds(20)))).respond(.text("ok"))],
                                                 configuration: configuration))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<5 {
            let reply = try await client.get(server.url("/jitter"))
            #expect(reply.text == "ok")
        }
    }

    /// What the dribble promises whatever the load: the head and the whole
    /// body, framed by its length, and each piece no sooner than its pause
    /// (a loaded machine can only make it later). How the bytes fall into
    /// reads, and whether the daemon was early enough to suspend before each
    /// piece, are the machine's to decide, so they are not asserted.
    @Test func aDribbledBodyTakesAtLeastItsPausesAndArrivesWhole() async throws {
        let body = String(repeating: "0123456789", count: 10)
        let server = try StubServer.start([Get("/drip").respond(.text(body)).delay(.dribble(chunks: 4, over: .milliseconds(400)))])
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        let clock = ContinuousClock()
        let started = clock.now
        try socket.send("GET /drip HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = await socket.receiveResponse()
        let took = started.duration(to: clock.now)
        #expect(reply.status == 200)
        #expect(reply.headers["content-length"] == "100")
        #expect(reply.text.hasSuffix("\r\n\r\n" + body))
        #expect(took >= .milliseconds(400), "4 pieces, each at least 100 ms after the one before, took \(took)")
    }

    static let faults: [(Fault, String, Int?)] = [
        (.closeWithoutResponse, "Empty reply from server", nil),
        (.truncatedBody(afterBytes: 10), "transfer closed with 990 bytes remaining to read", 200),
        (.malformedChunk, "Illegal or missing hexadecimal sequence in chunked-encoding", 200),
        (.garbageThenClose, "Received HTTP/0.9 when not allowed", nil),
    ]

    @Test(arguments: faults)
    func faultsReachTheClientAsTransportErrors(fault: Fault, expected: String, status: Int?) async throws {
        let server = try StubServer.start([Get("/broken").respond(.text(String(repeating: "x", count: 1000))).fault(fault)])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        do {
            let reply = try await client.get(server.url("/broken"))
            Issue.record("\(fault) produced a response: \(reply.status)")
        } catch let error as URLError {
            #expect(error.localizedDescription == expected)
        }
        // The server is fine afterwards, and its journal says what was sent.
        #expect(server.journal.count == 1 && server.isRunning)
        #expect(server.journal.entries.first?.status == status)
    }

    @Test func faultsAndDelaysCombineWithGuards() async throws {
        let stubs = Stubs {
            Group("/api", guard: .bearer("secret")) {
                Get("/me").respond(.json(#"{"id":1}"#))
            }
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let refused = try await client.get(server.url("/api/me"))
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate") == "Bearer")
        let allowed = try await client.get(server.url("/api/me"), headers: ["Authorization": "Bearer secret"])
        #expect(allowed.status == 200)
        #expect(try await client.get(server.url("/nowhere")).status == 404)
        _ = server.takeIssues()
        #expect(server.journal.entries.map(\.status) == [401, 200, 404], "the journal keeps the status each request got")
    }
}
