/// What a request handler does with a request.
public enum Reply: Sendable {
    /// Send this response now.
    case response(HTTPResponse)
    /// Send a response built once ahead of time; the cheapest reply.
    case prepared(PreparedResponse)
    /// Close the connection without sending anything.
    case closeConnection
    /// Answer later. The connection is suspended (no worker thread waits) and
    /// the closure receives a ``Responder`` that resumes it from any thread.
    case later(@Sendable (Responder) -> Void)
}
