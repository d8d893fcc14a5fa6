import Foundation
@testable import MicroHTTP
import Testing
import UnderstudyTestSupport

/// A server of several daemons on loops accepts on one loop and deals its
/// connections out in turn (``ConnectionDealer``).
@Suite struct ConnectionDealerTests {
    /// Eight connections opened at once to a daemon of two threads: each
    /// libmicrohttpd daemon holds four, whichever loop woke first, and every
    /// connection is answered on it.
    @Test func connectionsOpenedAtOnceAreDealtToEveryDaemonInTurn() async throws {
        let daemon = try Daemon(DaemonConfiguration(threadCount: 2)) { request in
            .response(HTTPResponse(status: 200, text: String(request.path)))
        }
        defer { daemon.stop() }
        let port = daemon.port
        let sockets = try (0..<8).map { _ in try RawSocket(port: port) }
        for (number, socket) in sockets.enumerated() {
            try socket.send("GET /\(number) HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        for (number, socket) in sockets.enumerated() {
            let reply = await socket.receive { $0.hasSuffix("/\(number)") }
            #expect(reply.status == 200)
            #expect(reply.text.hasSuffix("\r\n\r\n/\(number)"))
        }
        // Each socket has had its answer, so each connection is held by its daemon.
        #expect(daemon.connectionsByDaemon == [4, 4])
    }

    /// Stopping closes the listening socket the dealer accepted from: a
    /// connection made after stop is refused, not left waiting in a backlog.
    @Test func stopClosesTheDealtSocket() async throws {
        let daemon = try Daemon(DaemonConfiguration(threadCount: 2)) { _ in .response(HTTPResponse(status: 204)) }
        let port = daemon.port
        let before = try RawSocket(port: port)
        try before.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await before.receiveResponse().status == 204)
        daemon.stop()
        #expect(throws: RawSocketError.self) { try RawSocket(port: port) }
    }
}
