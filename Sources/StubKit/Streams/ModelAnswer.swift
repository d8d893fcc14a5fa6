/// What a language model says in one streamed answer, provider-neutral: its
/// text, its tool calls, how it stopped and what it used. The OpenAI and
/// Anthropic recipes (``StubResponse/openAIChatCompletionStream(_:every:includeUsage:flaw:)``,
/// ``StubResponse/anthropicMessageStream(_:every:flaw:)``) write it as that
/// provider streams it.
public struct ModelAnswer: Sendable, Hashable {
    /// One tool call: its id, the tool's name, and its JSON arguments in the
    /// pieces they stream in.
    public struct ToolCall: Sendable, Hashable {
        /// The call's id.
        public var id: String
        /// The tool's name.
        public var name: String
        /// The arguments' JSON text, piece by piece (joined, it must be a JSON object).
        public var argumentPieces: [String]

        /// A call of `name` with `arguments` streamed in `pieces`.
        public init(id: String, name: String, argumentPieces: [String]) {
            self.id = id
            self.name = name
            self.argumentPieces = argumentPieces
        }
    }

    /// Why the answer ended.
    public enum StopReason: Sendable, Hashable {
        /// The model finished its turn (OpenAI `stop`, Anthropic `end_turn`).
        case endOfTurn
        /// It ran out of tokens (`length`, `max_tokens`).
        case maxTokens
        /// It wants its tool calls run (`tool_calls`, `tool_use`).
        case toolUse
        /// It met a stop sequence (`stop`, `stop_sequence`).
        case stopSequence
    }

    /// The answer's id.
    public var id: String
    /// The model's name.
    public var model: String
    /// The text, delta by delta.
    public var text: [String]
    /// The tool calls, in order, after the text.
    public var toolCalls: [ToolCall]
    /// Why it ended.
    public var stopReason: StopReason
    /// Tokens read.
    public var inputTokens: Int
    /// Tokens written.
    public var outputTokens: Int
    /// An error the provider reports mid-stream instead of ending, after the text.
    public var failure: Failure?

    /// An error a provider reports mid-stream.
    public struct Failure: Sendable, Hashable {
        /// Its type (`overloaded_error`, `server_error`).
        public var type: String
        /// Its message.
        public var message: String

        /// An error of `type` saying `message`.
        public init(type: String, message: String) {
            self.type = type
            self.message = message
        }
    }

    /// An answer; the stop reason is `.toolUse` when there are tool calls, `.endOfTurn` otherwise.
    public init(id: String = "answer-1", model: String = "test-model", text: [String], toolCalls: [ToolCall] = [],
                stopReason: StopReason? = nil, inputTokens: Int = 10, outputTokens: Int = 5,
                failure: Failure? = nil) {
        self.id = id
        self.model = model
        self.text = text
        self.toolCalls = toolCalls
        self.stopReason = stopReason ?? (toolCalls.isEmpty ? .endOfTurn : .toolUse)
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.failure = failure
    }
}

/// A deliberate flaw in a provider's stream, for testing how a client copes.
public enum ModelStreamFlaw: Sendable, Hashable {
    /// OpenAI's closing `data: [DONE]` is left out.
    case missingDone
    /// An event whose data is not JSON goes out after the first text delta.
    case malformedEvent
}
