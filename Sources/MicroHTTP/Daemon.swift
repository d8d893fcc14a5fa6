import Locking
import Dispatch
import Synchronization
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running libmicrohttpd server that hands each request to a Swift handler.
///
/// The handler runs on libmicrohttpd's threads, or, for a plain-HTTP daemon,
/// on loop threads other daemons may share; so it must be
/// quick and thread-safe. Slow answers use ``Reply/later(_:)``, which suspends
/// the connection instead of holding a thread. A class because it owns
/// threads and sockets for its lifetime; ``stop()`` (or deinit) releases all
/// of them (a shared loop's thread stays, for the next daemon).
public final class Daemon: Sendable {
    /// The address the daemon is bound to, as configured (`localhost` becomes `127.0.0.1`).
    public let host: String
    /// The bound TCP port; the system's choice when the configuration said 0.
    public let port: Int
    private let core: DaemonCore
    private let drainTimeout: Duration
    /// The server's libmicrohttpd daemons (one, or one per loop); `nil` once stopped.
    private let handle: Locked<[OpaquePointer]?>
    private let running = Atomic<Bool>(true)
    /// The PEM texts GnuTLS reads, kept for the daemon's lifetime.
    private let tlsMemory: TLSMemory
    /// Whether the daemon speaks HTTPS.
    public let usesTLS: Bool

    /// Binds, starts libmicrohttpd's threads and begins serving.
    ///
    /// - Throws: ``DaemonError`` naming the address when it cannot listen.
    public init(
        _ configuration: DaemonConfiguration = DaemonConfiguration(),
        handler: @escaping @Sendable (HTTPRequest) -> Reply
    ) throws(DaemonError) {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        try Self.validate(configuration)
        var boundPort: UInt16 = 0
        let fd = c_mhd_listen(host, UInt16(configuration.port), Int32(configuration.listenBacklog), &boundPort)
        let address = Self.format(host: host, port: fd >= 0 ? Int(boundPort) : configuration.port)
        if fd == C_MHD_BAD_HOST { throw .invalidHost(configuration.host) }
        if fd < 0 { throw .bindFailed(address: address, errno: -fd, reason: String(cString: strerror(-fd))) }

        // Plain HTTP: run by shared loops, so no thread is made or joined (DaemonLoop).
        let seats = Self.loopSeats(for: configuration)
        // Each libmicrohttpd daemon of the server listens on its own descriptor of the one socket.
        var sockets = [fd]
        for _ in seats.dropFirst() {
            let copy = c_mhd_share_listen_fd(fd)
            guard copy >= 0 else {
                sockets.forEach { _ = close($0) }
                seats.forEach { $0.loop.leave($0) }
                throw .startFailed(address: address)
            }
            sockets.append(copy)
        }
        let core = DaemonCore(handler: handler, maxBodySize: configuration.maxBodySize, limits: configuration.limits,
                              arrival: ArrivalWatch(limit: configuration.requestArrivalTimeout),
                              connectionMemoryLimit: configuration.connectionMemoryLimit,
                              requiresClientCertificate: configuration.tls?.clientCertificateAuthoritiesPEM != nil,
                              seats: seats.map { DaemonCore.Seating($0) })
        let tlsMemory = TLSMemory(configuration.tls)
        _ = PanicReport.installed
        var daemons: [OpaquePointer] = []
        func abandon() {
            seats.forEach { $0.loop.leave($0) }
            daemons.forEach { MHD_stop_daemon($0) }
        }
        for (index, socket) in sockets.enumerated() {
            // libmicrohttpd's own thread pool splits the connection limit the same way.
            let limit = configuration.connectionLimit / sockets.count
                + (index < configuration.connectionLimit % sockets.count ? 1 : 0)
            guard let daemon = Self.start(core, listening: socket, onLoop: !seats.isEmpty, connectionLimit: limit,
                                          configuration, tlsMemory) else {
                // On failure libmicrohttpd has already closed the listen socket it was given.
                sockets[(index + 1)...].forEach { _ = close($0) }
                abandon()
                if configuration.tls != nil { throw .tlsRejected(address: address) }
                throw .startFailed(address: address)
            }
            daemons.append(daemon)
        }
        for (daemon, seating) in zip(daemons, core.seats) {
            // Before the loop runs it, so before any of its connections is resumed.
            seating.daemon.store(UInt(bitPattern: daemon), ordering: .releasing)
            let events = c_mhd_epoll_fd(daemon)
            guard events >= 0, seating.seat.loop.attach(seating.seat, daemon: daemon, events: events) else {
                abandon()
                throw .startFailed(address: address)
            }
        }
        self.tlsMemory = tlsMemory
        self.usesTLS = configuration.tls != nil
        self.host = host
        self.port = Int(boundPort)
        self.core = core
        self.drainTimeout = configuration.drainTimeout
        self.handle = Locked(daemons)
    }

    deinit { stop() }

    /// How many shared loops run daemons without a thread of their own in
    /// this process. Each keeps one thread and two descriptors for the
    /// process's life, which a leak count must not take for a leak.
    package static var sharedLoops: Int { DaemonLoop.count }

    /// The most threads a plain-HTTP daemon runs on shared loops; one that
    /// asks for more gets libmicrohttpd's own threads.
    package static var mostLoopThreads: Int { DaemonLoop.limit }

    /// TLS answer heads that were held for a body no record followed
    /// (``TLSAnswerSegments``): none, unless its rule misjudged an answer.
    var tlsHeadsSentAlone: Int { core.headsSentAlone.load(ordering: .relaxed) }

    /// `host:port`, with IPv6 hosts in brackets.
    public var address: String { Self.format(host: host, port: port) }

    /// Whether the daemon still serves; false from the moment ``stop()`` begins.
    public var isRunning: Bool { running.load(ordering: .acquiring) }

    /// The daemon's counters now.
    public var statistics: DaemonStatistics {
        DaemonStatistics(
            connectionsAccepted: core.connectionsAccepted.load(ordering: .relaxed),
            connectionsOpen: core.connectionsOpen.load(ordering: .relaxed),
            requestsStarted: core.requestsStarted.load(ordering: .relaxed),
            requestsCompleted: core.requestsCompleted.load(ordering: .relaxed),
            requestsSuspended: core.requestsSuspended,
            suspensions: core.suspensions.load(ordering: .relaxed),
            slowRequestsCut: core.arrival?.connectionsCut.load(ordering: .relaxed) ?? 0,
            requestsRefused: core.requestsRefused.load(ordering: .relaxed)
        )
    }

    /// Stops serving and releases every thread, socket and context.
    ///
    /// Refuses new connections first, then waits up to the configured
    /// drain timeout for requests in flight, including suspended ones, to be
    /// answered; requests still suspended then are answered with 503. Every
    /// request answered after stop began (those 503s, and a request whose
    /// handler was running meanwhile) is sent before the connections close;
    /// requests whose head or body has not arrived in full are cut off.
    /// Returns when libmicrohttpd's threads have ended. Safe to call more than
    /// once and from several threads; every call returns after the daemon stopped.
    public func stop() {
        handle.withLock { handle in
            guard let daemons = handle else { return }
            handle = nil
            running.store(false, ordering: .releasing)
            // Refuse new connections from here on. (Not MHD_quiesce_daemon:
            // in 0.9.75 its epoll bookkeeping races the polling thread and
            // can abort the process; MHD_stop_daemon closes the socket.)
            core.accepting.store(false, ordering: .releasing)
            core.stopping.store(true, ordering: .sequentiallyConsistent)
            core.closeUpgraded(grace: .seconds(2))
            core.releaseHeldStreams()
            _ = core.inFlight.wait(timeout: .now() + .nanoseconds(Int(drainTimeout.nanoseconds)))
            // From here nothing suspends, and what is still suspended gets 503.
            core.stopSuspending()
            // A handler that was deciding as stop began has either seen
            // `stopping` (and counted its answer) or answered before: wait
            // for it without a bound (libmicrohttpd's stop would wait for it
            // all the same, to join the thread it runs on), then for every
            // counted answer to be sent. That bound only stops a client that
            // never reads from holding stop forever. (A fixed 100 ms lost
            // some of 1,000 503s on a loaded machine.)
            core.handling.wait()
            _ = core.answeringAtStop.wait(timeout: .now() + Self.answerAtStopLimit)
            core.arrival?.stop()
            // A daemon run by a loop is stopped here, once the loop has let it go.
            for seating in core.seats { seating.seat.loop.leave(seating.seat) }
            daemons.forEach { MHD_stop_daemon($0) }
        }
    }

    /// How long stop waits for the answers given after it began (the 503s to
    /// requests still suspended among them) to be sent.
    static let answerAtStopLimit: DispatchTimeInterval = .seconds(10)

    private static func validate(_ configuration: DaemonConfiguration) throws(DaemonError) {
        func check(_ ok: Bool, _ text: @autoclosure () -> String) throws(DaemonError) {
            if !ok { throw .invalidConfiguration(text()) }
        }
        try check((0...65535).contains(configuration.port), "port \(configuration.port) is not in 0...65535")
        try check(configuration.maxBodySize >= 0, "maxBodySize must not be negative")
        try check((1...1024).contains(configuration.threadCount), "threadCount \(configuration.threadCount) is not in 1...1024")
        try check((1...1_000_000).contains(configuration.connectionLimit),
                  "connectionLimit \(configuration.connectionLimit) is not in 1...1000000")
        try check((0...86_400).contains(configuration.connectionTimeoutSeconds),
                  "connectionTimeoutSeconds \(configuration.connectionTimeoutSeconds) is not in 0...86400 (0: never)")
        try check((4096...(1 << 30)).contains(configuration.connectionMemoryLimit),
                  "connectionMemoryLimit \(configuration.connectionMemoryLimit) is not in 4096...1073741824 bytes")
        try check((1...65535).contains(configuration.listenBacklog),
                  "listenBacklog \(configuration.listenBacklog) is not in 1...65535")
        try check(configuration.requestArrivalTimeout >= .zero, "requestArrivalTimeout must not be negative (zero: none)")
        try check(configuration.drainTimeout >= .zero, "drainTimeout must not be negative")
        let limits = configuration.limits
        try check(limits.maxTargetBytes >= 1 && limits.maxHeaderFields >= 1 && limits.maxHeaderBytes >= 1 && limits.maxCookies >= 0,
                  "limits must be positive: maxTargetBytes \(limits.maxTargetBytes), maxHeaderFields \(limits.maxHeaderFields), "
                  + "maxHeaderBytes \(limits.maxHeaderBytes), maxCookies \(limits.maxCookies)")
    }

    static func format(host: String, port: Int) -> String {
        host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
