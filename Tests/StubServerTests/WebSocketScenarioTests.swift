import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Scenario states advance on WebSocket messages, with the same scenarios
/// requests use: a message can change what the next message and the next
/// request get.
@Suite struct WebSocketScenarioTests {
    @Test func aMessageMovesTheScenarioForMessagesAndRequestsAlike() async throws {
        let subscribe = ScenarioStep(scenario: "feed", requiredState: ScenarioStep.started, newState: "Subscribed")
        let subscribed = ScenarioStep(scenario: "feed", requiredState: "Subscribed", newState: nil)
        let server = try StubServer.start(.stubs {
            Get("/feed").respond(.webSocket(WebSocketConversation(rules: [
                .on(.text("subscribe"), reply: [.send(.text("subscribed"))], scenario: subscribe),
                .on(.text("price?"), reply: [.send(.text("42"))], scenario: subscribed),
            ])))
            Get("/status").respond(.text("subscribed")).inScenario("feed", whenState: "Subscribed")
            Get("/status").respond(.text("idle"))
        })
        defer { server.stop() }
        let (before, _) = try await server.session.data(from: server.url("/status"))
        #expect(String(decoding: before, as: UTF8.self) == "idle")
        let socket = try await RawWebSocket.open(port: server.url("/").port!, path: "/feed")
        try socket.send(RawWebSocket.text("price?") + RawWebSocket.text("subscribe") + RawWebSocket.text("price?"))
        let (frames, _) = await socket.frames(until: { $0.count == 2 })
        #expect(frames.map(\.text) == ["subscribed", "42"], "the first price? came before the subscription and met no rule")
        let (after, _) = try await server.session.data(from: server.url("/status"))
        #expect(String(decoding: after, as: UTF8.self) == "subscribed", "the message moved the scenario requests see")
        let issues = server.takeIssues().map(\.description)
        #expect(issues.count == 1 && issues[0].contains(#"text == "price?" (scenario "feed": Subscribed -> unchanged, now"#), "\(issues)")
    }
}
