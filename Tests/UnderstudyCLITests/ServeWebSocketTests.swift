import Foundation
import Testing
import UnderstudyTestSupport

/// The streaming clients' Python, when installed.
enum StreamingPython {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let python: URL? = {
        let candidate = root.appendingPathComponent(".build/venv-streams/bin/python")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()
}

/// `understudy serve` serves a WebSocket endpoint from a spec file, checked
/// by the Python `websockets` client (PyPI, .build/venv-streams) running the
/// same conversation as against an in-test server.
@Suite(.enabled(if: StreamingPython.python != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "websockets is not installed (scripts/test installs it in .build/venv-streams; under CI its absence fails)"))
struct ServeWebSocketTests {
    static let root = StreamingPython.root
    static let python = StreamingPython.python

    static let spec = """
        stubs:
          - id: chat
            request: { method: GET, path: /chat }
            webSocket:
              protocols: [chat.v1]
              onConnect: [ { send: welcome } ]
              rules:
                - on: { equals: ping }
                  reply: [ { send: pong } ]
                - on: { jsonPath: { path: type, equals: subscribe } }
                  reply: [ { sendJSON: { type: subscribed, topic: prices }, after: 5ms } ]
                - on: any
                  kind: binary
                  reply: [ { sendBase64: CQgH } ]
                - on: { equals: bye }
                  reply: [ { close: 1000, reason: see you } ]
        """

    @Test func aSpecFilesWebSocketConversationIsServed() async throws {
        let python = try #require(Self.python)
        let folder = try recordingFolder("serve-websocket")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("chat.yaml")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        let served = try await ReadyProcess(["serve", spec.path])
        defer { served.kill() }
        let script = Self.root.appendingPathComponent("Tests/StubServerTests/python/websocket_client.py")
        let url = served.url.absoluteString.replacingOccurrences(of: "http://", with: "ws://") + "/chat"
        let run = try await ChildProcess.finished(python, [script.path, "conversation", url])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        #expect(run.output.contains(#"{"subprotocol": "chat.v1"}"#), "\(run.output)")
        #expect(run.output.contains(#"{"received": "pong"}"#))
        #expect(run.output.contains(#"{"received": "{\"topic\":\"prices\",\"type\":\"subscribed\"}"}"#), "\(run.output)")
        #expect(run.output.contains(#"{"received": [9, 8, 7]}"#))
        #expect(run.output.contains(#""code": 1000, "reason": "see you""#))
        let stopped = await served.stop()
        #expect(stopped.status == 0, "\(stopped.errors)")
    }
}
