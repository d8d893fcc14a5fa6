import MicroHTTP

extension StubServer {
    /// Counters the server keeps while it runs (``StubServer/statistics``).
    public struct Statistics: Sendable, Equatable, CustomStringConvertible {
        /// TCP connections accepted since start.
        public var connectionsAccepted: Int
        /// TCP connections open now.
        public var connectionsOpen: Int
        /// Requests whose request line has arrived since start.
        public var requestsStarted: Int
        /// Requests finished with (answered, failed or dropped).
        public var requestsCompleted: Int
        /// Requests waiting for an answer (a delay, a held request) or paused
        /// between pieces of a streamed body, now.
        public var requestsSuspended: Int
        /// Times a connection was suspended since start.
        public var suspensions: Int
        /// Connections cut off because a request did not arrive in full within
        /// ``Configuration/requestArrivalTimeout``.
        public var slowRequestsCut: Int
        /// Requests refused before any stub saw them: over a request-head
        /// limit (414/431), ambiguous framing (400/501), a body that cannot be
        /// decoded (400/415) or too large (413).
        public var requestsRefused: Int

        /// No counts: a server in process has no connections.
        init() {
            connectionsAccepted = 0
            connectionsOpen = 0
            requestsStarted = 0
            requestsCompleted = 0
            requestsSuspended = 0
            suspensions = 0
            slowRequestsCut = 0
            requestsRefused = 0
        }

        /// The transport's counters, as the server's.
        init(_ daemon: DaemonStatistics) {
            connectionsAccepted = daemon.connectionsAccepted
            connectionsOpen = daemon.connectionsOpen
            requestsStarted = daemon.requestsStarted
            requestsCompleted = daemon.requestsCompleted
            requestsSuspended = daemon.requestsSuspended
            suspensions = daemon.suspensions
            slowRequestsCut = daemon.slowRequestsCut
            requestsRefused = daemon.requestsRefused
        }

        /// `accepted 3, open 1, started 5, completed 4, suspended 1, …`.
        public var description: String {
            "accepted \(connectionsAccepted), open \(connectionsOpen), started \(requestsStarted), completed \(requestsCompleted), "
                + "suspended \(requestsSuspended), suspensions \(suspensions), slow cut \(slowRequestsCut), refused \(requestsRefused)"
        }
    }
}
