/// What a handler does with a request, in the form a transport sends: the
/// one shape both the libmicrohttpd daemon's `Reply` and the engine's
/// `Answer` take, differing only in how a prepared response is held and
/// where a later answer goes.
///
/// `Prepared` is a response built once and sent many times; `Sink` is what a
/// ``later(_:)`` answer is handed to complete the request.
public enum WireReply<Prepared: PreparedWireResponse, Sink: Sendable>: Sendable {
    /// Send this response now.
    case response(HTTPResponse)
    /// Send a response built once ahead of time; the cheapest reply.
    case prepared(Prepared)
    /// Send the status and headers of `head` (its body is ignored), then
    /// `body` piece by piece.
    case stream(head: HTTPResponse, body: StreamedBody)
    /// Write these bytes as they are, without HTTP framing, then close: a
    /// deliberately broken response.
    case raw([UInt8])
    /// Close the connection without sending anything.
    case closeConnection
    /// Reset the connection (TCP RST) without sending anything.
    case resetConnection
    /// Answer later: the request is held (no thread waits) and the closure
    /// receives the sink that completes it, from any thread.
    case later(@Sendable (Sink) -> Void)
    /// Switch protocols: send `head` (a 101; its body is ignored), then hand
    /// the connection to `accept` as raw bytes both ways (a WebSocket).
    case upgrade(head: HTTPResponse, accept: @Sendable (any UpgradedChannel) -> Void)
}

/// A response built once and sent many times, as a ``WireReply`` holds it.
public protocol PreparedWireResponse: AnyObject, Sendable {
    /// The response it was built from.
    var response: HTTPResponse { get }
}

extension WireReply {
    /// The status line's code the client gets, when it gets one: a raw
    /// reply's is read from its first line.
    @inlinable
    public var sentStatus: Int? {
        switch self {
        case .response(let response): return response.status
        case .prepared(let prepared): return prepared.response.status
        case .stream(let head, _), .upgrade(let head, _): return head.status
        case .raw(let bytes):
            let line = bytes.prefix(while: { $0 != UInt8(ascii: "\r") })
            let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
        case .closeConnection, .resetConnection, .later: return nil
        }
    }

    /// The full response when the reply carries one.
    @inlinable
    public var response: HTTPResponse? {
        switch self {
        case .response(let response): return response
        case .prepared(let prepared): return prepared.response
        default: return nil
        }
    }
}
