import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// WebSocket stubs against a strict, independent client: the Python
/// `websockets` library (PyPI, in .build/venv-streams). It checks our
/// handshake (the accept value, the subprotocol echoed), our frames and our
/// close handshake as RFC 6455 says; the journal records every message.
@Suite(.enabled(if: StreamClients.python != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "websockets is not installed (scripts/test installs it in .build/venv-streams; under CI its absence fails)"))
struct WebSocketClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/websocket_client.py")

    static let chat = Get("/chat").respond(.webSocket(WebSocketConversation(
        protocols: ["chat.v1"],
        onConnect: [.send(.text("welcome"))],
        rules: [
            .on(.text("ping"), reply: [.send(.text("pong"))]),
            .on(.jsonPath("type", equals: "subscribe"), reply: [.send(.json(["type": "subscribed", "topic": "prices"]), after: .milliseconds(5))]),
            .on(.binary(), reply: [.send(.binary([9, 8, 7]))]),
            .on(.text("bye"), reply: [.close(WebSocketClose(code: 1000, reason: "see you"))]),
        ])))

    /// The JSON lines the client printed.
    static func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    static func webSocketURL(_ server: StubServer, _ path: String) -> String {
        server.url(path).absoluteString.replacingOccurrences(of: "http://", with: "ws://")
    }

    @Test func theConversationRunsAndTheJournalRecordsEveryMessage() async throws {
        let python = try #require(StreamClients.python)
        let server = try StubServer.start(.stubs { Self.chat })
        defer { server.stop() }
        let run = try await ChildProcess.finished(python, [Self.script.path, "conversation", Self.webSocketURL(server, "/chat")])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let lines = try Self.lines(run.output)
        #expect(lines.count == 6, "\(run.output)")
        #expect(lines.first?["subprotocol"] as? String == "chat.v1", "the one protocol both speak is echoed")
        #expect(lines.compactMap { $0["received"] as? String } == ["welcome", "pong", #"{"topic":"prices","type":"subscribed"}"#])
        #expect(lines.compactMap { $0["received"] as? [Int] } == [[9, 8, 7]])
        #expect(lines.last?["code"] as? Int == 1000 && lines.last?["reason"] as? String == "see you")

        let entry = try #require(server.journal.entries.first)
        #expect(entry.status == 101)
        let log = try #require(entry.webSocket)
        #expect(log.subprotocol == "chat.v1")
        #expect(log.received == [.text("ping"), .text(#"{"type": "subscribe", "topic": "prices"}"#), .binary([0, 1, 2]), .text("bye")])
        #expect(log.sent.count == 4)
        #expect(server.takeIssues().isEmpty, "every message met a rule")
    }

    @Test func theTestDrivesAConnectionItTookOver() async throws {
        let python = try #require(StreamClients.python)
        let server = try StubServer.start(.stubs { Get("/live").respond(.webSocket()) })
        defer { server.stop() }
        let client = try ChildProcess(python, [Self.script.path, "live", Self.webSocketURL(server, "/live")])
        defer { client.kill() }
        let socket = try await server.nextWebSocket(matching: Get("/live"), timeout: .seconds(120))
        #expect(socket.send(.text("hello from the test")))
        #expect(await client.readLine(matching: #"^\{"received": "hello from the test"\}$"#) != nil)
        socket.send(.text("your turn"))
        #expect(try await socket.next() == .text("from the client"))
        socket.close(WebSocketClose(code: 4000, reason: "done"))
        #expect(await client.readLine(matching: #""code": 4000, "reason": "done""#) != nil)
        #expect(try await socket.closing() == .serverClosed(WebSocketClose(code: 4000, reason: "done")))
        let issues = server.takeIssues()
        #expect(issues.count == 1 && issues.first?.description.contains("matched no rule") == true,
                "a stub without rules reports the client's message, as an unmatched request: \(issues)")
    }

    @Test func aFragmentedMessageAndAPingAreUnderstood() async throws {
        let python = try #require(StreamClients.python)
        let server = try StubServer.start(.stubs {
            Get("/echo").respond(.webSocket(WebSocketConversation(rules: [.on(.any, reply: [.send(.text("got it"))])])))
        })
        defer { server.stop() }
        let run = try await ChildProcess.finished(python, [Self.script.path, "fragments", Self.webSocketURL(server, "/echo")])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let lines = try Self.lines(run.output)
        #expect(lines.first?["received"] as? String == "got it")
        #expect(lines.contains { $0["pong"] as? Bool == true })
        #expect(lines.last?["code"] as? Int == 4000, "the server echoes the client's close code")
        let log = try #require(server.journal.entries.first?.webSocket)
        #expect(log.received == [.text("héllo wörld")])
        #expect(log.ending == .clientClosed(WebSocketClose(code: 4000, reason: "done")))
    }

    @Test func wssWorksWithTheGeneratedAuthority() async throws {
        let python = try #require(StreamClients.python)
        var configuration = StubServer.Configuration()
        configuration.tls = .generated
        let server = try StubServer.start(.stubs(Stubs { Get("/echo").respond(.webSocket(.echo)) }, configuration: configuration))
        defer { server.stop() }
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("ws-ca-\(UUID().uuidString).pem")
        try #require(server.certificateAuthorityPEM).write(to: ca, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: ca) }
        let url = server.url("/echo").absoluteString.replacingOccurrences(of: "https://", with: "wss://")
        let run = try await ChildProcess.finished(python, [Self.script.path, "tls", url, ca.path])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let lines = try Self.lines(run.output)
        #expect(lines.first?["received"] as? String == "over tls")
        #expect(lines.last?["code"] as? Int == 1000)
    }
}

/// An independent Swift client: hummingbird-project/swift-websocket's
/// `WSClient` (on SwiftNIO), built in its own package
/// (Examples/SwiftWebSocketClient, by scripts/test) so Understudy's graph
/// never takes SwiftNIO on. It runs the conversation the Python client runs.
@Suite(.enabled(if: SwiftWebSocketClient.binary != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "the Swift WebSocket client is not built (scripts/test builds Examples/SwiftWebSocketClient; under CI its absence fails)"))
struct SwiftWebSocketClientTests {
    @Test func wsClientRunsTheConversation() async throws {
        let binary = try #require(SwiftWebSocketClient.binary, "Examples/SwiftWebSocketClient is not built")
        let server = try StubServer.start(.stubs { WebSocketClientTests.chat })
        defer { server.stop() }
        let run = try await ChildProcess.finished(binary, [WebSocketClientTests.webSocketURL(server, "/chat")])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        let lines = try WebSocketClientTests.lines(run.output)
        #expect(lines.compactMap { $0["received"] as? String } == ["welcome", "pong", #"{"topic":"prices","type":"subscribed"}"#], "\(run.output)")
        #expect(lines.compactMap { $0["received"] as? [Int] } == [[9, 8, 7]])
        #expect(lines.last?["code"] as? Int == 1000 && lines.last?["reason"] as? String == "see you", "\(run.output)")
        let log = try #require(server.journal.entries.first?.webSocket)
        #expect(log.subprotocol == "chat.v1", "the one protocol both speak is echoed")
        #expect(log.received.count == 4)
    }
}

/// Where the Swift WebSocket client is, when built.
enum SwiftWebSocketClient {
    static let binary: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidate = root.appendingPathComponent("Examples/SwiftWebSocketClient/.build/debug/ws-conversation")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()
}
