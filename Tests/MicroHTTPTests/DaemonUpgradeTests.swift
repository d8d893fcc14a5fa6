@testable import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport

/// A connection handed over after a 101, as the daemon hands it over.
@Suite struct DaemonUpgradeTests {
    // A WebSocket reply of several messages is several writes; with Nagle's
    // algorithm on, each after the first waited for the client's delayed ACK.
    @Test func anUpgradedConnectionSendsEachWriteAtOnce() async throws {
        let handedOver = Mutex<UpgradedSocket?>(nil)
        let daemon = try Daemon { _ in
            .upgrade(head: HTTPResponse(status: 101, headers: [("Upgrade", "websocket")]), accept: { channel in
                handedOver.withLock { $0 = channel as? UpgradedSocket }
                channel.start(received: { _ in channel.send([0x81, 0x02, 0x6F, 0x6B]) }, ended: {})
            })
        }
        defer { daemon.stop() }
        let client = try await RawWebSocket.open(port: daemon.port, path: "/")
        #expect(client.handshake.status == 101)
        try client.send(RawWebSocket.text("hi"))
        let (frames, _) = await client.frames(until: { !$0.isEmpty })
        #expect(frames.first?.payload == Array("ok".utf8), "the connection was handed over and answered")
        let socket = try #require(handedOver.withLock { $0 })
        #expect(socket.sendsEachWriteAtOnce)
        socket.close()
    }
}
