#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``SocketReactor`` calls back, on the reactor's thread.
package protocol SocketWatcher: AnyObject {
    /// A descriptor it watches is ready for what it was watched for (or hung up).
    func socketReady(_ fd: Int32)
    /// The reminder it set came due; `now` is ``SocketReactors/now()``.
    func reminderDue(now: UInt64)
}

/// A thread that waits on descriptors for others: work confined to it (a
/// proxy's upstream connections, for the daemons it runs) watches its
/// sockets there instead of on a thread of its own, so a request and what
/// it forwards are served by one thread with no hand-off between two.
///
/// Every method but ``perform(_:)`` is called on the reactor's own thread
/// (where ``SocketReactors/current`` is this reactor).
package protocol SocketReactor: AnyObject, Sendable {
    /// Watches `fd` (level-triggered) for writing or for reading, replacing
    /// what it was watched for before; false when it cannot be watched.
    func watch(_ fd: Int32, writable: Bool, by watcher: any SocketWatcher) -> Bool
    /// Stops watching `fd`, before it is closed.
    func unwatch(_ fd: Int32)
    /// Calls `watcher` at `deadline` (``SocketReactors/now()`` nanoseconds),
    /// replacing its earlier reminder; `nil` clears it.
    func remind(_ watcher: any SocketWatcher, at deadline: UInt64?)
    /// Runs `work` on the reactor's thread soon; from any thread.
    func perform(_ work: @escaping @Sendable () -> Void)
}

/// The reactor of the calling thread, if it is one's.
package enum SocketReactors {
    /// Holds the reactor a thread-specific slot points to, for the process's life.
    private final class Box {
        let reactor: any SocketReactor
        init(_ reactor: any SocketReactor) { self.reactor = reactor }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The reactor whose thread this is, or `nil`.
    package static var current: (any SocketReactor)? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue().reactor
    }

    /// Marks the calling thread as `reactor`'s, for the thread's life (and the reactor's: it is kept).
    package static func adopt(_ reactor: any SocketReactor) {
        pthread_setspecific(key, Unmanaged.passRetained(Box(reactor)).toOpaque())
    }

    /// Monotonic nanoseconds, the clock of every reminder.
    package static func now() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
