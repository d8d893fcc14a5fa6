import Foundation
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// Assertions on WebSocket messages, and a message no rule answers failing
/// the scope like an unmatched request; the messages pinned.
@Suite struct WebSocketAssertionTests {
    static let chat = Get("/chat").respond(.webSocket(WebSocketConversation(rules: [.on(.text("ping"), reply: [.send(.text("pong"))])])))

    /// Opens /chat on `server`, sends `texts`, and waits for the server's answer to each "ping".
    static func talk(_ server: StubServer, _ texts: [String]) async throws {
        let socket = try await RawWebSocket.open(port: server.url("/").port!, path: "/chat")
        try socket.send(texts.flatMap { RawWebSocket.text($0) } + RawWebSocket.close(1000))
        _ = await socket.frames(until: { $0.contains { $0.opcode == 0x8 } })
    }

    @Test func expectReceivedCountsTheClientsMessagesAndListsThemWhenWrong() async throws {
        try await withStubServer(.stubs { Self.chat }, allowsUnmatched: true) { server in
            try await Self.talk(server, ["ping", "hello", "ping"])
            #expect(server.expectReceived(message: .text("ping"), .exactly(2), on: Get("/chat")))
            let issues = await knownIssues {
                server.expectReceived(message: .text("ping"), .once)
            }
            #expect(issues.map(\.text) == ["""
                Expected exactly 1 WebSocket message (text == "ping"); received 2.
                #1 GET /chat:
                  ✓ text "ping"
                  ✗ text "hello"
                  ✓ text "ping"
                """])
        }
    }

    @Test func aMessageNoRuleAnswersFailsTheScopeNamingTheRules() async throws {
        let issues = await knownIssues {
            try? await withStubServer(.stubs { Self.chat }) { server in
                try await Self.talk(server, ["hello"])
            }
        }
        let text = issues.map(\.text).joined(separator: "\n")
        #expect(text.contains(#"a WebSocket message on GET /chat matched no rule of GET /chat"#), "\(text)")
        #expect(text.contains(#"✗ rule 1: text == "ping""#), "\(text)")
        #expect(text.contains(#": text "hello""#), "\(text)")
    }
}
