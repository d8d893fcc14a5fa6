import Synchronization
internal import CMicroHTTPD

/// The state of one request between libmicrohttpd's callbacks.
///
/// Created when the request line arrives (URI log callback) and released when
/// libmicrohttpd reports the request complete. Confinement: `phase`, `body`,
/// `bodyTooLarge` and `bodyBytesSeen` are touched only by the daemon thread
/// serving the connection; `connection` is immutable; `pending` is written by
/// a ``Responder`` under the core's lock before the connection is resumed, and
/// read by the daemon thread after libmicrohttpd has resumed it.
final class RequestContext: @unchecked Sendable {
    enum Phase { case fresh, receiving, suspended, answered }

    let target: String
    let connection: OpaquePointer
    /// The connection's own state (libmicrohttpd's socket context).
    let peer: ConnectionContext?
    // Confined as said above, so the runtime's exclusivity check on each
    // access (every request reads and writes these) would find nothing.
    @exclusivity(unchecked) var phase = Phase.fresh
    @exclusivity(unchecked) var body: [UInt8] = []
    @exclusivity(unchecked) var bodyBytesSeen = 0
    @exclusivity(unchecked) var bodyTooLarge = false
    @exclusivity(unchecked) var pending: Reply?
    /// The bytes of the connection's memory the request's head holds
    /// (``ResponseHeadRoom``), once the limits have accepted it.
    @exclusivity(unchecked) var heldBytes = 0
    /// Whether it was answered after stop began (``DaemonCore/answeringAtStop``
    /// holds it until it completes).
    var answeredAtStop = false
    /// The verified client certificate's subject, under mutual TLS.
    var clientCertificateSubject: String?
    /// Whether the request's answer carries no body whatever its status
    /// (HEAD, CONNECT), as libmicrohttpd decides; set at its first call, over
    /// TLS only (``TLSAnswerSegments`` reads it).
    @exclusivity(unchecked) var answerHasNoBody = false

    init(target: String, connection: OpaquePointer, peer: ConnectionContext?) {
        self.target = target
        self.connection = connection
        self.peer = peer
    }
}

/// The state of one TCP connection: its number, its peer address and socket,
/// computed once when libmicrohttpd accepts it, and since when it has been
/// waiting for a request to arrive in full (see ``ArrivalWatch``).
final class ConnectionContext: Sendable {
    let id: UInt64
    let remoteAddress: String
    let socket: Int32
    /// Monotonic nanoseconds since the connection opened or last finished a
    /// response, while a request is still arriving; 0 while one is answered.
    let awaitingSince: Atomic<UInt64>
    /// A TLS connection's sending function's state (`c_tls_sender_attach`),
    /// `nil` for plain HTTP: touched only by the thread serving the
    /// connection, through libmicrohttpd's calls; freed with this object,
    /// which libmicrohttpd's socket context holds until its session is gone.
    nonisolated(unsafe) let tlsSender: UnsafeMutableRawPointer?

    init(id: UInt64, remoteAddress: String, socket: Int32, tlsSender: UnsafeMutableRawPointer? = nil) {
        self.id = id
        self.remoteAddress = remoteAddress
        self.socket = socket
        self.awaitingSince = Atomic(ArrivalWatch.now())
        self.tlsSender = tlsSender
    }

    deinit { if let tlsSender { c_tls_sender_free(tlsSender) } }

    /// The whole request has arrived: the clock stops while it is answered.
    func requestArrived() { awaitingSince.store(0, ordering: .relaxed) }

    /// A response is done: the clock starts for the next request.
    func responseFinished() { awaitingSince.store(ArrivalWatch.now(), ordering: .relaxed) }
}
