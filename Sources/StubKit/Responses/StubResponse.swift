public import Foundation

/// A fixed response a stub answers with: status, headers and body.
public struct StubResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The headers, in order.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// A reason phrase to send instead of the standard one (`418 I am a
    /// teapot really`). libmicrohttpd always sends the standard phrase, so a
    /// response with its own is written as raw bytes and its connection
    /// closed after it, unchanged by compression or CORS.
    public var reason: String?
    /// A body sent over time instead of ``body`` (an event stream, paced
    /// chunks); `nil` sends ``body`` at once.
    public var stream: ResponseStream?
    /// A WebSocket endpoint's conversation: the answer is the handshake's
    /// `101`, then this runs on the connection (``StubResponse/webSocket(_:)``).
    public var webSocket: WebSocketConversation?

    /// Creates a response.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), reason: String? = nil) {
        self.reason = reason
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An empty response with this status.
    public static func status(_ status: Int) -> StubResponse { StubResponse(status: status) }

    /// A UTF-8 text response with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// A JSON response from bytes that already hold JSON, with `Content-Type: application/json`.
    public static func json(_ body: Data, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON response from JSON text, with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        json(Data(text.utf8), status: status)
    }

    /// A JSON response encoding `value`, with `Content-Type: application/json`.
    public static func json(
        _ value: some Encodable,
        status: Int = 200,
        encoder: JSONEncoder = JSONEncoder()
    ) throws -> StubResponse {
        json(try encoder.encode(value), status: status)
    }

    /// A copy with one more header field.
    public func header(_ name: String, _ value: String) -> StubResponse {
        var copy = self
        copy.headers.add(name, value)
        return copy
    }
}
