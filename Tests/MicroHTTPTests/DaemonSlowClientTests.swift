import Foundation
import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Hostile clients: slow headers and bodies (slowloris), piles of idle
/// connections, oversized headers and request smuggling.
@Suite struct DaemonSlowClientTests {
    /// Opens 20 connections that send `opening` and then trickle `drip` at
    /// least every 200 ms (never idle long enough for the 30 s idle timeout), and
    /// expects the 1 s arrival deadline to cut off every one while a polite
    /// client, checked after every round, is still served, and no slow
    /// request to reach the handler.
    private func expectSlowClientsCutOff(opening: String, drip: String, _ what: String) async throws {
        let handled = Atomic<Int>(0)
        let daemon = try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 30, requestArrivalTimeout: .seconds(1))) { request in
            if request.path != "/polite" { handled.add(1, ordering: .relaxed) }
            return .response(HTTPResponse(status: 200, text: "fine"))
        }
        defer { daemon.stop() }
        let sockets = try (0..<20).map { _ in try RawSocket(port: daemon.port) }
        for socket in sockets { try socket.send(opening) }
        var cut = Set<Int>()
        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<60 where cut.count < sockets.count {
            let live = sockets.indices.filter { !cut.contains($0) }
            for index in live {
                do { try sockets[index].send(drip) } catch { cut.insert(index) }
            }
            let polite = try await client.get(URL(string: "http://\(daemon.address)/polite")!)
            #expect(polite.status == 200, "a polite client was not served while slow ones trickled")
            // Wait for the server's verdict, a close, for at most 200 ms: the
            // slow client's pace between drips.
            for position in await RawSocket.readable(live.map { sockets[$0] }, within: 0.2) {
                let ending = await sockets[live[position]].receive().ending
                if ending == .closed || ending == .reset { cut.insert(live[position]) }
            }
        }
        #expect(cut.count == 20, "only \(cut.count) of 20 \(what) connections were cut off")
        // At least: the polite client's keep-alive connection, idle for over a
        // second at the end, may be cut as well.
        #expect(daemon.statistics.slowRequestsCut >= 20)
        #expect(handled.load(ordering: .relaxed) == 0, "a \(what) request reached the handler")
    }

    @Test func slowHeadersAreCutOffWhileOthersAreServed() async throws {
        try await expectSlowClientsCutOff(opening: "GET /slow HTTP/1.1\r\nHost: x\r\n", drip: "X-Drip: a\r\n", "slow-header")
    }

    @Test func slowBodiesAreCutOffWhileOthersAreServed() async throws {
        try await expectSlowClientsCutOff(opening: "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n",
                                          drip: "a", "slow-body")
    }

    @Test func timeSpentAnsweringDoesNotCount() async throws {
        // The response is held for 1.5 s, longer than the 1 s arrival deadline.
        let daemon = try Daemon(DaemonConfiguration(requestArrivalTimeout: .seconds(1))) { _ in
            .later { responder in
                DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
                    responder.respond(HTTPResponse(status: 200, text: "late but whole"))
                }
            }
        }
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "http://\(daemon.address)/held")!)
        // Had the 1.5 s of answering counted, the connection would have been cut at 1 s.
        #expect(reply.status == 200 && reply.text == "late but whole")
    }

    @Test func aThousandIdleConnectionsDoNotStopNewOnes() async throws {
        try await ManyConnections.hold(1_000) { try await thousandIdleConnections() }
    }

    private func thousandIdleConnections() async throws {
        let daemon = try Daemon { _ in .response(HTTPResponse(status: 200, text: "fine")) }
        defer { daemon.stop() }
        let idle = try (0..<1000).map { _ in try RawSocket(port: daemon.port, timeout: 1) }
        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<10 {
            let reply = try await client.get(URL(string: "http://\(daemon.address)/new")!)
            #expect(reply.status == 200)
        }
        #expect(daemon.statistics.connectionsAccepted >= 1001)
        withExtendedLifetime(idle) {}
    }

    @Test(arguments: [
        ("one 40 KiB header", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n"),
        ("5,000 headers", "GET / HTTP/1.1\r\nHost: x\r\n" + (0..<5000).map { "X-H\($0): v\r\n" }.joined() + "\r\n"),
    ])
    func oversizedHeadersGet431(label: String, request: String) async throws {
        let daemon = try Daemon { _ in .response(HTTPResponse(status: 200, text: "fine")) }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try? socket.send(request)
        let reply = await socket.receive()
        #expect(reply.status == 431, "\(label): \(reply.text.prefix(80))")
        #expect(reply.ending == .closed || reply.ending == .reset)
    }

    @Test func anOversizedRequestLineGets414() async throws {
        let daemon = try Daemon { _ in .response(HTTPResponse(status: 200, text: "fine")) }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try? socket.send("GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await socket.receive().status == 414)
    }

    static let smuggling: [(label: String, request: String, status: Int)] = [
        // Each ends with a second request that must never reach the handler.
        ("Content-Length with Transfer-Encoding",
         "POST /front HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("Transfer-Encoding with Content-Length",
         "POST /front HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("two different Content-Lengths",
         "POST /front HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 36\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("a Content-Length list",
         "POST /front HTTP/1.1\r\nHost: x\r\nContent-Length: 0, 36\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("an unknown Transfer-Encoding",
         "POST /front HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 501),
        ("two Transfer-Encodings",
         "POST /front HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", 501),
    ]

    @Test(arguments: smuggling.indices)
    func ambiguousFramingIsRefusedAndNothingIsSmuggled(index: Int) async throws {
        let (label, raw, status) = Self.smuggling[index]
        let reached = Mutex<[String]>([])
        let daemon = try Daemon { request in
            reached.withLock { $0.append(String(request.path)) }
            return .response(HTTPResponse(status: 200, text: "fine"))
        }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try? socket.send(raw)
        let reply = await socket.receive()
        #expect(reply.status == status, "\(label): got \(String(reply.text.prefix(120)))")
        #expect(reply.ending == .closed || reply.ending == .reset, "\(label): the connection stayed open")
        #expect(reached.withLock { $0 }.isEmpty, "\(label): reached the handler: \(reached.withLock { $0 })")
    }

    @Test func plainChunkedBodiesStillWork() async throws {
        let daemon = try Daemon { request in .response(HTTPResponse(status: 200, text: String(decoding: request.body, as: UTF8.self))) }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("POST /chunks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        let reply = await socket.receiveResponse()
        #expect(reply.status == 200 && reply.text.hasSuffix("hello world"))
    }
}
