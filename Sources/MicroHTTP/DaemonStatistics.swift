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
    /// Requests waiting for a ``Responder``, or paused between pieces of a
    /// streamed body, now.
    public var requestsSuspended: Int
    /// Times a connection was suspended since start (waiting for a
    /// ``Responder`` or pausing a streamed body).
    public var suspensions: Int
    /// Connections cut off because a request did not arrive in full within
    /// ``DaemonConfiguration/requestArrivalTimeout`` (slow headers or body).
    public var slowRequestsCut: Int
    /// Requests the daemon refused itself before any handler saw them: over a
    /// ``RequestLimits`` limit (414/431), ambiguous body framing (400/501), a
    /// body that cannot be decoded (400/415) or too large (413).
    public var requestsRefused: Int
}
