import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// Daemons without a thread of their own (plain HTTP, one thread: the
/// default), run side by side by shared loops.
@Suite struct DaemonLoopTests {
    /// Forty daemons at once share at most the loops' limit of threads; each
    /// answers as its own, and stopping half of them leaves the rest serving.
    @Test func daemonsSharingLoopsEachServeAndStopAlone() async throws {
        let daemons = try (0..<40).map { number in
            try Daemon { request in .response(HTTPResponse(status: 200, text: "\(number) \(request.path)")) }
        }
        #expect(Daemon.sharedLoops >= 1)
        let client = HTTPClient()
        defer { client.close() }
        for (number, daemon) in daemons.enumerated() {
            #expect(try await client.get(URL(string: "http://\(daemon.address)/a")!).text == "\(number) /a")
        }
        for (number, daemon) in daemons.enumerated() where number.isMultiple(of: 2) { daemon.stop() }
        let fresh = HTTPClient()
        defer { fresh.close() }
        for (number, daemon) in daemons.enumerated() {
            if number.isMultiple(of: 2) {
                #expect(!daemon.isRunning)
            } else {
                #expect(try await fresh.get(URL(string: "http://\(daemon.address)/b")!).text == "\(number) /b")
            }
        }
        for daemon in daemons { daemon.stop() }
    }

    /// A loop runs a daemon again when its connection timeout comes due, with
    /// no network activity to wake it: an idle keep-alive connection is closed.
    @Test func anIdleConnectionIsClosedWhenItsTimeoutComesDue() async throws {
        let daemon = try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 1)) { _ in
            .response(HTTPResponse(status: 200, text: "ok"))
        }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = await socket.receive { $0.hasSuffix("ok") }
        #expect(reply.text.hasPrefix("HTTP/1.1 200"))
        // Nothing more is sent: the server closes the connection on its own.
        let rest = await socket.receive()
        #expect(rest.ending == .closed || rest.ending == .reset)
    }

    /// A request answered later from another thread wakes the loop, on a
    /// daemon whose loop another busy daemon shares.
    @Test func anAnswerGivenLaterFromAnotherThreadWakesTheLoop() async throws {
        let neighbours = try (0..<8).map { _ in try Daemon { _ in .response(HTTPResponse(status: 200, text: "near")) } }
        defer { for daemon in neighbours { daemon.stop() } }
        let daemon = try Daemon { _ in
            .later { responder in
                DispatchQueue.global().async { responder.respond(HTTPResponse(status: 200, text: "later")) }
            }
        }
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for _ in 0..<50 {
            #expect(try await client.get(URL(string: "http://\(daemon.address)/")!).text == "later")
        }
        for neighbour in neighbours {
            #expect(try await client.get(URL(string: "http://\(neighbour.address)/")!).text == "near")
        }
    }
}
