import Foundation

/// What a WebSocket stub does once the handshake is done: messages sent on
/// connect, and rules answering the client's messages. A message no rule
/// matches is journaled and reported like an unmatched request; the
/// connection stays open. The test can take the connection over at any time
/// (the server's `nextWebSocket(matching:)`).
///
/// ```swift
/// Get("/chat").respond(.webSocket(WebSocketConversation(
///     onConnect: [.send(.text("welcome"))],
///     rules: [
///         .on(.text("ping"), reply: [.send(.text("pong"))]),
///         .on(.jsonPath("type", equals: "subscribe"), reply: [.send(.json(["type": "subscribed"]), after: .milliseconds(10))]),
///         .on(.text("bye"), reply: [.close(.normal)]),
///     ])))
/// ```
public struct WebSocketConversation: Sendable, Hashable {
    /// The subprotocols this endpoint speaks, in its order of preference.
    /// Empty: it echoes the first one the client offers, if any (browsers and
    /// Node fail a connection whose offered protocols get no answer).
    public var protocols: [String]
    /// What the server does as soon as the connection is open.
    public var onConnect: [WebSocketAction]
    /// The rules, tried in order; the first whose matcher accepts a client
    /// message answers it.
    public var rules: [WebSocketRule]
    /// The largest message the client may send; a bigger one fails the
    /// connection with 1009.
    public var maximumMessageBytes: Int

    /// A conversation that speaks `protocols`, acts `onConnect`, and answers by `rules`.
    public init(protocols: [String] = [], onConnect: [WebSocketAction] = [], rules: [WebSocketRule] = [],
                maximumMessageBytes: Int = 16 << 20) {
        self.protocols = protocols
        self.onConnect = onConnect
        self.rules = rules
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// An echo endpoint: every message is sent back as it came.
    public static let echo = WebSocketConversation(rules: [.on(.any, reply: [.echo()])])

    /// The rules whose matcher accepts `message`, in order (a rule's
    /// scenario state is the server's to check).
    public func candidates(for message: WebSocketMessage) -> [WebSocketRule] {
        rules.filter { $0.matcher.accepts(message) }
    }
}

/// One rule of a ``WebSocketConversation``: a matcher and what to do when a
/// client message passes it.
public struct WebSocketRule: Sendable, Hashable {
    /// Which messages the rule answers.
    public var matcher: WebSocketMessageMatcher
    /// What the server does, in order.
    public var actions: [WebSocketAction]
    /// The scenario state the rule needs, and the state it moves to when it
    /// answers: the same scenarios stubs use, so a message can change what
    /// the next request gets (and a request what the next message gets).
    public var scenario: ScenarioStep?

    /// A rule answering messages `matcher` accepts with `actions`, within `scenario` when given.
    public init(_ matcher: WebSocketMessageMatcher, actions: [WebSocketAction], scenario: ScenarioStep? = nil) {
        self.matcher = matcher
        self.actions = actions
        self.scenario = scenario
    }

    /// A rule answering messages `matcher` accepts with `reply`, within `scenario` when given.
    public static func on(_ matcher: WebSocketMessageMatcher, reply: [WebSocketAction], scenario: ScenarioStep? = nil) -> WebSocketRule {
        WebSocketRule(matcher, actions: reply, scenario: scenario)
    }
}

/// Something the server does on a WebSocket connection, after a pause.
public struct WebSocketAction: Sendable, Hashable {
    /// What is done.
    public enum Kind: Sendable, Hashable {
        /// Send a message.
        case send(WebSocketMessage)
        /// Start the close handshake.
        case close(WebSocketClose)
        /// Send back the message that set the rule off (nothing on connect).
        case echo
    }

    /// What is done.
    public var kind: Kind
    /// The pause before it, counted from the one before (or from the
    /// message or connection that set it off).
    public var after: Duration

    /// Sends `message` `after` a pause.
    public static func send(_ message: WebSocketMessage, after: Duration = .zero) -> WebSocketAction {
        WebSocketAction(kind: .send(message), after: after)
    }

    /// Sends back the client's message `after` a pause.
    public static func echo(after: Duration = .zero) -> WebSocketAction {
        WebSocketAction(kind: .echo, after: after)
    }

    /// Closes with `close` `after` a pause.
    public static func close(_ close: WebSocketClose, after: Duration = .zero) -> WebSocketAction {
        WebSocketAction(kind: .close(close), after: after)
    }
}

/// Which client messages a ``WebSocketRule`` answers: of a kind (text or
/// binary, or either), whose bytes every ``BodyMatcher`` of ``body`` accepts.
public struct WebSocketMessageMatcher: Sendable, Hashable, CustomStringConvertible {
    /// Text or binary.
    public enum Kind: String, Sendable, Hashable {
        /// A text message.
        case text
        /// A binary message.
        case binary
    }

    /// The kind required; `nil`: either.
    public var kind: Kind?
    /// What the message's bytes must pass, every one; empty: anything.
    public var body: [BodyMatcher]

    /// A matcher for messages of `kind` whose bytes pass every matcher of `body`.
    public init(kind: Kind? = nil, body: [BodyMatcher] = []) {
        self.kind = kind
        self.body = body
    }

    /// Any message.
    public static let any = WebSocketMessageMatcher()
    /// A text message that is exactly `text`.
    public static func text(_ text: String) -> WebSocketMessageMatcher { WebSocketMessageMatcher(kind: .text, body: [.text(text)]) }
    /// A text message that contains `text`.
    public static func textContaining(_ text: String) -> WebSocketMessageMatcher { WebSocketMessageMatcher(kind: .text, body: [.contains(text)]) }
    /// A text message matching the regular expression `pattern`.
    public static func text(matching pattern: TextPattern) -> WebSocketMessageMatcher { WebSocketMessageMatcher(kind: .text, body: [.matches(pattern)]) }
    /// A text message of JSON holding at least `value`'s keys and values.
    public static func jsonSubset(_ value: some JSONValueConvertible) -> WebSocketMessageMatcher {
        WebSocketMessageMatcher(kind: .text, body: [.jsonSubset(value)])
    }
    /// A text message of JSON whose value at `path` equals `value`.
    public static func jsonPath(_ path: String, equals value: some JSONValueConvertible) -> WebSocketMessageMatcher {
        WebSocketMessageMatcher(kind: .text, body: [.jsonPath(path, equals: value)])
    }
    /// A binary message that is exactly `bytes`; any binary message when `nil`.
    public static func binary(_ bytes: [UInt8]? = nil) -> WebSocketMessageMatcher {
        WebSocketMessageMatcher(kind: .binary, body: bytes.map { [.exact(Data($0))] } ?? [])
    }

    /// Whether `message` passes.
    public func accepts(_ message: WebSocketMessage) -> Bool {
        switch (kind, message) {
        case (.text, .binary), (.binary, .text): return false
        default:
            let bytes = Data(message.bytes)
            return body.allSatisfy { $0.accepts(bytes) }
        }
    }

    /// `text == "…"`, `binary`, `any message`, with the body conditions.
    public var description: String {
        let kindText = kind?.rawValue ?? (body.isEmpty ? "any message" : "message")
        return ([kindText] + body.map(\.description)).joined(separator: " ")
    }
}

extension StubResponse {
    /// A WebSocket endpoint: the handshake is answered (`101 Switching
    /// Protocols`, per RFC 6455) and `conversation` runs on the connection.
    /// A request that is not a valid WebSocket handshake gets 400 (426 for
    /// an unsupported version) saying what is wrong.
    public static func webSocket(_ conversation: WebSocketConversation = WebSocketConversation()) -> StubResponse {
        var response = StubResponse(status: 101)
        response.webSocket = conversation
        return response
    }
}
