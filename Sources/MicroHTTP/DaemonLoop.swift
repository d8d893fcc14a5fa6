import HTTPWire
import Locking
import Synchronization
internal import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads that run libmicrohttpd for daemons with none of their own.
///
/// A daemon with its own polling thread pays for that thread's creation at
/// each start and its join at each stop: most of a start and stop, which a
/// suite with one server per test pays once per test. A plain-HTTP daemon
/// is instead started in libmicrohttpd's external epoll mode and its epoll
/// set added to a loop's: starting it wakes no thread, and stopping it only
/// waits while the loop is inside `MHD_run` for it. A daemon of several
/// threads is several libmicrohttpd daemons on one listening socket (each
/// with its own descriptor of it), each on its own loop while there are
/// loops to spare: each accepts and serves its connections on its loop.
///
/// Loops are made as daemons need them, up to ``limit``, and each new
/// daemon takes the loop with the fewest, so servers started one after
/// another share one thread and servers running side by side get threads of
/// their own until the limit. A loop's thread lives as long as the process.
/// Handlers on a loop must be quick, as on a daemon's own thread: a slow one
/// delays the other daemons on the same loop. TLS daemons and those with
/// more threads than ``limit`` keep libmicrohttpd's own threads; so does
/// every daemon where epoll is missing (outside Linux).
///
/// A loop is also a ``SocketReactor``: a proxy stub's upstream connections,
/// opened by a handler on the loop, are watched in the same epoll set, so
/// the request, its forwarding and its answer take no other thread.
final class DaemonLoop: SocketReactor, @unchecked Sendable {
    /// A daemon's place on a loop, taken before the daemon starts.
    struct Seat: Sendable {
        let loop: DaemonLoop
        let id: UInt64

        /// Has the loop run the daemon again soon. Without its own thread,
        /// libmicrohttpd signals no resumed connection and no upgraded
        /// connection handed back: whoever resumes one calls this.
        func wake() { loop.wake(id) }
    }

    /// A daemon the loop runs, and whether it still may (read and cleared under the lock `MHD_run` runs in).
    private final class Entry: Sendable {
        let daemon: UnsafeSendablePointer
        let events: Int32
        let running = Locked(true)

        init(daemon: OpaquePointer, events: Int32) {
            self.daemon = UnsafeSendablePointer(daemon)
            self.events = events
        }
    }

    /// A daemon's handle, reached only by the loop's thread under the entry's lock.
    private struct UnsafeSendablePointer: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        /// The daemons woken since the loop last looked.
        var woken: [UInt64] = []
        /// Daemons seated here, started or starting.
        var seated = 0
        /// Work for the loop's thread, from ``perform(_:)``.
        var performed: [@Sendable () -> Void] = []
    }

    /// The loop thread's own: who watches each descriptor, and who wants a
    /// reminder when. Only that thread reads or writes them, and no access
    /// spans a callback (each reads a value out, or iterates a copy), so the
    /// runtime's exclusivity check, six per turn of the loop, finds nothing.
    @exclusivity(unchecked) private var watchers: [Int32: any SocketWatcher] = [:]
    @exclusivity(unchecked) private var reminders: [ObjectIdentifier: (deadline: UInt64, watcher: any SocketWatcher)] = [:]
    /// Marks a watched descriptor's epoll id; daemons' ids count up from 1 and never reach it.
    private static let watchBit: UInt64 = 1 << 63

    /// The most loops a process makes: two per core, at least four.
    static let limit = max(4, 2 * Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    private static let loops = Locked<[DaemonLoop]>([])

    /// How many loops the process has made: each keeps one thread and two
    /// descriptors (its epoll set and its wake eventfd) for the process's life.
    static var count: Int { loops.withLock { $0.count } }
    private static let nextID = Atomic<UInt64>(1)

    private let events: Int32
    private let wakeDescriptor: Int32
    private let state = Locked(State())

    /// A seat on the loop with the fewest daemons (a new loop while every
    /// loop has one and fewer than ``limit`` exist); `nil` where no loop can
    /// be made, and the daemon then keeps a thread of its own.
    static func seat() -> Seat? {
        #if os(Linux)
        loops.withLock { loops in
            var chosen: DaemonLoop?
            var fewest = Int.max
            for loop in loops {
                let seated = loop.state.withLock { $0.seated }
                if seated < fewest { chosen = loop; fewest = seated }
            }
            if chosen == nil || (fewest > 0 && loops.count < limit), let made = DaemonLoop() {
                loops.append(made)
                chosen = made
            }
            guard let chosen else { return nil }
            chosen.state.withLock { $0.seated += 1 }
            return Seat(loop: chosen, id: nextID.add(1, ordering: .relaxed).oldValue)
        }
        #else
        nil
        #endif
    }

    private init?() {
        #if os(Linux)
        events = c_loop_create()
        wakeDescriptor = c_loop_wake_fd()
        guard events >= 0, wakeDescriptor >= 0, c_loop_add(events, wakeDescriptor, 0) == 0, Self.spawn(self) else {
            if events >= 0 { close(events) }
            if wakeDescriptor >= 0 { close(wakeDescriptor) }
            return nil
        }
        #else
        return nil
        #endif
    }

    /// Starts running `daemon`, whose epoll set is `events`, for `seat`; false when its set cannot be watched.
    func attach(_ seat: Seat, daemon: OpaquePointer, events daemonEvents: Int32) -> Bool {
        #if os(Linux)
        let entry = Entry(daemon: daemon, events: daemonEvents)
        state.withLock { $0.entries[seat.id] = entry }
        guard c_loop_add(events, daemonEvents, seat.id) == 0 else {
            state.withLock { _ = $0.entries.removeValue(forKey: seat.id) }
            return false
        }
        return true
        #else
        false
        #endif
    }

    /// Gives the seat up: when this returns, the loop is not running its
    /// daemon and never will again, so the daemon can be stopped on this thread.
    func leave(_ seat: Seat) {
        #if os(Linux)
        let entry = state.withLock { state in
            state.seated -= 1
            return state.entries.removeValue(forKey: seat.id)
        }
        guard let entry else { return }
        _ = c_loop_remove(events, entry.events)
        entry.running.withLock { $0 = false }
        #endif
    }

    private func wake(_ id: UInt64) {
        #if os(Linux)
        state.withLock { $0.woken.append(id) }
        // On the loop's own thread (an upstream answer resuming a connection),
        // the loop looks at what was woken before it waits again.
        if !onLoopThread { c_loop_signal(wakeDescriptor) }
        #endif
    }

    private var onLoopThread: Bool { (SocketReactors.current as AnyObject?) === self }

    // MARK: SocketReactor

    func watch(_ fd: Int32, writable: Bool, by watcher: any SocketWatcher) -> Bool {
        #if os(Linux)
        let added = watchers[fd] != nil
        guard c_loop_watch(events, fd, Self.watchBit | UInt64(UInt32(bitPattern: fd)), writable ? 1 : 0, added ? 1 : 0) == 0 else { return false }
        watchers[fd] = watcher
        return true
        #else
        false
        #endif
    }

    func unwatch(_ fd: Int32) {
        #if os(Linux)
        guard watchers.removeValue(forKey: fd) != nil else { return }
        _ = c_loop_remove(events, fd)
        #endif
    }

    func remind(_ watcher: any SocketWatcher, at deadline: UInt64?) {
        if let deadline { reminders[ObjectIdentifier(watcher)] = (deadline, watcher) } else { reminders.removeValue(forKey: ObjectIdentifier(watcher)) }
    }

    func perform(_ work: @escaping @Sendable () -> Void) {
        #if os(Linux)
        state.withLock { $0.performed.append(work) }
        if !onLoopThread { c_loop_signal(wakeDescriptor) }
        #endif
    }

    #if os(Linux)
    private static func spawn(_ loop: DaemonLoop) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let context = Unmanaged.passRetained(loop).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            let loop = Unmanaged<DaemonLoop>.fromOpaque(context!).takeRetainedValue()
            c_loop_name_thread()
            SocketReactors.adopt(loop)
            loop.run()
        }, context)
        if created != 0 { Unmanaged<DaemonLoop>.fromOpaque(context).release() }
        return created == 0
    }

    /// The loop's thread: waits for any daemon's events, a watched socket,
    /// a wake or the earliest deadline a daemon or watcher gave; calls the
    /// watchers back, then runs the daemons concerned (among them those
    /// whose connections the watchers resumed).
    private func run() -> Never {
        // The events of one wait, in memory the loop's thread keeps for its life
        // (an array here was copied on write at each wait, two allocations a request).
        let ready = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 64)
        ready.initialize(repeating: 0)
        var due: [UInt64: UInt64] = [:]
        var batch: [(id: UInt64, entry: Entry)] = []
        var gone: [UInt64] = []
        var work: [@Sendable () -> Void] = []
        while true {
            // No local function or closure captures the loop's variables:
            // a captured variable is checked for exclusive access at run time,
            // five checks a request.
            var timeout: Int32 = state.withLock { $0.woken.isEmpty && $0.performed.isEmpty } ? -1 : 0
            if timeout != 0, !due.isEmpty || !reminders.isEmpty {
                var earliest = UInt64.max
                for deadline in due.values { earliest = min(earliest, deadline) }
                for reminder in reminders.values { earliest = min(earliest, reminder.deadline) }
                let now = Self.nanoseconds()
                timeout = earliest <= now ? 0 : Int32(clamping: (earliest - now + 999_999) / 1_000_000)
            }
            let count = Int(c_loop_wait(events, ready.baseAddress, Int32(ready.count), timeout))
            if ready[0..<count].contains(0) { c_loop_drain(wakeDescriptor) }
            for id in ready[0..<count] where id & Self.watchBit != 0 {
                let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: id))
                watchers[fd]?.socketReady(fd)
            }
            if !reminders.isEmpty {
                let now = Self.nanoseconds()
                for (key, reminder) in reminders where reminder.deadline <= now {
                    reminders.removeValue(forKey: key)
                    reminder.watcher.reminderDue(now: now)
                }
            }
            state.withLock { swap(&work, &$0.performed) }
            for job in work { job() }
            work.removeAll(keepingCapacity: true)
            let now = due.isEmpty ? 0 : Self.nanoseconds()
            state.withLock { state in
                for id in ready[0..<count] where id & Self.watchBit == 0 { Self.take(id, of: state, into: &batch, gone: &gone) }
                for id in state.woken { Self.take(id, of: state, into: &batch, gone: &gone) }
                state.woken.removeAll(keepingCapacity: true)
                for (id, deadline) in due where deadline <= now { Self.take(id, of: state, into: &batch, gone: &gone) }
            }
            for id in gone { due.removeValue(forKey: id) }
            gone.removeAll(keepingCapacity: true)
            for (id, entry) in batch {
                let wait = entry.running.withLock { running -> Int64 in
                    running ? Int64(c_mhd_run_once(entry.daemon.pointer)) : -1
                }
                if wait >= 0 { due[id] = Self.nanoseconds() + UInt64(wait) * 1_000_000 } else { due.removeValue(forKey: id) }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Adds daemon `id` to the turn's batch once, or to `gone` when it has left.
    private static func take(_ id: UInt64, of state: borrowing State, into batch: inout [(id: UInt64, entry: Entry)], gone: inout [UInt64]) {
        guard id != 0, !batch.contains(where: { $0.id == id }) else { return }
        if let entry = state.entries[id] { batch.append((id, entry)) } else { gone.append(id) }
    }

    private static func nanoseconds() -> UInt64 { SocketReactors.now() }
    #endif
}
