import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// RFC 6455 as a strict server keeps it, driven frame by frame with a raw
/// socket through what no well-behaved client sends. The Autobahn suite does
/// not run here (Python 2 only, no Docker engine), so these are its cases
/// written as tests; each names the Autobahn section it covers.
@Suite struct WebSocketProtocolTests {
    /// An echo endpoint allowing messages up to 70,000 bytes.
    static func echoServer() throws -> StubServer {
        let echo = WebSocketConversation(rules: WebSocketConversation.echo.rules, maximumMessageBytes: 70_000)
        return try StubServer.start(.stubs { Get("/echo").respond(.webSocket(echo)) })
    }

    static func open(_ server: StubServer) async throws -> RawWebSocket {
        let socket = try await RawWebSocket.open(port: server.url("/").port!, path: "/echo")
        #expect(socket.handshake.status == 101, "\(socket.handshake.text)")
        return socket
    }

    /// Sends `bytes`, then reads frames until a Close (or the connection's end).
    static func exchange(_ server: StubServer, _ bytes: [UInt8]) async throws -> (frames: [RawWebSocket.Frame], closed: Bool) {
        let socket = try await open(server)
        try socket.send(bytes)
        return await socket.frames(until: { $0.contains { $0.opcode == 0x8 } })
    }

    /// Sends `bytes` and expects the server to fail the connection with `code`, then close TCP.
    static func expectFailure(_ bytes: [UInt8], code: Int, _ comment: Comment) async throws {
        let server = try echoServer()
        defer { server.stop() }
        let socket = try await open(server)
        try socket.send(bytes)
        let (frames, closed) = await socket.frames()
        #expect(frames.last?.closeCode == code, "\(comment): \(frames)")
        #expect(closed, "\(comment): the server closes the connection after failing it")
        #expect(server.takeIssues().contains { "\($0)".contains("broke the protocol") }, "\(comment): the test hears of it")
    }

    // Autobahn 1.1, 1.2: text and binary of every length form echo whole.
    @Test(arguments: [0, 125, 126, 65_535, 65_536])
    func messagesOfEveryLengthFormEcho(_ length: Int) async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        let text = String(repeating: "*", count: length)
        try socket.send(RawWebSocket.text(text) + RawWebSocket.frame(0x2, Array(repeating: 0xFE, count: length)))
        let (frames, _) = await socket.frames(until: { $0.count == 2 })
        #expect(frames.map(\.opcode) == [0x1, 0x2])
        #expect(frames.first?.text == text && frames.last?.payload == Array(repeating: 0xFE, count: length))
    }

    // Autobahn 2.1–2.6, 2.10: a ping of up to 125 bytes gets a pong with its payload; an unsolicited pong gets nothing.
    @Test func pingsArePongedAndUnsolicitedPongsIgnored() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        let payload = Array(repeating: UInt8(0x2A), count: 125)
        try socket.send(RawWebSocket.frame(0xA, [1, 2]) + RawWebSocket.frame(0x9, payload) + RawWebSocket.text("after"))
        let (frames, _) = await socket.frames(until: { $0.count == 2 })
        #expect(frames.map(\.opcode) == [0xA, 0x1])
        #expect(frames.first?.payload == payload)
    }

    // Autobahn 2.5: a control frame over 125 bytes fails the connection.
    @Test func anOversizedPingFails() async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x9, Array(repeating: 1, count: 126)), code: 1002, "a 126-byte ping")
    }

    // Autobahn 3.1–3.7: a reserved bit without an extension fails the connection.
    @Test(arguments: [UInt8(1), 2, 4, 7])
    func reservedBitsFail(_ rsv: UInt8) async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x1, Array("x".utf8), rsv: rsv), code: 1002, "RSV \(rsv)")
    }

    // Autobahn 4.1.1–4.2.5: reserved opcodes fail the connection.
    @Test(arguments: [UInt8(3), 7, 0xB, 0xF])
    func reservedOpcodesFail(_ opcode: UInt8) async throws {
        try await Self.expectFailure(RawWebSocket.frame(opcode, []), code: 1002, "opcode \(opcode)")
    }

    // Autobahn 5.6–5.8, 5.15–5.20: fragments with pings between them make one message.
    @Test func fragmentsWithPingsBetweenMakeOneMessage() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try socket.send(RawWebSocket.text("frag", fin: false) + RawWebSocket.frame(0x9, Array("p".utf8))
                        + RawWebSocket.frame(0x0, Array("men".utf8), fin: false) + RawWebSocket.frame(0x0, Array("ted".utf8)))
        let (frames, _) = await socket.frames(until: { $0.count == 2 })
        #expect(frames.map(\.opcode) == [0xA, 0x1])
        #expect(frames.last?.text == "fragmented")
    }

    // Autobahn 5.1, 5.2, 5.9–5.14, 5.18: fragments out of order fail the connection.
    @Test func fragmentsOutOfOrderFail() async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x0, Array("x".utf8)), code: 1002, "a continuation with nothing to continue")
        try await Self.expectFailure(RawWebSocket.text("a", fin: false) + RawWebSocket.text("b"), code: 1002, "a new message inside a fragmented one")
        try await Self.expectFailure(RawWebSocket.frame(0x9, [], fin: false), code: 1002, "a fragmented ping")
    }

    // Autobahn 6.2–6.4, 6.6–6.8: valid UTF-8, split inside a code point across fragments, arrives whole.
    @Test func textSplitInsideACodePointArrivesWhole() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        let text = Array("κόσμε €𝄞".utf8)
        try socket.send(RawWebSocket.frame(0x1, Array(text[0..<3]), fin: false) + RawWebSocket.frame(0x0, Array(text[3..<12]), fin: false)
                        + RawWebSocket.frame(0x0, Array(text[12...])))
        let (frames, _) = await socket.frames(until: { !$0.isEmpty })
        #expect(frames.first?.text == "κόσμε €𝄞")
    }

    // Autobahn 6.3, 6.5, 6.9–6.21: text that is not UTF-8 fails the connection with 1007.
    @Test(arguments: [[UInt8(0xCE), 0xBA, 0xE1, 0xBD], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF]])
    func invalidUTF8Fails(_ bytes: [UInt8]) async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x1, bytes), code: 1007, "bytes \(bytes)")
    }

    // Autobahn 7.1.1, 7.3.1, 7.7.x: a Close is answered with the same code (an empty one with an empty one), then the server closes.
    @Test(arguments: [1000, 1001, 1002, 1003, 1007, 1011, 3000, 3999, 4000, 4999])
    func aCloseIsEchoed(_ code: Int) async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let (frames, _) = try await Self.exchange(server, RawWebSocket.close(code, reason: Array("bye".utf8)))
        #expect(frames.last?.closeCode == code)
        #expect(server.journal.entries.first?.webSocket?.ending == .clientClosed(WebSocketClose(code: UInt16(code), reason: "bye")))
    }

    @Test func anEmptyCloseIsAnsweredEmpty() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        try socket.send(RawWebSocket.close(nil))
        let (frames, closed) = await socket.frames()
        #expect(frames.last?.opcode == 0x8 && frames.last?.payload.isEmpty == true)
        #expect(closed, "the server closes TCP once both Closes were exchanged")
    }

    // Autobahn 7.3.2, 7.5.1, 7.9.x: a 1-byte close payload, a code that may not be sent, a reason that is not UTF-8.
    @Test(arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535])
    func aCloseCodeThatMayNotBeSentFails(_ code: Int) async throws {
        try await Self.expectFailure(RawWebSocket.close(code), code: 1002, "close code \(code)")
    }

    @Test func malformedClosePayloadsFail() async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x8, [0x03]), code: 1002, "a 1-byte close payload")
        try await Self.expectFailure(RawWebSocket.close(1000, reason: [0xFF, 0xFE]), code: 1007, "a reason that is not UTF-8")
    }

    // RFC 6455 §5.1, §5.2: unmasked client frames and lengths not in their shortest form fail.
    @Test func unmaskedFramesAndLongLengthFormsFail() async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x1, Array("x".utf8), masked: false), code: 1002, "an unmasked frame")
        try await Self.expectFailure(RawWebSocket.frame(0x1, Array("x".utf8), lengthForm: 16), code: 1002, "1 byte in the 16-bit form")
        try await Self.expectFailure(RawWebSocket.frame(0x1, Array("x".utf8), lengthForm: 64), code: 1002, "1 byte in the 64-bit form")
    }

    // Autobahn 9.x (limits): a message over the conversation's limit fails with 1009, also when it grows by fragments.
    @Test func aMessageOverTheLimitFailsWith1009() async throws {
        try await Self.expectFailure(RawWebSocket.frame(0x2, Array(repeating: 0, count: 70_001)), code: 1009, "one frame over the limit")
        try await Self.expectFailure(RawWebSocket.frame(0x2, Array(repeating: 0, count: 40_000), fin: false)
                                     + RawWebSocket.frame(0x0, Array(repeating: 0, count: 40_000)), code: 1009, "fragments over the limit")
    }

    // RFC 6455 §4.2.1, §4.4: a request that is not a valid handshake is refused, saying why.
    @Test func badHandshakesAreRefusedSayingWhy() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let port = server.url("/").port!
        let version = try await RawWebSocket.open(port: port, path: "/echo", headers: ["Sec-WebSocket-Version": "8"])
        #expect(version.handshake.status == 426)
        #expect(version.handshake.headerValues("Sec-WebSocket-Version") == ["13"])
        let key = try await RawWebSocket.open(port: port, path: "/echo", headers: ["Sec-WebSocket-Key": "c2hvcnQ="])
        #expect(key.handshake.status == 400)
        let plain = try await server.session.data(from: server.url("/echo"))
        #expect((plain.1 as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: plain.0, as: UTF8.self).contains("no Upgrade: websocket"))
        let elsewhere = try await RawWebSocket.open(port: port, path: "/ech0")
        #expect(elsewhere.handshake.status == 404, "a handshake no stub matches gets the near-miss report")
    }

    // Autobahn 1–7 on one connection: the server stays up and answers the next client after every failure above.
    @Test func theAcceptValueFollowsTheRFCsExample() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let socket = try await Self.open(server)
        #expect(socket.handshake.headerValues("Sec-WebSocket-Accept") == ["s3pPLMBiTxaQ9kYGzzhZRbK+xOo="])
        #expect(socket.handshake.headerValues("Upgrade").map { $0.lowercased() } == ["websocket"])
        #expect(socket.handshake.headerValues("Connection").map { $0.lowercased() } == ["upgrade"])
    }

    @Test func stoppingTheServerSaysGoingAway() async throws {
        let server = try Self.echoServer()
        let socket = try await Self.open(server)
        await server.stopWithoutBlocking()
        let (frames, closed) = await socket.frames()
        #expect(frames.last?.closeCode == 1001)
        #expect(closed)
    }
}
