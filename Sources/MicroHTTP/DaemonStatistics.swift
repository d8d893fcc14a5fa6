/// Counters a ``Daemon`` keeps while it runs; read them with ``Daemon/statistics``.
public struct DaemonStatistics: Sendable, Equatable {
    /// TCP connections accepted since start.
    public var connectionsAccepted: Int
    /// TCP connections open now.
    public var connectionsOpen: Int
    /// Requests whose request line has arrived since start.
    public var requestsStarted: Int
    /// Requests libmicrohttpd has finished with (answered, failed or dropped).
    public var requestsCompleted: Int
    /// Requests waiting for a ``Responder`` now.
    public var requestsSuspended: Int
}
