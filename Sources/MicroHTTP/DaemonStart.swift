import Synchronization
internal import CMicroHTTPD

// How a Daemon starts its libmicrohttpd daemons: on which loops, and with
// which callbacks into its core.
extension Daemon {
    /// The loops to run the server on, one per thread asked for: plain HTTP
    /// with at most ``DaemonLoop/limit`` threads (where loops can be made).
    /// Empty: libmicrohttpd runs its own threads (TLS, more threads than
    /// loops, or no epoll).
    static func loopSeats(for configuration: DaemonConfiguration) -> [DaemonLoop.Seat] {
        guard configuration.tls == nil, configuration.threadCount <= DaemonLoop.limit else { return [] }
        var seats: [DaemonLoop.Seat] = []
        for _ in 0..<min(configuration.threadCount, configuration.connectionLimit) {
            guard let seat = DaemonLoop.seat() else {
                seats.forEach { $0.loop.leave($0) }
                return []
            }
            seats.append(seat)
        }
        return seats
    }

    /// Starts one libmicrohttpd daemon on `socket` whose callbacks reach
    /// `core`: in external epoll mode for a loop, else with its own polling
    /// thread (a pool of ``DaemonConfiguration/threadCount``). `nil` when
    /// libmicrohttpd refuses, having closed `socket`.
    static func start(_ core: DaemonCore, listening socket: Int32, onLoop: Bool, connectionLimit: Int,
                      _ configuration: DaemonConfiguration, _ tlsMemory: TLSMemory) -> OpaquePointer? {
        let cls = Unmanaged.passUnretained(core).toOpaque()
        let polling = onLoop
            ? MHD_USE_EPOLL.rawValue
            : MHD_USE_AUTO.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        let flags = polling | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_ALLOW_UPGRADE.rawValue
        return c_mhd_start(
            flags,
            socket,
            UInt32(!onLoop && configuration.threadCount > 1 ? configuration.threadCount : 0),
            UInt32(connectionLimit),
            UInt32(configuration.connectionTimeoutSeconds),
            configuration.connectionMemoryLimit,
            { cls, _, _ in
                guard let cls else { return .NO }
                return Unmanaged<DaemonCore>.fromOpaque(cls).takeUnretainedValue().accepting.load(ordering: .acquiring) ? .YES : .NO
            }, cls,
            { cls, connection, _, method, version, uploadData, uploadSize, slot in
                guard let cls, let connection, let method, let version, let uploadSize, let slot else { return .NO }
                return Unmanaged<DaemonCore>.fromOpaque(cls).takeUnretainedValue().access(
                    connection: connection, method: method, version: version,
                    uploadData: uploadData, uploadSize: uploadSize, slot: slot
                )
            }, cls,
            { cls, uri, connection in
                guard let cls, let connection else { return nil }
                let target = uri.map { String(cString: $0) } ?? ""
                if let uri { c_mhd_skip_query_parsing(uri) }
                return Unmanaged<DaemonCore>.fromOpaque(cls).takeUnretainedValue()
                    .beginRequest(target: target, connection: connection)
            }, cls,
            { cls, _, slot, _ in
                guard let cls, let slot, let context = slot.pointee else { return }
                slot.pointee = nil
                Unmanaged<DaemonCore>.fromOpaque(cls).takeUnretainedValue().endRequest(context)
            }, cls,
            { cls, connection, socketContext, code in
                guard let cls, let connection, let socketContext else { return }
                let core = Unmanaged<DaemonCore>.fromOpaque(cls).takeUnretainedValue()
                if code == MHD_ConnectionNotificationCode(rawValue: 0) {
                    let id = core.connectionsAccepted.add(1, ordering: .relaxed).newValue
                    core.connectionsOpen.add(1, ordering: .relaxed)
                    let peer = ConnectionContext(id: UInt64(id), remoteAddress: Daemon.clientAddress(connection),
                                                 socket: c_mhd_connection_fd(connection),
                                                 tlsSender: c_tls_sender_attach(connection))
                    core.arrival?.opened(peer)
                    socketContext.pointee = Unmanaged.passRetained(peer).toOpaque()
                } else {
                    core.connectionsOpen.subtract(1, ordering: .relaxed)
                    if let peer = socketContext.pointee {
                        core.arrival?.closed(Unmanaged<ConnectionContext>.fromOpaque(peer).takeUnretainedValue())
                        Unmanaged<ConnectionContext>.fromOpaque(peer).release()
                        socketContext.pointee = nil
                    }
                }
            }, cls,
            tlsMemory.key, tlsMemory.certificate, tlsMemory.trust
        )
    }

    private static func clientAddress(_ connection: OpaquePointer) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let count = c_mhd_client_address(connection, buffer.baseAddress, buffer.count)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }
}
