public import Foundation

/// What a journal knows of a WebSocket connection: the subprotocol agreed,
/// every message in and out in order with its time, and how the connection
/// ended. Filled in while the connection is open.
public struct WebSocketLog: Sendable, Hashable, Codable {
    /// One message, in or out.
    public struct Message: Sendable, Hashable, Codable {
        /// Which way it went.
        public enum Direction: String, Sendable, Hashable, Codable {
            /// From the client to the server.
            case received
            /// From the server (a stub's rule, or the test) to the client.
            case sent
        }

        /// Which way it went.
        public var direction: Direction
        /// The message.
        public var message: WebSocketMessage
        /// When it was read whole, or handed to the connection.
        public var at: Date
        /// For a received message: whether a rule of the stub answered it.
        /// A message no rule answers is reported like an unmatched request.
        public var answered: Bool

        /// A message going `direction`, at `at`.
        public init(direction: Direction, message: WebSocketMessage, at: Date = Date(), answered: Bool = true) {
            self.direction = direction
            self.message = message
            self.at = at
            self.answered = answered
        }
    }

    /// How a connection ended.
    public enum Ending: Sendable, Hashable, Codable {
        /// The client sent a Close (its code, when it gave one).
        case clientClosed(WebSocketClose?)
        /// The server sent a Close: a stub's rule, the test, or the server stopping (1001).
        case serverClosed(WebSocketClose)
        /// The client broke the protocol; the server failed the connection with this close.
        case protocolFailure(WebSocketClose)
        /// The connection dropped without a Close.
        case dropped
    }

    /// The subprotocol agreed in the handshake, if any.
    public var subprotocol: String?
    /// Every message, in order.
    public var messages: [Message]
    /// How the connection ended; `nil` while it is open.
    public var ending: Ending?

    /// A log of an open connection speaking `subprotocol`.
    public init(subprotocol: String? = nil, messages: [Message] = [], ending: Ending? = nil) {
        self.subprotocol = subprotocol
        self.messages = messages
        self.ending = ending
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { ending == nil }

    /// The messages the client sent, in order.
    public var received: [WebSocketMessage] { messages.filter { $0.direction == .received }.map(\.message) }

    /// The messages the server sent, in order.
    public var sent: [WebSocketMessage] { messages.filter { $0.direction == .sent }.map(\.message) }
}

extension WebSocketMessage: Codable {
    private enum CodingKeys: String, CodingKey { case text, base64 }

    /// `{"text": …}` or `{"base64": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .text(let text): try container.encode(text, forKey: .text)
        case .binary(let bytes): try container.encode(Data(bytes).base64EncodedString(), forKey: .base64)
        }
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text)
            return
        }
        let base64 = try container.decode(String.self, forKey: .base64)
        guard let bytes = Data(base64Encoded: base64) else {
            throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "not base64")
        }
        self = .binary(Array(bytes))
    }
}

