import Foundation
import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport

/// The daemon against a real URLSession: keep-alive, bodies, headers, peers.
@Suite struct DaemonServingTests {
    /// Echoes the request back as JSON so tests can inspect what arrived.
    static func echo(_ request: HTTPRequest) -> Reply {
        let object: [String: Any] = [
            "method": request.method, "target": request.target, "path": String(request.path),
            "rawQuery": request.rawQuery.map(String.init) ?? NSNull(), "version": request.version,
            "headers": request.headers.map { [$0.name, $0.value] }, "bodyCount": request.body.count,
            "remoteAddress": request.remoteAddress, "connectionID": request.connectionID,
        ]
        let body = try! JSONSerialization.data(withJSONObject: object)
        return .response(HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body)))
    }

    @Test func servesOnAFreeLoopbackPortByDefault() async throws {
        let daemon = try Daemon(handler: Self.echo)
        defer { daemon.stop() }
        #expect(daemon.host == "127.0.0.1")
        #expect(daemon.port > 0)
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "http://\(daemon.address)/a%20b/c?x=1&y=%C3%A9")!)
        let echo = try JSONSerialization.jsonObject(with: reply.body) as! [String: Any]
        #expect(reply.status == 200)
        #expect(echo["method"] as? String == "GET")
        #expect(echo["target"] as? String == "/a%20b/c?x=1&y=%C3%A9", "the raw target, escapes intact")
        #expect(echo["path"] as? String == "/a%20b/c")
        #expect(echo["rawQuery"] as? String == "x=1&y=%C3%A9")
        #expect(echo["version"] as? String == "HTTP/1.1")
        #expect((echo["remoteAddress"] as? String)?.hasPrefix("127.0.0.1:") == true)
    }

    /// Keep-alive as the daemon promises it: one connection carries 1,000
    /// requests in a row, each answered on it, and no other connection is
    /// opened. The client is a raw socket, so reuse is the test's own doing
    /// (a client library may open another connection whenever it likes), and
    /// the idle limits are off, so a test starved of CPU between two requests
    /// on a loaded machine sees the same answers. (With URLSession and the
    /// 60 s limits this saw 2 connections after 100-280 s under load.)
    @Test func thousandSequentialRequestsShareOneKeepAliveConnection() async throws {
        let configuration = DaemonConfiguration(connectionTimeoutSeconds: 0, requestArrivalTimeout: .zero)
        let daemon = try Daemon(configuration) { request in .response(HTTPResponse(status: 200, text: "ok \(request.connectionID)")) }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port, timeout: 60)
        var answered = 0
        for index in 0..<1_000 {
            try socket.send("GET /ping/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            let reply = await socket.receiveResponse()
            guard reply.status == 200, reply.text.hasSuffix("\r\n\r\nok 1") else {
                Issue.record("request \(index + 1): \(reply.ending), \(reply.text.suffix(200))")
                break
            }
            answered += 1
        }
        #expect(answered == 1_000)
        let statistics = daemon.statistics
        #expect(statistics.connectionsAccepted == 1, "every request after the first reused the connection")
        #expect(statistics.requestsStarted == 1_000)
    }

    @Test func headersArriveInOrderWithRepeatsKept() async throws {
        let daemon = try Daemon(handler: Self.echo)
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET /h HTTP/1.1\r\nHost: x\r\nX-Trace: one\r\nx-trace: two\r\nAccept: */*\r\nConnection: close\r\n\r\n")
        let reply = await socket.receive()
        #expect(reply.status == 200)
        let body = String(reply.text[reply.text.range(of: "\r\n\r\n")!.upperBound...])
        let echo = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
        let headers = echo["headers"] as! [[String]]
        #expect(headers == [["Host", "x"], ["X-Trace", "one"], ["x-trace", "two"], ["Accept", "*/*"], ["Connection", "close"]])
    }

    @Test func repliesWithStatusHeadersAndBody() async throws {
        let daemon = try Daemon { _ in
            .response(HTTPResponse(status: 201, headers: [("X-One", "1"), ("Content-Type", "text/plain")], text: "created"))
        }
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.send("PUT", URL(string: "http://\(daemon.address)/things/1")!, body: Data("x".utf8))
        #expect(reply.status == 201)
        #expect(reply.header("X-One") == "1")
        #expect(reply.text == "created")
    }

    @Test func preparedResponsesCanBeSentManyTimesConcurrently() async throws {
        let prepared = PreparedResponse(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], text: "shared"))
        let daemon = try Daemon(DaemonConfiguration(threadCount: 4)) { _ in .prepared(prepared) }
        defer { daemon.stop() }
        let url = URL(string: "http://\(daemon.address)/p")!
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let client = HTTPClient()
                    defer { client.close() }
                    for _ in 0..<50 {
                        let reply = try await client.get(url)
                        #expect(reply.status == 200 && reply.text == "shared")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func closeConnectionReplySendsNothing() async throws {
        let daemon = try Daemon { _ in .closeConnection }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = await socket.receive()
        #expect(reply.text.isEmpty)
        #expect(reply.ending == .closed || reply.ending == .reset)
    }

    @Test func everyStartedRequestCompletes() async throws {
        let daemon = try Daemon(handler: Self.echo)
        let client = HTTPClient()
        for index in 0..<20 {
            _ = try await client.get(URL(string: "http://\(daemon.address)/\(index)")!)
        }
        client.close()
        daemon.stop()
        let statistics = daemon.statistics
        #expect(statistics.requestsStarted == 20)
        #expect(statistics.requestsCompleted == 20, "each request context was released exactly once")
        #expect(statistics.connectionsOpen == 0)
    }
}
