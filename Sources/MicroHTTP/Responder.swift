/// Completes a request that was answered with ``Reply/later(_:)``.
///
/// Call one of its methods once, from any thread; later calls are ignored. If
/// the daemon stops first, it answers the request itself (see
/// ``Daemon/stop()``) and this responder's calls become no-ops.
public struct Responder: Sendable {
    let core: DaemonCore
    let context: RequestContext

    /// Sends `response` and resumes the connection.
    public func respond(_ response: HTTPResponse) { core.resume(context, with: .response(response)) }

    /// Sends a prepared response and resumes the connection.
    public func respond(_ prepared: PreparedResponse) { core.resume(context, with: .prepared(prepared)) }

    /// Closes the connection without a response.
    public func closeConnection() { core.resume(context, with: .close) }
}

/// The final answer to a request, decided now or after a suspension.
enum Outcome: Sendable {
    case response(HTTPResponse)
    case prepared(PreparedResponse)
    case close
}
