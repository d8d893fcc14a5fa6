import Foundation
import StubAdmin
import StubKit
import StubRemote
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// WebSocket endpoints through the admin API: a posted spec stub serves a
/// conversation, and a test in another process asserts on its messages.
@Suite struct AdminWebSocketTests {
    @Test func aPostedWebSocketStubServesAndRemoteAssertionsReadItsMessages() async throws {
        let running = try AdminAPITests.Running()
        defer { running.stop() }
        let spec = #"{"stubs": [{"id": "chat", "request": {"method": "GET", "path": "/chat"}, "webSocket": {"rules": [{"on": {"equals": "ping"}, "reply": [{"send": "pong"}]}]}}]}"#
        let posted = try await running.call("POST", "/stubs", spec, headers: ["Content-Type": "application/json"])
        #expect(posted.status == 201 || posted.status == 200, "\(posted.text)")
        let listed = try await running.call("GET", "/stubs")
        #expect(listed.text.contains("webSocket"), "the spec JSON carries the conversation: \(listed.text)")
        let socket = try await RawWebSocket.open(port: running.server.url("/").port!, path: "/chat")
        try socket.send(RawWebSocket.text("ping"))
        let (frames, _) = await socket.frames(until: { !$0.isEmpty })
        #expect(frames.first?.text == "pong")
        let remote = RemoteStubServer(url: running.server.url("/"))
        #expect(await remote.expectReceived(message: .text("ping"), .once, on: Get("/chat")))
    }
}
