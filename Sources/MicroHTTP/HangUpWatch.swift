import Locking
import Synchronization
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices a client hanging up on a suspended connection, which
/// libmicrohttpd does not watch while it is suspended: a request held for the
/// test to answer, or answered after a delay.
///
/// One thread for the whole process polls every watched socket for the
/// peer's end (Linux: `POLLRDHUP`, which reports the FIN even when bytes
/// wait unread; elsewhere `POLLIN` and a peek that reads end of file), and a
/// pipe wakes it when the set changes. A request waits on no thread of its
/// own. A handler runs once, on the watch thread, for a socket still watched.
final class HangUpWatch: Sendable {
    static let shared = HangUpWatch()

    private struct Watched {
        var socket: Int32
        var handler: @Sendable () -> Void
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        /// The pipe that wakes the poll (read end, write end), while the thread runs.
        var wake: (read: Int32, write: Int32)?
    }

    private let state = Locked(State())
    private let tokens = Atomic<UInt64>(0)

    private init() {}

    /// Calls `handler` once when the peer of `socket` hangs up, unless
    /// ``unwatch(_:)`` is called first with the returned token. Starts the
    /// watch thread when it is not running.
    func watch(_ socket: Int32, handler: @escaping @Sendable () -> Void) -> UInt64 {
        let token = tokens.add(1, ordering: .relaxed).newValue
        let start = state.withLock { state -> Bool in
            state.watched[token] = Watched(socket: socket, handler: handler)
            if state.wake != nil {
                Self.poke(state.wake)
                return false
            }
            guard let wake = Self.makePipe() else { return false }
            state.wake = wake
            return true
        }
        if start { Self.startThread() }
        return token
    }

    /// Stops watching; the handler will not run after this returns.
    func unwatch(_ token: UInt64) {
        state.withLock { state in
            guard state.watched.removeValue(forKey: token) != nil else { return }
            Self.poke(state.wake)
        }
    }

    /// Wakes the poll. Under the state's lock, so the thread cannot close the pipe meanwhile.
    private static func poke(_ wake: (read: Int32, write: Int32)?) {
        guard let wake else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    #if canImport(Glibc)
    /// glibc's `pthread_setname_np`, which Swift's Glibc module imports only with `_GNU_SOURCE`; looked up at run time.
    private typealias SetThreadName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    private static let setThreadName: SetThreadName? = dlsym(nil, "pthread_setname_np").map { unsafeBitCast($0, to: SetThreadName.self) }
    #endif

    /// A non-blocking, close-on-exec pipe.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// The watch thread: a thread of its own while anything is watched (it
    /// waits in `poll`); it ends, closing its pipe, once nothing is.
    private static func startThread() {
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let made = pthread_create(&thread, nil, { _ in
            HangUpWatch.shared.run()
            return nil
        }, nil)
        precondition(made == 0, "cannot start the hang-up watch thread (\(made))")
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }

    private func run() {
        #if canImport(Glibc)
        // Named for what it is: a thread inherits its creator's name (a libmicrohttpd thread's).
        _ = Self.setThreadName?(pthread_self(), "hang-up-watch")
        #endif
        #if os(Linux)
        // POLLRDHUP (0x2000 on every Linux architecture), which Glibc exports only with _GNU_SOURCE.
        let readHangUp: Int16 = 0x2000
        let ending = readHangUp | Int16(POLLHUP) | Int16(POLLERR)
        let asked = readHangUp
        #else
        let ending = Int16(POLLHUP) | Int16(POLLERR)
        let asked = Int16(POLLIN)
        #endif
        while true {
            let taken = state.withLock { state -> (snapshot: [(token: UInt64, socket: Int32)], wake: Int32)? in
                guard let wake = state.wake else { return nil }
                guard !state.watched.isEmpty else {
                    close(wake.read)
                    close(wake.write)
                    state.wake = nil
                    return nil
                }
                return (state.watched.map { (token: $0.key, socket: $0.value.socket) }, wake.read)
            }
            guard let (snapshot, wake) = taken else { return }
            var polled = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            polled += snapshot.map { pollfd(fd: $0.socket, events: asked, revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { continue }
            if polled[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wake, &drain, drain.count) > 0 {}
            }
            for (offset, entry) in snapshot.enumerated() {
                let events = polled[offset + 1].revents
                guard events != 0, events & Int16(POLLNVAL) == 0 else { continue }
                let ended = events & ending != 0 || Self.peekedEnd(entry.socket)
                // Only a socket still watched: an unwatched one may already be closed and its number reused.
                let handler = state.withLock { $0.watched.removeValue(forKey: entry.token)?.handler }
                // Bytes before the end (a pipelined request) hide it from a peek: that watch ends unanswered.
                if ended { handler?() }
            }
        }
    }

    /// Whether the next read on `socket` is its end (no bytes wait before
    /// it); on Linux `POLLRDHUP` reports every end, and only an end wakes it.
    private static func peekedEnd(_ socket: Int32) -> Bool {
        #if os(Linux)
        return false
        #else
        var byte: UInt8 = 0
        let got = recv(socket, &byte, 1, MSG_PEEK | MSG_DONTWAIT)
        return got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        #endif
    }
}
