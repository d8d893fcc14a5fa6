import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A WebSocket connection's life around its conversation: guards on the
/// handshake, a client that drops without a Close, the test and the rules
/// side by side.
@Suite struct WebSocketConnectionTests {
    @Test func aGuardAppliesToTheHandshake() async throws {
        let server = try StubServer.start(.stubs { Get("/chat").guarded(by: .bearer("s3cret-token")).respond(.webSocket(.echo)) })
        defer { server.stop() }
        let port = server.url("/").port!
        let refused = try await RawWebSocket.open(port: port, path: "/chat")
        #expect(refused.handshake.status == 401)
        let allowed = try await RawWebSocket.open(port: port, path: "/chat", headers: ["Authorization": "Bearer s3cret-token"])
        #expect(allowed.handshake.status == 101)
    }

    @Test func aClientThatDropsWithoutACloseIsJournaledAsDropped() async throws {
        let server = try StubServer.start(.stubs { Get("/chat").respond(.webSocket(.echo)) })
        defer { server.stop() }
        let raw = try await RawWebSocket.open(port: server.url("/").port!, path: "/chat")
        let socket = try await server.nextWebSocket(matching: Get("/chat"))
        try raw.send(RawWebSocket.text("one"))
        #expect(try await socket.next() == .text("one"))
        raw.socket.closeNow()
        #expect(try await socket.closing() == .dropped)
        #expect(!socket.send(.text("to nobody")))
        let log = try #require(server.journal.entries.first?.webSocket)
        #expect(log.ending == .dropped && log.received == [.text("one")] && log.sent == [.text("one")])
    }

    @Test func nextWaitsForTheMessageAndSaysWhenNoneCame() async throws {
        let server = try StubServer.start(.stubs { Get("/chat").respond(.webSocket()) })
        defer { server.stop() }
        let raw = try await RawWebSocket.open(port: server.url("/").port!, path: "/chat")
        let socket = try await server.nextWebSocket(matching: Get("/chat"))
        let error = await #expect(throws: WebSocketWaitFailure.self) { try await socket.next(timeout: .milliseconds(20)) }
        #expect(error?.description.contains("the client sent no message on the WebSocket connection #1 on /chat within") == true)
        try raw.send(RawWebSocket.text("late"))
        #expect(try await socket.next() == .text("late"), "a message after a timed-out wait is kept for the next one")
        _ = server.takeIssues()
    }

    @Test func waitingForAConnectionThatNeverOpensSaysWhatArrived() async throws {
        let server = try StubServer.start(.stubs { Get("/chat").respond(.webSocket()) })
        defer { server.stop() }
        _ = try await server.session.data(from: server.url("/chat"))
        let error = await #expect(throws: HandoverTimeout.self) { try await server.nextWebSocket(matching: Get("/chat"), timeout: .milliseconds(20)) }
        let report = error?.description ?? ""
        #expect(report.contains("no WebSocket connection, answering a request matching GET /chat, opened within"), "\(report)")
        #expect(report.contains("#1 GET /chat — its stub refused it with 400"), "\(report)")
    }

    @Test func nextMessageReturnsEachMatchingMessageOnceAcrossConnections() async throws {
        let server = try StubServer.start(.stubs { Get("/chat/{room}").respond(.webSocket(.echo)) })
        defer { server.stop() }
        let port = server.url("/").port!
        let first = try await RawWebSocket.open(port: port, path: "/chat/a")
        let second = try await RawWebSocket.open(port: port, path: "/chat/b")
        try first.send(RawWebSocket.text(#"{"type":"hello"}"#) + RawWebSocket.text(#"{"type":"subscribe","topic":"a"}"#))
        let one = try await server.next(message: .jsonPath("type", equals: "subscribe"))
        #expect(one.message == .text(#"{"type":"subscribe","topic":"a"}"#) && one.request.path == "/chat/a")
        try second.send(RawWebSocket.text(#"{"type":"subscribe","topic":"b"}"#))
        let two = try await server.next(message: .jsonPath("type", equals: "subscribe"), on: Get("/chat/b"))
        #expect(two.request.path == "/chat/b", "each message is returned once; the next one is b's")
        let error = await #expect(throws: MessageWaitTimeout.self) {
            try await server.next(message: .jsonPath("type", equals: "subscribe"), timeout: .milliseconds(20))
        }
        let report = error?.description ?? ""
        #expect(report.contains(#"no WebSocket message (text JSON at type == "subscribe") arrived within"#), "\(report)")
        #expect(report.contains(#"✗ text "{\"type\":\"hello\"}""#), "\(report)")
    }
}
