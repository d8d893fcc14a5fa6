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

    /// Sends `reply` and resumes the connection. A nested ``Reply/later(_:)``
    /// is answered with 500: a responder answers, it does not defer again.
    public func send(_ reply: Reply) { core.resume(context, with: reply) }

    /// Sends `reply` after `delay`, from a timer: the connection stays
    /// suspended meanwhile and no thread waits.
    public func send(_ reply: Reply, after delay: Duration) {
        Timers.after(delay) { self.send(reply) }
    }

    /// Calls `handler` once if the client hangs up (closes or resets its
    /// connection) before the request is answered; the request then ends
    /// without an answer and this responder's calls do nothing. No thread
    /// waits: one process-wide watch polls every such socket.
    public func onHangUp(_ handler: @escaping @Sendable () -> Void) { core.watchHangUp(context, handler: handler) }

    /// Closes the connection without a response.
    public func closeConnection() { core.resume(context, with: .closeConnection) }
}
