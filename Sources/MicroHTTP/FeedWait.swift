import Dispatch
import Locking
internal import CMicroHTTPD

/// One wait of a fed stream for its next piece: the connection is
/// suspended, and its socket watched so that a client that leaves meanwhile
/// is noticed although nothing is sent. Woken by the feed (a piece, the end,
/// the client gone) or by the daemon's stop; then the watch is cancelled and,
/// once its cancellation ran (the socket is no longer watched, so
/// libmicrohttpd may close it), the connection resumed.
///
/// The wake may come before the wait is armed (the feed got a piece between
/// the reader's look and its suspension): the arming then resumes at once.
final class FeedWait: Sendable {
    private enum Phase {
        /// Suspending; not watched yet.
        case idle
        /// Woken before it was armed.
        case woken
        /// The socket is watched.
        case watching(any DispatchSourceRead)
        /// The watch is being cancelled; resume once it is, if `resume`.
        case cancelling(resume: Bool)
        /// Not watched (bytes came that are not ours to read, or no socket): waits for the wake only.
        case blind
        /// Resumed.
        case done
    }

    /// Where every watch's handlers run: a queue of its own (its threads are
    /// not the width-limited global queue's, which busy callers can fill).
    private static let watching = DispatchQueue(label: "understudy.stream-hang-up-watch")

    private let phase = Locked(Phase.idle)
    private let core: DaemonCore
    /// The stream, until it is resumed: the feed may keep this wait (its
    /// wake-up) after that, and must not keep the stream alive with it.
    private let streamer: Locked<BodyStreamer?>

    init(core: DaemonCore, streamer: BodyStreamer) {
        self.core = core
        self.streamer = Locked(streamer)
    }

    /// Lets go of the stream without resuming it (it was never suspended).
    func discard() {
        streamer.withLock { $0 = nil }
    }

    /// Resumes the stream, once.
    private func resume() {
        guard let streamer = streamer.withLock({ held in defer { held = nil }; return held }) else { return }
        core.resume(streamer, from: self)
    }

    /// Starts watching `socket` (the connection is suspended now); `onGone`
    /// runs when the client leaves.
    func arm(socket: Int32, onGone: @escaping @Sendable () -> Void) {
        let resumeNow = phase.withLock { phase -> Bool in
            guard case .idle = phase else {
                if case .woken = phase { phase = .done; return true }
                return false
            }
            guard socket >= 0 else {
                phase = .blind
                return false
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: socket, queue: Self.watching)
            source.setEventHandler { [self] in
                switch c_peer_gone(socket) {
                case 1: onGone()
                case 2: stopWatching(resume: false)
                default: break
                }
            }
            source.setCancelHandler { [self] in cancelled() }
            phase = .watching(source)
            source.activate()
            return false
        }
        if resumeNow { resume() }
    }

    /// Something is ready for the stream (or it must end): resume it.
    func wake() {
        let resumeNow = phase.withLock { phase -> Bool in
            switch phase {
            case .idle:
                phase = .woken
            case .watching(let source):
                phase = .cancelling(resume: true)
                source.cancel()
            case .cancelling:
                phase = .cancelling(resume: true)
            case .blind:
                phase = .done
                return true
            case .woken, .done:
                break
            }
            return false
        }
        if resumeNow { resume() }
    }

    private func stopWatching(resume: Bool) {
        phase.withLock { phase in
            guard case .watching(let source) = phase else { return }
            phase = .cancelling(resume: resume)
            source.cancel()
        }
    }

    private func cancelled() {
        let resumeNow = phase.withLock { phase -> Bool in
            guard case .cancelling(let resume) = phase else { return false }
            phase = resume ? .done : .blind
            return resume
        }
        if resumeNow { resume() }
    }
}
