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
    /// Answer later. The connection is suspended (no worker thread waits) and
    /// the closure receives a ``Responder`` that resumes it from any thread.
    case later(@Sendable (Responder) -> Void)
}
