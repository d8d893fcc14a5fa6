import Locking
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cuts off connections whose request does not arrive in full in time.
///
/// libmicrohttpd's connection timeout only closes a connection that sends
/// nothing for that long, so a client that trickles a header line or a body
/// byte every few seconds (slowloris) would hold its connection for ever. The
/// watch gives each request a deadline instead: its headers and body must
/// arrive within ``limit`` of the connection opening or of the previous
/// response finishing. A timer sweeps the open connections and shuts down the
/// socket of any that is late; libmicrohttpd then sees the end of the stream
/// and closes the connection itself. The socket is shut down, never closed,
/// under the same lock that libmicrohttpd's close notification takes before
/// it closes the socket, so a descriptor number is never reused under the watch.
final class ArrivalWatch: Sendable {
    /// How long a request may take to arrive, in nanoseconds.
    let limit: UInt64
    /// Connections cut so far.
    let connectionsCut = Atomic<Int>(0)
    private let open = Locked<[UInt64: ConnectionContext]>([:])
    /// How often the timer sweeps, in nanoseconds: a quarter of the limit,
    /// within 10 to 250 ms.
    private let period: Int
    private let timer = Locked(TimerState.idle)

    private enum TimerState {
        /// Never armed: the daemon has had no connection.
        case idle
        case sweeping(any DispatchSourceTimer)
        /// Suspended by a sweep that found no connection open.
        case paused(any DispatchSourceTimer)
        case stopped
    }

    /// A watch with `limit`, or nil when `limit` is zero (no deadline).
    init?(limit: Duration) {
        // In integers: a Duration's own arithmetic is 128-bit, and a server
        // per test makes a watch at every start.
        let nanoseconds = limit.nanoseconds
        guard nanoseconds > 0 else { return nil }
        self.limit = UInt64(nanoseconds)
        period = Int(min(max(nanoseconds / 4, 10_000_000), 250_000_000))
    }

    /// One queue sweeps for every daemon in the process, so watches add no threads.
    private static let sweeps = DispatchQueue(label: "understudy.arrival-watch")

    /// Whether the timer is sweeping now: from a connection opening until a
    /// sweep finds none open, so an idle server wakes for nothing.
    var isSweeping: Bool {
        timer.withLock { timer in
            if case .sweeping = timer { return true }
            return false
        }
    }

    /// Sweeps from now on: arms the timer at the first connection (a daemon
    /// that never has one, started and stopped in a test, never arms it),
    /// resumes it at the first after a quiet spell.
    private func sweepFromNow() {
        timer.withLock { timer in
            switch timer {
            case .idle:
                let source = DispatchSource.makeTimerSource(queue: Self.sweeps)
                let every = DispatchTimeInterval.nanoseconds(period)
                source.schedule(deadline: .now() + every, repeating: every)
                source.setEventHandler { [weak self] in self?.sweep() }
                source.resume()
                timer = .sweeping(source)
            case .paused(let source):
                source.resume()
                timer = .sweeping(source)
            case .sweeping, .stopped:
                break
            }
        }
    }

    /// Stops sweeping for good.
    func stop() {
        timer.withLock { timer in
            switch timer {
            case .sweeping(let source):
                source.cancel()
            case .paused(let source):
                // A suspended source must be resumed before its last reference goes.
                source.cancel()
                source.resume()
            case .idle, .stopped:
                break
            }
            timer = .stopped
        }
    }

    /// A connection opened.
    func opened(_ connection: ConnectionContext) {
        let first = open.withLock { open in
            open[connection.id] = connection
            return open.count == 1
        }
        // Only the first of those open needs the timer: a sweep pauses it
        // only while none is, under the timer's lock, so this sees the pause.
        if first { sweepFromNow() }
    }

    /// A connection is about to be closed by libmicrohttpd.
    func closed(_ connection: ConnectionContext) { _ = open.withLock { $0.removeValue(forKey: connection.id) } }

    /// Shuts down every connection whose request is late at `now`; pauses
    /// the timer when none is open.
    func sweep(now: UInt64 = ArrivalWatch.now()) {
        // The timer's lock, then the connections': `opened` adds under the
        // connections' lock alone before it looks at the timer, so a
        // connection added after this finds none is seen paused and resumes it.
        let paused = timer.withLock { timer -> Bool in
            guard case .sweeping(let source) = timer, open.withLock({ $0.isEmpty }) else { return false }
            source.suspend()
            timer = .paused(source)
            return true
        }
        if paused { return }
        open.withLock { open in
            for connection in open.values {
                let since = connection.awaitingSince.load(ordering: .relaxed)
                // `since` may be later than `now`: a connection can stamp
                // while the sweep runs, and must not wrap round to "late".
                guard since != 0, now > since, now - since > limit else { continue }
                // Once: a cut connection is no longer waiting for anything.
                guard connection.awaitingSince.compareExchange(expected: since, desired: 0, ordering: .relaxed).exchanged else { continue }
                shutdown(connection.socket, Int32(SHUT_RDWR))
                connectionsCut.add(1, ordering: .relaxed)
            }
        }
    }

    /// Monotonic nanoseconds (never 0).
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds | 1 }
}
