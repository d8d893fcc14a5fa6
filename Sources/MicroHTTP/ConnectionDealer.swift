import Dispatch
import HTTPWire
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The listening socket of a server that runs several libmicrohttpd daemons
/// on loops: one loop accepts its connections and deals them out in turn, so
/// every daemon, and every core, gets its share.
///
/// Left to accept for themselves from one socket, the daemons do not share:
/// libmicrohttpd accepts up to ten connections at each run, and the loop
/// that wakes first takes a whole burst (`wrk -c32` put all 32 connections
/// on one loop, which then used one core while the other idled). A
/// connection dealt to another loop reaches it through that loop's work
/// queue, one wake per connection, never per request.
final class ConnectionDealer: SocketWatcher, @unchecked Sendable {
    private let socket: Int32
    private let seats: [DaemonLoop.Seat]
    /// The loop that watches the socket and accepts: the first seat's.
    private var home: DaemonLoop { seats[0].loop }
    // The home loop's thread alone reads and writes these.
    private var turn = 0
    private var stopped = false
    private var accepted = c_accepted()

    /// Connections accepted at one readiness of the socket; the rest wait for
    /// the next turn of the loop, so a flood of connections cannot hold the
    /// loop from the requests of those it has.
    static let burst = 16
    /// How long accepting pauses when the process is out of descriptors or memory.
    static let pauseNanoseconds: UInt64 = 100_000_000

    /// Deals the connections of the listening socket `socket` (nonblocking) to `seats`' daemons.
    init(socket: Int32, seats: [DaemonLoop.Seat]) {
        precondition(!seats.isEmpty, "a dealer needs a daemon to deal to")
        self.socket = socket
        self.seats = seats
    }

    /// Begins accepting; false when the socket cannot be watched (the caller
    /// still owns it then, and closes it).
    func start() -> Bool {
        onHome { [self] in home.watch(socket, writable: false, by: self) }
    }

    /// Stops accepting and closes the socket: when this returns, no
    /// connection is accepted again. Connections dealt but not yet taken are
    /// closed by their loop if their daemon has left by then.
    func stop() {
        onHome { [self] in
            stopped = true
            home.remind(self, at: nil)
            home.unwatch(socket)
        }
        _ = close(socket)
    }

    func socketReady(_ fd: Int32) {
        for _ in 0..<Self.burst {
            switch c_accept_connection(socket, &accepted) {
            case 1:
                seats[turn].adopt(accepted)
                turn = (turn + 1) % seats.count
            case 0:
                return
            case 2:
                continue
            default:
                // Out of descriptors or memory: connections wait in the backlog
                // (the socket is level-triggered, so watching it would spin).
                home.unwatch(socket)
                home.remind(self, at: SocketReactors.now() + Self.pauseNanoseconds)
                return
            }
        }
    }

    func reminderDue(now: UInt64) {
        guard !stopped else { return }
        _ = home.watch(socket, writable: false, by: self)
    }

    /// Runs `work` on the home loop's thread and returns its result: at once
    /// when called there, else as the loop's next work, waited for.
    private func onHome<T: Sendable>(_ work: @escaping () -> T) -> T {
        if (SocketReactors.current as AnyObject?) === home { return work() }
        let done = DispatchSemaphore(value: 0)
        let result = UnsafeResult<T>()
        let box = UnsafeWork(work)
        home.perform {
            result.value = box.work()
            done.signal()
        }
        done.wait()
        return result.value!
    }

    /// Carries work that touches the home loop's state to its thread; run only there.
    private struct UnsafeWork<T>: @unchecked Sendable {
        let work: () -> T
        init(_ work: @escaping () -> T) { self.work = work }
    }

    /// The result of work on the home loop, written there before the semaphore is signalled.
    private final class UnsafeResult<T>: @unchecked Sendable {
        var value: T?
    }
}
