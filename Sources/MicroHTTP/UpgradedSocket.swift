import Dispatch
import Locking
import Synchronization
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// A connection libmicrohttpd handed over after a 101 (its upgrade API):
/// the raw socket, read by a dispatch source and written without blocking,
/// every step on the connection's own serial queue, so no thread waits on it.
///
/// The socket is libmicrohttpd's: it is never closed here. The end is
/// `MHD_upgrade_action(CLOSE)`, sent once both sources' cancellations ran
/// (nothing watches the socket any more).
final class UpgradedSocket: UpgradedChannel, @unchecked Sendable {
    private let socket: Int32
    /// The client's TCP socket: `socket` itself, or over TLS the socket
    /// libmicrohttpd forwards `socket`'s bytes to, encrypted.
    private let clientSocket: Int32
    private let handle: OpaquePointer
    private let core: DaemonCore
    /// The loop to wake once the connection is handed back, when a loop runs its daemon.
    private let seat: DaemonLoop.Seat?
    /// The daemon's one queue for every upgraded connection: a connection's
    /// steps stay in order, and a thousand idle connections take no thread.
    private var queue: DispatchQueue { core.upgradedQueue }
    // Touched on `queue` only.
    private var pendingFirst: [UInt8]
    private var reader: (any DispatchSourceRead)?
    private var writer: (any DispatchSourceWrite)?
    private var unsent: [UInt8] = []
    private var closing = false
    private var finished = false
    private var openSources = 0
    private var received: (@Sendable ([UInt8]) -> Void)?
    private var ended: (@Sendable () -> Void)?
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
    /// The hooks to run when the server stops; `nil` once it began to (a hook added later runs at once).
    private let stopHooks = Locked<[@Sendable () -> Void]?>([])

    private init(socket: Int32, clientSocket: Int32, handle: OpaquePointer, extra: [UInt8], core: DaemonCore,
                 seat: DaemonLoop.Seat?) {
        self.seat = seat
        self.socket = socket
        self.clientSocket = clientSocket
        self.handle = handle
        self.pendingFirst = extra
        self.core = core
    }

    /// Queues a 101 carrying `head`'s headers whose connection, once
    /// switched, goes to `accept`.
    static func queue(head: HTTPResponse, accept: @escaping @Sendable (any UpgradedChannel) -> Void, core: DaemonCore,
                      connection: OpaquePointer) -> MHD_Result {
        let box = Unmanaged.passRetained(Handover(core: core, accept: accept))
        let handle = MHD_create_response_for_upgrade({ cls, connection, _, extraIn, extraInSize, sock, urh in
            guard let cls, let urh else { return }
            let handover = Unmanaged<Handover>.fromOpaque(cls).takeRetainedValue()
            let extra = extraIn.map { Array(UnsafeRawBufferPointer(start: $0, count: extraInSize)) } ?? []
            let core = handover.core
            // Each message goes out at once: with Nagle's algorithm on, a reply's
            // second message waited for the client's delayed ACK (about 40 ms).
            // Over TLS, `sock` is one end of a socket pair libmicrohttpd forwards
            // to the client's TCP socket, which is the one that needs it.
            let clientSocket = connection.map { c_mhd_connection_fd($0) } ?? sock
            UpgradedSocket.sendEachWriteAtOnce(sock)
            if clientSocket != sock { UpgradedSocket.sendEachWriteAtOnce(clientSocket) }
            let socket = UpgradedSocket(socket: sock, clientSocket: clientSocket, handle: urh, extra: extra, core: core,
                                        seat: core.seat(of: connection))
            core.upgraded(socket)
            handover.accept(socket)
            // Stop began after the 101 went out: this connection hears it too.
            if core.stopping.load(ordering: .acquiring) { socket.serverStopping() }
            if let connection { core.upgradeSettled(connection) }
        }, box.toOpaque())
        guard let handle else {
            box.release()
            return .NO
        }
        defer { MHD_destroy_response(handle) }
        // libmicrohttpd adds `Connection: Upgrade` itself; a second one would be merged into `Upgrade, Upgrade`.
        for (name, value) in head.headers where !name.caseInsensitiveEquals("Connection") {
            _ = MHD_add_response_header(handle, name, value)
        }
        core.upgradeQueued(connection)
        let queued = MHD_queue_response(connection, 101, handle)
        if queued == .NO {
            core.upgradeSettled(connection)
            box.release()
        }
        return queued
    }

    /// Turns Nagle's algorithm off on `socket` (a TCP socket; others ignore it).
    fileprivate static func sendEachWriteAtOnce(_ socket: Int32) {
        var on: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    func start(received: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            self.received = received
            self.ended = ended
            if !pendingFirst.isEmpty {
                received(pendingFirst)
                pendingFirst = []
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: socket, queue: queue)
            source.setEventHandler { [self] in readAvailable() }
            source.setCancelHandler { [self] in sourceCancelled() }
            reader = source
            openSources += 1
            source.activate()
        }
    }

    func send(_ bytes: [UInt8]) {
        queue.async { [self] in
            guard !closing, !finished else { return }
            unsent += bytes
            flush()
        }
    }

    func close() {
        queue.async { [self] in
            guard !closing, !finished else { return }
            closing = true
            if unsent.isEmpty { finish() }
        }
    }

    /// Whether each write reaches the client at once (`TCP_NODELAY` on the
    /// client's TCP socket), not held for an ACK. Asked from the handover only.
    var sendsEachWriteAtOnce: Bool {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(clientSocket, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0 && value != 0
    }

    func onServerStop(_ body: @escaping @Sendable () -> Void) {
        let stopped = stopHooks.withLock { hooks -> Bool in
            guard hooks != nil else { return true }
            hooks?.append(body)
            return false
        }
        if stopped { body() }
    }

    /// The server begins to stop: each hook says goodbye, once.
    func serverStopping() {
        for hook in stopHooks.withLock({ hooks in defer { hooks = nil }; return hooks ?? [] }) { hook() }
    }

    /// Ends the connection now, whatever is unsent (the server's stop, after its grace).
    func forceClose() {
        queue.async { [self] in finish() }
    }

    // MARK: On the queue

    private func readAvailable() {
        while true {
            let count = readBuffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                received?(Array(readBuffer[0..<count]))
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            // 0: the client closed its side; < 0: the connection broke.
            clientGone()
            return
        }
    }

    private func clientGone() {
        unsent.removeAll()
        let ended = self.ended
        self.ended = nil
        ended?()
        finish()
    }

    private func flush() {
        while !unsent.isEmpty {
            let count = unsent.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count > 0 {
                unsent.removeFirst(count)
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                watchWritable()
                return
            }
            clientGone()
            return
        }
        writer?.cancel()
        writer = nil
        if closing { finish() }
    }

    private func watchWritable() {
        guard writer == nil else { return }
        let source = DispatchSource.makeWriteSource(fileDescriptor: socket, queue: queue)
        source.setEventHandler { [self] in flush() }
        source.setCancelHandler { [self] in sourceCancelled() }
        writer = source
        openSources += 1
        source.activate()
    }

    /// Stops watching the socket; once nothing does, hands it back to libmicrohttpd to close.
    private func finish() {
        guard !finished else { return }
        finished = true
        closing = true
        let ended = self.ended
        self.ended = nil
        received = nil
        reader?.cancel()
        writer?.cancel()
        reader = nil
        writer = nil
        if openSources == 0 { handBack() }
        ended?()
    }

    private func sourceCancelled() {
        openSources -= 1
        if finished, openSources == 0 { handBack() }
    }

    private func handBack() {
        _ = c_mhd_upgrade_close(handle)
        seat?.wake()
        core.upgradeClosed(self)
    }

    /// What the upgrade handler needs: the core and the caller's handler.
    private final class Handover: Sendable {
        let core: DaemonCore
        let accept: @Sendable (any UpgradedChannel) -> Void

        init(core: DaemonCore, accept: @escaping @Sendable (any UpgradedChannel) -> Void) {
            self.core = core
            self.accept = accept
        }
    }
}
