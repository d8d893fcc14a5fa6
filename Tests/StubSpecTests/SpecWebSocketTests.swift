import Foundation
import StubKit
@testable import StubSpec
import Testing

/// WebSocket endpoints in spec files: `webSocket:` read into the DSL's
/// conversation, refused with line and key when wrong, and written back.
@Suite struct SpecWebSocketTests {
    static let spec = """
        stubs:
          - id: chat
            request: { method: GET, path: /chat }
            webSocket:
              protocols: [chat.v1]
              maximumMessageBytes: 65536
              onConnect: [ { send: welcome } ]
              rules:
                - on: { equals: ping }
                  reply: [ { send: pong } ]
                  scenario: { name: session, requires: Started, sets: Pinged }
                - on: { jsonPath: { path: type, equals: subscribe } }
                  reply: [ { sendJSON: { type: subscribed }, after: 10ms } ]
                - on: any
                  kind: binary
                  reply: [ echo, { sendBase64: AAEC } ]
                - on: { contains: bye }
                  reply: [ { close: 1000, reason: see you } ]
        """

    static let expected = WebSocketConversation(
        protocols: ["chat.v1"],
        onConnect: [.send(.text("welcome"))],
        rules: [
            .on(WebSocketMessageMatcher(body: [.text("ping")]), reply: [.send(.text("pong"))],
                scenario: ScenarioStep(scenario: "session", requiredState: "Started", newState: "Pinged")),
            .on(WebSocketMessageMatcher(body: [.jsonPath("type", equals: "subscribe")]),
                reply: [.send(.text(#"{"type":"subscribed"}"#), after: .milliseconds(10))]),
            .on(.binary(), reply: [.echo(), .send(.binary([0, 1, 2]))]),
            .on(WebSocketMessageMatcher(body: [.contains("bye")]), reply: [.close(WebSocketClose(code: 1000, reason: "see you"))]),
        ],
        maximumMessageBytes: 65536)

    @Test func aWebSocketBlockReadsAsTheDSLWritesIt() throws {
        let spec = try StubSpec.parse(Self.spec, name: "chat.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let stub = try #require(spec.stubs.first)
        guard case .fixed(let response) = stub.response else {
            Issue.record("a WebSocket endpoint is a fixed response")
            return
        }
        #expect(response.status == 101)
        #expect(response.webSocket == Self.expected)
    }

    @Test func aConversationTravelsToAnotherProcessAndBack() throws {
        let stubs = [Get("/chat").respond(.webSocket(Self.expected)), Get("/echo").respond(.webSocket(.echo))]
        let text = try SpecWriter.document(stubs)
        let read = try StubSpec.parse(text, name: "remote", directory: URL(fileURLWithPath: "/"))
        let conversations = read.stubs.map { stub -> WebSocketConversation? in
            guard case .fixed(let response) = stub.response else { return nil }
            return response.webSocket
        }
        #expect(conversations == [Self.expected, .echo], "\(text)")
    }

    @Test func mistakesNameTheirLineAndKey() {
        let problems = SpecErrorTests.problems("""
            stubs:
              - request: { path: /chat }
                webSocket:
                  rules:
                    - on: any
                      kind: textual
                      reply: [ { close: 1005 } ]
                    - on: any
                  onConnect: [ { send: a, sendJSON: 1 }, { echo: false } ]
              - request: { path: /both }
                response: { status: 200 }
                webSocket: {}
            """)
        #expect(problems.contains { $0.contains("bad.yaml:6") && $0.contains(#"kind is text or binary, not "textual""#) }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:7") && $0.contains("close code 1005 may not be sent") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:8") && $0.contains("a rule needs a reply") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:9") && $0.contains("an action is one of send, sendJSON, sendBase64, close or echo") },
                "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:9") && $0.contains("echo takes true") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:12") && $0.contains("a stub has webSocket, response or sequence: one of them") },
                "\(problems)")
    }
}
