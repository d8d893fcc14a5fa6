// A ModelAnswer as the OpenAI and Anthropic APIs stream it: the event
// sequences, JSON shapes and headers the official SDKs read
// (../shared/reference/streaming.md §5).

extension StubResponse {
    /// `answer` as OpenAI's Chat Completions API streams it: `data:` chunks of
    /// `chat.completion.chunk` (a role delta, the text deltas, each tool
    /// call's first delta then its argument pieces, the finish reason), a
    /// usage chunk when `includeUsage` (the client's `stream_options`), then
    /// `data: [DONE]`. A ``ModelAnswer/failure`` goes out as a chunk with a
    /// top-level `error` instead of the end. Each event `every` after the last.
    public static func openAIChatCompletionStream(_ answer: ModelAnswer, every pace: Duration = .zero, includeUsage: Bool = true,
                                                  flaw: ModelStreamFlaw? = nil) -> StubResponse {
        eventStream(answer.openAIChatCompletionEvents(includeUsage: includeUsage, flaw: flaw), every: pace)
    }

    /// `answer` as Anthropic's Messages API streams it: named events
    /// `message_start`, per block `content_block_start`, `content_block_delta`
    /// (`text_delta`, `input_json_delta`) and `content_block_stop`, then
    /// `message_delta` (stop reason, output tokens) and `message_stop`. A
    /// ``ModelAnswer/failure`` goes out as `event: error` instead of the end.
    /// Each event `every` after the last.
    public static func anthropicMessageStream(_ answer: ModelAnswer, every pace: Duration = .zero, flaw: ModelStreamFlaw? = nil) -> StubResponse {
        eventStream(answer.anthropicMessageEvents(flaw: flaw), every: pace)
    }
}

extension ModelAnswer {
    /// The events of ``StubResponse/openAIChatCompletionStream(_:every:includeUsage:flaw:)``,
    /// for a test that sends them itself through a ``ResponseStream/End/fedByTest`` stream.
    public func openAIChatCompletionEvents(includeUsage: Bool = true, flaw: ModelStreamFlaw? = nil) -> [ServerSentEvent] {
        let answer = self
        func chunk(_ delta: JSONValue, finish: String? = nil) -> ServerSentEvent {
            let choice: JSONValue = .object(["index": 0, "delta": delta, "logprobs": .null, "finish_reason": finish.map(JSONValue.string) ?? .null])
            return .message(Self.openAIChunk(answer, choices: [choice], usage: includeUsage ? .null : nil).description)
        }
        var events = [chunk(.object(["role": "assistant", "content": ""]))]
        for (index, piece) in answer.text.enumerated() {
            events.append(chunk(.object(["content": .string(piece)])))
            if index == 0, flaw == .malformedEvent { events.append(.message("{\"choices\": [ not json")) }
        }
        for (index, call) in answer.toolCalls.enumerated() {
            let first: JSONValue = .object(["index": .number(Double(index)), "id": .string(call.id), "type": "function",
                                            "function": .object(["name": .string(call.name), "arguments": ""])])
            events.append(chunk(.object(["tool_calls": .array([first])])))
            for piece in call.argumentPieces {
                let next: JSONValue = .object(["index": .number(Double(index)), "function": .object(["arguments": .string(piece)])])
                events.append(chunk(.object(["tool_calls": .array([next])])))
            }
        }
        if let failure = answer.failure {
            events.append(.message(JSONValue.object(["error": .object(["type": .string(failure.type), "message": .string(failure.message)])]).description))
        } else {
            events.append(chunk(.object([:]), finish: Self.openAIFinishReason(answer.stopReason)))
            if includeUsage {
                let usage: JSONValue = .object(["prompt_tokens": .number(Double(answer.inputTokens)), "completion_tokens": .number(Double(answer.outputTokens)),
                                                "total_tokens": .number(Double(answer.inputTokens + answer.outputTokens))])
                events.append(.message(Self.openAIChunk(answer, choices: [], usage: usage).description))
            }
            if flaw != .missingDone { events.append(.message("[DONE]")) }
        }
        return events
    }

    /// The events of ``StubResponse/anthropicMessageStream(_:every:flaw:)``,
    /// for a test that sends them itself through a ``ResponseStream/End/fedByTest`` stream.
    public func anthropicMessageEvents(flaw: ModelStreamFlaw? = nil) -> [ServerSentEvent] {
        let answer = self
        func event(_ name: String, _ data: [String: JSONValue]) -> ServerSentEvent {
            var data = data
            data["type"] = .string(name)
            return ServerSentEvent(data: JSONValue.object(data).description, event: name)
        }
        let usage: JSONValue = .object(["input_tokens": .number(Double(answer.inputTokens)), "output_tokens": 1])
        var events = [event("message_start", ["message": .object([
            "id": .string(answer.id), "type": "message", "role": "assistant", "model": .string(answer.model), "content": .array([]),
            "stop_reason": .null, "stop_sequence": .null, "usage": usage,
        ])])]
        var block = 0
        if !answer.text.isEmpty {
            events.append(event("content_block_start", ["index": 0, "content_block": .object(["type": "text", "text": ""])]))
            for (index, piece) in answer.text.enumerated() {
                events.append(event("content_block_delta", ["index": 0, "delta": .object(["type": "text_delta", "text": .string(piece)])]))
                if index == 0, flaw == .malformedEvent { events.append(ServerSentEvent(data: "{\"type\": \"content_block_delta\", not json", event: "content_block_delta")) }
            }
            events.append(event("content_block_stop", ["index": 0]))
            block = 1
        }
        for call in answer.toolCalls {
            let index = JSONValue.number(Double(block))
            events.append(event("content_block_start", ["index": index, "content_block": .object([
                "type": "tool_use", "id": .string(call.id), "name": .string(call.name), "input": .object([:]),
            ])]))
            for piece in call.argumentPieces {
                events.append(event("content_block_delta", ["index": index, "delta": .object(["type": "input_json_delta", "partial_json": .string(piece)])]))
            }
            events.append(event("content_block_stop", ["index": index]))
            block += 1
        }
        if let failure = answer.failure {
            events.append(event("error", ["error": .object(["type": .string(failure.type), "message": .string(failure.message)])]))
        } else {
            events.append(event("message_delta", [
                "delta": .object(["stop_reason": .string(Self.anthropicStopReason(answer.stopReason)), "stop_sequence": .null]),
                "usage": .object(["output_tokens": .number(Double(answer.outputTokens))]),
            ]))
            events.append(event("message_stop", [:]))
        }
        return events
    }

    private static func openAIChunk(_ answer: ModelAnswer, choices: [JSONValue], usage: JSONValue?) -> JSONValue {
        var chunk: [String: JSONValue] = ["id": .string(answer.id), "object": "chat.completion.chunk", "created": 1_700_000_000,
                                          "model": .string(answer.model), "choices": .array(choices)]
        if let usage { chunk["usage"] = usage }
        return .object(chunk)
    }

    private static func openAIFinishReason(_ reason: ModelAnswer.StopReason) -> String {
        switch reason {
        case .endOfTurn, .stopSequence: "stop"
        case .maxTokens: "length"
        case .toolUse: "tool_calls"
        }
    }

    private static func anthropicStopReason(_ reason: ModelAnswer.StopReason) -> String {
        switch reason {
        case .endOfTurn: "end_turn"
        case .maxTokens: "max_tokens"
        case .toolUse: "tool_use"
        case .stopSequence: "stop_sequence"
        }
    }
}
