import Locking

/// The live end of a streamed body whose pieces come while it is being sent
/// (a test feeding a stream): one side pushes pieces and ends it, the
/// transport takes them as they come and says when the client went away.
///
/// Thread-safe; every call may come from any thread. The transport's wake-up
/// is called at most once per ``take(orWake:)`` that returned ``Next/waiting``.
public final class StreamFeed: Sendable {
    /// How a fed stream ends.
    public enum Ending: Sendable, Hashable {
        /// The body ends properly (the chunked body's last chunk).
        case close
        /// The connection is closed mid-body.
        case cut
        /// The connection is reset (TCP RST) mid-body.
        case reset
    }

    /// What the transport sends next.
    public enum Next: Sendable, Equatable {
        /// These bytes, as one piece.
        case piece([UInt8])
        /// Nothing more: end the body this way.
        case end(Ending)
        /// Nothing yet: the wake-up given is called once there is.
        case waiting
        /// The client went away: end the body at once.
        case gone
    }

    private struct State {
        var queued: [[UInt8]] = []
        var ending: Ending?
        var wake: (@Sendable () -> Void)?
        /// The transport is done with the body (sent its end, or the client left).
        var closed = false
        /// The transport saw the client leave; it is closing.
        var gone = false
        var clientLeft = false
        var closeWaiters: [@Sendable () -> Void] = []
    }

    private let state = Locked(State())

    /// A feed with nothing queued.
    public init() {}

    // MARK: The feeding side

    /// Queues `bytes` as the next piece; `false` (and nothing queued) once
    /// the stream was ended or the client went away.
    @discardableResult
    public func push(_ bytes: [UInt8]) -> Bool {
        let wake: (@Sendable () -> Void)?? = state.withLock { state in
            guard state.ending == nil, !state.closed, !state.gone else { return .none }
            state.queued.append(bytes)
            defer { state.wake = nil }
            return .some(state.wake)
        }
        guard let wake else { return false }
        wake?()
        return true
    }

    /// Ends the stream once its queued pieces are sent; later calls do nothing.
    public func end(_ ending: Ending) {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard state.ending == nil, !state.closed else { return nil }
            state.ending = ending
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// Whether the client went away before the stream ended.
    public var clientLeft: Bool { state.withLock { $0.clientLeft } }

    /// Whether the transport is done with the stream: its end was sent or
    /// the client went away.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Calls `body` once the transport is done with the stream (at once when it is).
    public func whenClosed(_ body: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.closed { return true }
            state.closeWaiters.append(body)
            return false
        }
        if now { body() }
    }

    // MARK: The transport's side

    /// The next piece or the end; or, with nothing queued, ``Next/waiting``
    /// after keeping `wake` to call once something is.
    public func take(orWake wake: @escaping @Sendable () -> Void) -> Next {
        state.withLock { state in
            if state.closed || state.gone { return .gone }
            if !state.queued.isEmpty { return .piece(state.queued.removeFirst()) }
            if let ending = state.ending { return .end(ending) }
            state.wake = wake
            return .waiting
        }
    }

    /// The transport saw the client leave while waiting: ``take(orWake:)``
    /// says ``Next/gone`` from now on, and a transport waiting is woken to
    /// let go of the connection. ``close(clientLeft:)`` follows once it has.
    public func clientWentAway() {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.closed, !state.gone else { return nil }
            state.gone = true
            state.queued.removeAll()
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// The transport is done with the stream; `clientLeft` when the client
    /// went away before its end. Wakes a transport still waiting (so it
    /// lets go of the connection) and whoever waits for the close.
    public func close(clientLeft: Bool) {
        let (wake, waiters): ((@Sendable () -> Void)?, [@Sendable () -> Void]) = state.withLock { state in
            guard !state.closed else { return (nil, []) }
            state.closed = true
            state.clientLeft = clientLeft
            state.queued.removeAll()
            defer { state.wake = nil; state.closeWaiters.removeAll() }
            return (state.wake, state.closeWaiters)
        }
        wake?()
        for waiter in waiters { waiter() }
    }
}
