/// What a request handler does with a request.
public enum Reply: Sendable {
    /// Send this response now.
    case response(HTTPResponse)
    /// Send a response built once ahead of time; the cheapest reply.
    case prepared(PreparedResponse)
    /// Send the head of `head` (status and headers; its body is ignored) and
    /// then `body` piece by piece.
    case stream(head: HTTPResponse, body: StreamedBody)
    /// Write these bytes to the socket as they are, without HTTP framing, then
    /// close: for deliberately broken responses.
    case raw([UInt8])
    /// Close the connection without sending anything.
    case closeConnection
    /// Reset the connection (TCP RST) without sending anything.
    case resetConnection
    /// Answer later. The connection is suspended (no worker thread waits) and
    /// the closure receives a ``Responder`` that resumes it from any thread.
    case later(@Sendable (Responder) -> Void)
}

extension Reply {
    /// The status line's code the client gets, when it gets one: a raw
    /// reply's is read from its first line.
    package var sentStatus: Int? {
        switch self {
        case .response(let response): return response.status
        case .prepared(let prepared): return prepared.response.status
        case .stream(let head, _): return head.status
        case .raw(let bytes):
            let line = bytes.prefix(while: { $0 != UInt8(ascii: "\r") })
            let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
        case .closeConnection, .resetConnection, .later: return nil
        }
    }

    /// The full response when the reply carries one.
    package var response: HTTPResponse? {
        switch self {
        case .response(let response): return response
        case .prepared(let prepared): return prepared.response
        default: return nil
        }
    }
}
