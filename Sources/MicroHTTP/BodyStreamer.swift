import Dispatch
import Synchronization
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// Feeds a ``StreamedBody`` to libmicrohttpd's content-reader callback,
/// suspending the connection during pauses and resuming it from a timer.
///
/// Confinement: `chunkIndex`, `offset` and `nextDue` are touched only by the
/// daemon thread that serves the connection (the reader callback); the core
/// registers and resumes the suspension under its lock.
final class BodyStreamer: @unchecked Sendable {
    let body: StreamedBody
    let core: DaemonCore
    let connection: OpaquePointer
    private var chunkIndex = 0
    private var offset = 0
    private var nextDue: ContinuousClock.Instant
    /// The piece taken from the feed and being copied out.
    private var fedPiece: [UInt8]?
    /// Whether the body got to its end (or the end the daemon's stop gave
    /// it); a streamer released before that lost its client.
    private var reachedEnd = false

    init(body: StreamedBody, core: DaemonCore, connection: OpaquePointer) {
        self.body = body
        self.core = core
        self.connection = connection
        self.nextDue = .now + body.pause(before: 0)
    }

    deinit {
        let clientLeft = !reachedEnd && !core.stopping.load(ordering: .acquiring)
        // The journal first: whoever waits for the close then finds it there.
        body.observer?.ended(clientLeft)
        body.feed?.close(clientLeft: clientLeft)
    }

    /// Creates the libmicrohttpd response that streams `body` after `head`'s
    /// status and headers, and queues it on `connection`.
    static func queue(head: HTTPResponse, body: StreamedBody, core: DaemonCore, connection: OpaquePointer) -> MHD_Result {
        let streamer = BodyStreamer(body: body, core: core, connection: connection)
        let size = body.declaredLength.map { UInt64($0) } ?? UInt64.max // MHD_SIZE_UNKNOWN: chunked
        let handle = MHD_create_response_from_callback(
            size, 16 * 1024,
            { cls, _, buffer, capacity in
                guard let cls, let buffer else { return -2 }
                return Unmanaged<BodyStreamer>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, capacity: capacity)
            },
            Unmanaged.passRetained(streamer).toOpaque(),
            { cls in if let cls { Unmanaged<BodyStreamer>.fromOpaque(cls).release() } }
        )
        guard let handle else { return .NO }
        defer { MHD_destroy_response(handle) }
        for (name, value) in head.headers { _ = MHD_add_response_header(handle, name, value) }
        return MHD_queue_response(connection, UInt32(clamping: head.status), handle)
    }

    /// The reader callback: bytes copied, 0 while paused (suspended), or the end markers.
    private func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        guard chunkIndex < body.chunks.count else {
            if let feed = body.feed { return fed(feed, into: buffer, capacity: capacity) }
            if let hold = body.holdOpen { return heldOpen(hold, into: buffer, capacity: capacity) }
            return end(abort: body.abortAfterLastChunk, reset: body.abortByReset)
        }
        if offset == 0, ContinuousClock.now < nextDue, core.suspend(self, until: nextDue) {
            return 0
        }
        let chunk = body.chunks[chunkIndex]
        let count = copy(chunk, into: buffer, capacity: capacity)
        if offset == chunk.count {
            body.observer?.sent(chunk)
            chunkIndex += 1
            offset = 0
            nextDue = .now + (chunkIndex < body.chunks.count ? body.pause(before: chunkIndex) : body.holdOpen?.every ?? .zero)
            if chunkIndex == body.chunks.count, body.abortAfterLastChunk, body.feed == nil, count == 0 { return -2 }
            // With a declared length libmicrohttpd asks no more once the last byte is out: that is the end.
            if chunkIndex == body.chunks.count, body.declaredLength != nil, !body.abortAfterLastChunk, body.feed == nil, body.holdOpen == nil {
                reachedEnd = true
            }
        }
        return count
    }

    /// The end of the body: proper (`MHD_CONTENT_READER_END_OF_STREAM`), or
    /// an abort (`_END_WITH_ERROR`), after a zero linger for a reset.
    private func end(abort: Bool, reset: Bool) -> Int {
        reachedEnd = true
        if abort, reset { c_mhd_linger_zero(connection) }
        return abort ? -2 : -1
    }

    /// After the stub's own pieces, those the feed is given, as they come:
    /// while it has none the connection is suspended (no thread waits) and
    /// its socket watched for a client that leaves. The end once the feed
    /// ends, the client left, or the daemon stops.
    private func fed(_ feed: StreamFeed, into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        while fedPiece == nil {
            if core.stopping.load(ordering: .acquiring) { return end(abort: false, reset: false) }
            let wait = FeedWait(core: core, streamer: self)
            switch feed.take(orWake: { wait.wake() }) {
            case .piece(let bytes):
                fedPiece = bytes
            case .end(let ending):
                return end(abort: ending != .close, reset: ending == .reset)
            case .gone:
                return -2
            case .waiting:
                guard core.suspend(self, waitingOn: wait) else {
                    wait.discard()
                    continue
                }
                wait.arm(socket: c_mhd_connection_fd(connection), onGone: { feed.clientWentAway() })
                return 0
            }
        }
        guard let piece = fedPiece else { return 0 }
        let count = copy(piece, into: buffer, capacity: capacity)
        if offset == piece.count {
            body.observer?.sent(piece)
            fedPiece = nil
            offset = 0
        }
        return count
    }

    /// After the last piece of a stream kept open: suspended until the
    /// daemon stops, or until each heartbeat is due, then the heartbeat (a
    /// write to a client that hung up ends the connection). The end of the
    /// stream once the daemon stops.
    private func heldOpen(_ hold: (heartbeat: [UInt8]?, every: Duration), into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        if offset == 0, core.stopping.load(ordering: .acquiring) { return -1 }
        guard let heartbeat = hold.heartbeat, !heartbeat.isEmpty else {
            return core.suspend(self, until: nil) ? 0 : -1
        }
        if offset == 0, ContinuousClock.now < nextDue {
            return core.suspend(self, until: nextDue, heldOpen: true) ? 0 : -1
        }
        let count = copy(heartbeat, into: buffer, capacity: capacity)
        if offset == heartbeat.count {
            offset = 0
            nextDue = .now + hold.every
        }
        return count
    }

    /// Copies what fits of `bytes` from ``offset`` on into `buffer` and moves the offset past it.
    private func copy(_ bytes: [UInt8], into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
