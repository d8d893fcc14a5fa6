import Foundation

/// One WebSocket message: text (UTF-8) or binary.
public enum WebSocketMessage: Sendable, Hashable, CustomStringConvertible {
    /// A text message.
    case text(String)
    /// A binary message.
    case binary([UInt8])

    /// A text message holding `value` as compact JSON.
    public static func json(_ value: some JSONValueConvertible) -> WebSocketMessage { .text(value.jsonValue.description) }

    /// The message's bytes: text as UTF-8.
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        }
    }

    /// The text of a text message; `nil` for a binary one.
    public var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// `text "…"` or `binary (N bytes)`, for reports.
    public var description: String {
        switch self {
        case .text(let text): "text \(text.debugDescription)"
        case .binary(let bytes): "binary (\(bytes.count) byte\(bytes.count == 1 ? "" : "s"))"
        }
    }
}

/// How a WebSocket connection is closed: a status code (RFC 6455 §7.4) and a reason.
public struct WebSocketClose: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The status code.
    public var code: UInt16
    /// Why, in UTF-8 (at most 123 bytes go on the wire).
    public var reason: String

    /// A close with `code` and `reason`.
    public init(code: UInt16, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// 1000: the purpose of the connection is fulfilled.
    public static let normal = WebSocketClose(code: 1000)
    /// 1001: the server is going away (it stops).
    public static let goingAway = WebSocketClose(code: 1001)
    /// 1002: the peer broke the protocol.
    public static func protocolError(_ reason: String) -> WebSocketClose { WebSocketClose(code: 1002, reason: reason) }
    /// 1003: a kind of data that is not accepted.
    public static func unacceptableData(_ reason: String = "") -> WebSocketClose { WebSocketClose(code: 1003, reason: reason) }
    /// 1007: data inconsistent with its type (text that is not UTF-8).
    public static func invalidData(_ reason: String) -> WebSocketClose { WebSocketClose(code: 1007, reason: reason) }
    /// 1008: a message that violates the server's policy.
    public static func policyViolation(_ reason: String = "") -> WebSocketClose { WebSocketClose(code: 1008, reason: reason) }
    /// 1009: a message too big to process.
    public static func tooBig(_ reason: String) -> WebSocketClose { WebSocketClose(code: 1009, reason: reason) }
    /// 1011: the server met an unexpected condition.
    public static func internalError(_ reason: String = "") -> WebSocketClose { WebSocketClose(code: 1011, reason: reason) }

    /// Whether `code` may be sent in a Close frame (RFC 6455 §7.4 and the
    /// IANA registry): 1000 to 1003, 1007 to 1014, 3000 to 4999.
    public static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// `1000 "reason"`.
    public var description: String { reason.isEmpty ? "\(code)" : "\(code) \(reason.debugDescription)" }
}
