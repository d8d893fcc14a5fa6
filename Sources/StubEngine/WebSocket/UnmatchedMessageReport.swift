public import StubKit

/// A WebSocket message no rule of its stub answered: the message, the
/// connection's request and stub, and each rule with what it expected.
/// The connection stays open; the test hears of it as of an unmatched request.
public struct UnmatchedMessageReport: Sendable, CustomStringConvertible {
    /// The message.
    public var message: WebSocketMessage
    /// The handshake request of the connection it came on.
    public var request: RecordedRequest
    /// The stub that holds the connection.
    public var stub: Stub
    /// What each rule expected, in order.
    public var rules: [String]

    /// Creates a report.
    public init(message: WebSocketMessage, request: RecordedRequest, stub: Stub, rules: [String]) {
        self.message = message
        self.request = request
        self.stub = stub
        self.rules = rules
    }

    /// The message, where it came, and each rule it failed.
    public var description: String {
        var lines = ["a WebSocket message on \(request.method) \(request.path) matched no rule of \(stub.request) "
                     + "(declared at \(stub.location)): \(Self.shown(message))"]
        if rules.isEmpty {
            lines.append("  the stub has no rules: only the test answers its messages")
        } else {
            for (index, rule) in rules.enumerated() { lines.append("  ✗ rule \(index + 1): \(rule)") }
        }
        return lines.joined(separator: "\n")
    }

    /// A message as reports show it: text cut at 200 characters.
    static func shown(_ message: WebSocketMessage) -> String {
        guard case .text(let text) = message, text.count > 200 else { return message.description }
        return WebSocketMessage.text(String(text.prefix(200)) + "…").description
    }
}
