import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// The official `openai` and `anthropic` Python SDKs (PyPI, in
/// .build/venv-streams, installed by scripts/test), pointed at the server by
/// base URL, reassemble the answers the model-stream recipes stream: text,
/// tool calls with their arguments, stop reason and usage; a malformed event
/// or the provider's error event makes them fail as against the real API.
@Suite(.enabled(if: StreamClients.python != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "the streaming SDKs are not installed (scripts/test installs them in .build/venv-streams; under CI their absence fails)"))
struct ModelStreamSDKTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/model_sdks.py")

    static let answer = ModelAnswer(text: ["Hel", "lo", " there"], toolCalls: [
        ModelAnswer.ToolCall(id: "call_1", name: "get_weather", argumentPieces: [#"{"city": "#, #""Paris", "unit": "#, #""c"}"#]),
    ], inputTokens: 12, outputTokens: 7)

    /// What the SDK printed, as JSON.
    static func run(_ sdk: String, _ stubs: [Stub]) async throws -> [String: Any] {
        let python = try #require(StreamClients.python, "the streaming SDKs are not installed")
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let run = try await ChildProcess.finished(python, [script.path, sdk, server.baseURL.absoluteString])
        try #require(run.status == 0, "\(sdk): \(run.errors.suffix(3000))")
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        return try #require(object, "\(sdk) printed \(run.output)")
    }

    static var expectedTools: [[String: Any]] { [["id": "call_1", "name": "get_weather", "arguments": ["city": "Paris", "unit": "c"]]] }

    @Test func openAIsSDKReassemblesTheChatCompletionStream() async throws {
        let result = try await Self.run("openai", [
            Post("/v1/chat/completions").body(.jsonPath("stream", equals: true))
                .respond(.openAIChatCompletionStream(Self.answer, every: .milliseconds(1))),
        ])
        #expect(result["text"] as? String == "Hello there", "\(result)")
        #expect(result["stop"] as? String == "tool_calls")
        #expect(result["usage"] as? [Int] == [12, 7])
        #expect(NSArray(array: result["tools"] as? [Any] ?? []).isEqual(to: Self.expectedTools), "\(result)")
    }

    @Test func anthropicsSDKReassemblesTheMessageStream() async throws {
        let result = try await Self.run("anthropic", [
            Post("/v1/messages").body(.jsonPath("stream", equals: true)).respond(.anthropicMessageStream(Self.answer, every: .milliseconds(1))),
        ])
        #expect(result["text"] as? String == "Hello there", "\(result)")
        #expect(result["stop"] as? String == "tool_use")
        #expect(result["usage"] as? [Int] == [12, 7])
        #expect(NSArray(array: result["tools"] as? [Any] ?? []).isEqual(to: Self.expectedTools), "\(result)")
    }

    @Test func theSDKYieldsEachDeltaAsTheTestSendsIt() async throws {
        let python = try #require(StreamClients.python, "the streaming SDKs are not installed")
        let server = try StubServer.start(.stubs {
            Post("/v1/chat/completions").respond(.eventStream([], end: .fedByTest))
        })
        defer { server.stop() }
        let client = try ChildProcess(python, [Self.script.path, "openai-live", server.baseURL.absoluteString])
        defer { client.kill() }
        // Python loads both SDKs first: on a busy machine that takes a while.
        let stream = try await server.nextStream(matching: Post("/v1/chat/completions"), timeout: .seconds(120))
        let events = ModelAnswer(text: ["Hel", "lo"], inputTokens: 1, outputTokens: 2).openAIChatCompletionEvents(includeUsage: false)
        // The role chunk and the first text delta; the SDK yields it while the stream is open.
        stream.send(Array(events.prefix(2)))
        #expect(await client.readLine(matching: #"^\{"delta": "Hel"\}$"#) != nil)
        stream.send(Array(events.dropFirst(2)))
        stream.finish()
        #expect(await client.readLine(matching: #"^\{"delta": "lo"\}$"#) != nil)
        let ended = await client.finish()
        #expect(ended.status == 0 && ended.output.contains(#"{"text": "Hello"}"#), "\(ended.output)\(ended.errors)")
    }

    @Test func aPlainAnswerEndsItsTurn() async throws {
        let plain = ModelAnswer(text: ["Just text."], inputTokens: 3, outputTokens: 2)
        let openAI = try await Self.run("openai", [Post("/v1/chat/completions").respond(.openAIChatCompletionStream(plain))])
        #expect(openAI["stop"] as? String == "stop" && openAI["text"] as? String == "Just text.", "\(openAI)")
        let anthropic = try await Self.run("anthropic", [Post("/v1/messages").respond(.anthropicMessageStream(plain))])
        #expect(anthropic["stop"] as? String == "end_turn" && anthropic["text"] as? String == "Just text.", "\(anthropic)")
    }

    @Test func theProvidersErrorEventIsRaisedByTheSDK() async throws {
        let failing = ModelAnswer(text: ["Hel"], failure: .init(type: "overloaded_error", message: "Overloaded"))
        let openAI = try await Self.run("openai", [Post("/v1/chat/completions").respond(.openAIChatCompletionStream(failing))])
        #expect(openAI["error"] as? String == "APIError", "\(openAI)")
        #expect((openAI["message"] as? String)?.contains("Overloaded") == true)
        let anthropic = try await Self.run("anthropic", [Post("/v1/messages").respond(.anthropicMessageStream(failing))])
        #expect(anthropic["error"] as? String == "APIStatusError", "\(anthropic)")
        #expect((anthropic["message"] as? String)?.contains("Overloaded") == true)
    }

    @Test func aMalformedEventFailsTheSDKAsItWouldAgainstTheRealAPI() async throws {
        let openAI = try await Self.run("openai", [
            Post("/v1/chat/completions").respond(.openAIChatCompletionStream(Self.answer, flaw: .malformedEvent)),
        ])
        #expect(openAI["error"] as? String == "JSONDecodeError", "\(openAI)")
        let anthropic = try await Self.run("anthropic", [
            Post("/v1/messages").respond(.anthropicMessageStream(Self.answer, flaw: .malformedEvent)),
        ])
        #expect(anthropic["error"] as? String == "JSONDecodeError", "\(anthropic)")
    }

    @Test func openAIsSDKEndsAStreamWithoutDoneQuietly() async throws {
        // The SDK stops at [DONE] and otherwise at the end of the body: a stream
        // without it reassembles all the same (as it would from the real API).
        let result = try await Self.run("openai", [
            Post("/v1/chat/completions").respond(.openAIChatCompletionStream(Self.answer, flaw: .missingDone)),
        ])
        #expect(result["text"] as? String == "Hello there", "\(result)")
    }
}

/// The Python with the streaming clients (`openai`, `anthropic`, `httpx-sse`).
enum StreamClients {
    static let python: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidate = root.appendingPathComponent(".build/venv-streams/bin/python")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()
}

/// httpx-sse (PyPI) reads a held-open stream event by event, as they go out.
@Suite(.enabled(if: StreamClients.python != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "httpx-sse is not installed (scripts/test installs it in .build/venv-streams; under CI its absence fails)"))
struct HTTPXSSETests {
    @Test func eachEventArrivesWhileTheStreamIsOpen() async throws {
        let python = try #require(StreamClients.python)
        let script = ModelStreamSDKTests.script.deletingLastPathComponent().appendingPathComponent("sse_events.py")
        let server = try StubServer.start([
            Get("/feed").respond(.eventStream([.message("one", id: "1"), ServerSentEvent(data: "a\nb", event: "update", retry: .milliseconds(500))],
                                              every: .milliseconds(5), end: .keepOpen(heartbeat: .heartbeat(), every: .milliseconds(20)))),
        ])
        defer { server.stop() }
        let client = try ChildProcess(python, [script.path, server.url("/feed").absoluteString])
        defer { client.kill() }
        #expect(await client.readLine() == #"{"event": "message", "data": "one", "id": "1", "retry": null}"#)
        #expect(await client.readLine() == #"{"event": "update", "data": "a\nb", "id": "1", "retry": 500}"#)
        #expect(server.isRunning, "both events arrived while the stream is still open")
        await server.stopWithoutBlocking()
        // httpx-sse dispatches on every blank line once an id was set, so each
        // heartbeat comes out as an empty event (a quirk of its decoder, which
        // openai's shares): read past them to the end.
        var line = await client.readLine()
        while line.contains(#""data": """#) { line = await client.readLine() }
        #expect(line == #"{"end": true}"#, "the stream ends when the server stops")
    }
}
