/// How a ``Daemon`` listens and what it accepts.
public struct DaemonConfiguration: Sendable {
    /// The numeric IPv4 or IPv6 address to bind, or `localhost` (127.0.0.1).
    /// Loopback by default: a test double should not be reachable from elsewhere.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one (see ``Daemon/port``).
    public var port: Int
    /// The largest request body accepted; a larger one is answered with 413.
    public var maxBodySize: Int
    /// Threads that serve connections. Over plain HTTP, that many shared
    /// loops run the daemon (one libmicrohttpd daemon each, all on the one
    /// listening socket), with no thread made at start or joined at stop, up
    /// to two per core (at least four); more than that, or TLS, gives
    /// libmicrohttpd's own threads.
    public var threadCount: Int
    /// The most connections open at once; further ones are refused.
    public var connectionLimit: Int
    /// An idle or stalled connection is closed after this many seconds.
    public var connectionTimeoutSeconds: Int
    /// The longest a request may take to arrive in full, headers and body,
    /// counted from the connection opening or the previous response finishing.
    /// Unlike ``connectionTimeoutSeconds`` it also cuts off a client that
    /// trickles bytes slowly (slowloris). Time spent answering (a delayed or
    /// streamed response) does not count. Zero: no deadline.
    public var requestArrivalTimeout: Duration
    /// Memory per connection for the request line and headers; a request whose
    /// headers do not fit is answered by libmicrohttpd with its own 431.
    /// libmicrohttpd zeroes this pool for every request, so larger costs CPU
    /// per request (128 KiB serves about a third fewer requests per second).
    public var connectionMemoryLimit: Int
    /// The request-head limits the daemon refuses in JSON with 414 or 431.
    public var limits: RequestLimits
    /// The listen backlog.
    public var listenBacklog: Int
    /// How long ``Daemon/stop()`` waits for requests in flight (including
    /// suspended ones) before it answers what is left with 503.
    public var drainTimeout: Duration
    /// HTTPS: when set, the daemon speaks TLS only (a plain-HTTP request gets
    /// its connection closed), and with client CAs it requires client certificates.
    public var tls: TLSCredentials?

    /// Creates a configuration; every argument has a safe default.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        maxBodySize: Int = 16 << 20,
        threadCount: Int = 1,
        connectionLimit: Int = 4096,
        connectionTimeoutSeconds: Int = 60,
        requestArrivalTimeout: Duration = .seconds(60),
        connectionMemoryLimit: Int = 32 << 10,
        listenBacklog: Int = 1024,
        drainTimeout: Duration = .seconds(1),
        limits: RequestLimits = RequestLimits(),
        tls: TLSCredentials? = nil
    ) {
        self.host = host
        self.port = port
        self.maxBodySize = maxBodySize
        self.threadCount = threadCount
        self.connectionLimit = connectionLimit
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.requestArrivalTimeout = requestArrivalTimeout
        self.connectionMemoryLimit = connectionMemoryLimit
        self.listenBacklog = listenBacklog
        self.drainTimeout = drainTimeout
        self.limits = limits
        self.tls = tls
    }
}
