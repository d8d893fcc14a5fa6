import Dispatch
import Locking
import Synchronization
internal import CMicroHTTPD

// Suspending and resuming connections: a request answered later, a stream
// pausing between pieces, held open, or waiting for its feed; and what stop
// does with each.
extension DaemonCore {
    /// Resumes a suspended connection; the daemon that serves it, when a
    /// ``DaemonLoop`` runs it, is woken (libmicrohttpd signals a resume only to
    /// its own thread).
    func resumeConnection(_ connection: OpaquePointer) {
        MHD_resume_connection(connection)
        seat(of: connection)?.wake()
    }

    /// Suspends the connection unless the daemon is stopping.
    func suspend(_ context: RequestContext) -> Bool {
        suspension(of: context.connection).withLock { state in
            guard !state.stopping else { return false }
            MHD_suspend_connection(context.connection)
            suspensions.add(1, ordering: .relaxed)
            state.waiting[ObjectIdentifier(context)] = context
            return true
        }
    }

    /// Stores the outcome and resumes the connection, once; later calls, and
    /// calls after the daemon stopped, do nothing.
    func resume(_ context: RequestContext, with reply: Reply) {
        suspension(of: context.connection).withLock { state in
            guard state.waiting.removeValue(forKey: ObjectIdentifier(context)) != nil else { return }
            if let token = state.hangUpWatches.removeValue(forKey: ObjectIdentifier(context)) { HangUpWatch.shared.unwatch(token) }
            context.pending = reply
            resumeConnection(context.connection)
        }
    }

    /// Watches the socket of a suspended request: when its client hangs up
    /// before the answer, the connection is closed and `handler` runs, once.
    /// Nothing happens for a request no longer suspended.
    func watchHangUp(_ context: RequestContext, handler: @escaping @Sendable () -> Void) {
        guard let socket = context.peer?.socket else { return }
        let id = ObjectIdentifier(context)
        let set = suspension(of: context.connection)
        set.withLock { state in
            guard state.waiting[id] != nil, state.hangUpWatches[id] == nil else { return }
            state.hangUpWatches[id] = HangUpWatch.shared.watch(socket) { [self] in
                let ended = set.withLock { state -> Bool in
                    state.hangUpWatches.removeValue(forKey: id)
                    guard state.waiting.removeValue(forKey: id) != nil else { return false }
                    context.pending = .closeConnection
                    resumeConnection(context.connection)
                    return true
                }
                if ended { handler() }
            }
        }
    }

    func takePending(_ context: RequestContext) -> Reply? {
        suspension(of: context.connection).withLock { _ in
            defer { context.pending = nil }
            return context.pending
        }
    }

    /// Suspends a streaming connection until `due`, unless the daemon is
    /// stopping (then the rest of the body goes out at once).
    func suspend(_ streamer: BodyStreamer, until due: ContinuousClock.Instant?, heldOpen: Bool = false) -> Bool {
        let held = heldOpen || due == nil
        let set = suspension(of: streamer.connection)
        let suspended = set.withLock { state in
            // A stream held open is not held once stop began: it ends, so stop need not wait for it.
            guard !state.stopping, !held || !stopping.load(ordering: .acquiring) else { return false }
            MHD_suspend_connection(streamer.connection)
            suspensions.add(1, ordering: .relaxed)
            state.pausedStreams[ObjectIdentifier(streamer)] = streamer
            if held { state.heldStreams.insert(ObjectIdentifier(streamer)) }
            return true
        }
        guard suspended else { return false }
        // No due time: held until the daemon stops (a stream kept open).
        guard let due else { return true }
        Timers.after(ContinuousClock.now.duration(to: due)) { [self] in
            set.withLock { state in
                guard state.pausedStreams.removeValue(forKey: ObjectIdentifier(streamer)) != nil else { return }
                state.heldStreams.remove(ObjectIdentifier(streamer))
                resumeConnection(streamer.connection)
            }
        }
        return true
    }

    /// Resumes every stream held open, which then ends (its reader sees
    /// ``stopping``): called as stop begins, before it waits for requests in flight.
    func releaseHeldStreams() {
        for suspension in suspensionSets {
            let feedWaits = suspension.withLock { state in
                for id in state.heldStreams {
                    guard let streamer = state.pausedStreams.removeValue(forKey: id) else { continue }
                    resumeConnection(streamer.connection)
                }
                state.heldStreams.removeAll()
                return Array(state.feedWaits.values)
            }
            for wait in feedWaits { wait.wake() }
        }
    }

    /// Suspends a stream until its feed has something (`wait` resumes it),
    /// unless the daemon is stopping (then the stream ends).
    func suspend(_ streamer: BodyStreamer, waitingOn wait: FeedWait) -> Bool {
        suspension(of: streamer.connection).withLock { state in
            guard !state.stopping, !stopping.load(ordering: .acquiring) else { return false }
            MHD_suspend_connection(streamer.connection)
            suspensions.add(1, ordering: .relaxed)
            waitingOnFeeds.enter()
            state.feedWaits[ObjectIdentifier(streamer)] = wait
            return true
        }
    }

    /// Resumes a stream `wait` suspended, once.
    func resume(_ streamer: BodyStreamer, from wait: FeedWait) {
        suspension(of: streamer.connection).withLock { state in
            guard let held = state.feedWaits[ObjectIdentifier(streamer)], held === wait else { return }
            state.feedWaits.removeValue(forKey: ObjectIdentifier(streamer))
            resumeConnection(streamer.connection)
            waitingOnFeeds.leave()
        }
    }

    /// Refuses further suspensions and answers every suspended request with
    /// 503, so that libmicrohttpd can stop (it aborts on suspended connections).
    func stopSuspending() {
        for suspension in suspensionSets {
            suspension.withLock { state in
                state.stopping = true
                for context in state.waiting.values {
                    // Counted here, not when the daemon's thread sends it: stop
                    // waits on the count right after this returns.
                    context.answeredAtStop = true
                    answeringAtStop.enter()
                    context.pending = .response(HTTPResponse.serverStopped)
                    resumeConnection(context.connection)
                }
                state.waiting.removeAll()
                for token in state.hangUpWatches.values { HangUpWatch.shared.unwatch(token) }
                state.hangUpWatches.removeAll()
                for streamer in state.pausedStreams.values { resumeConnection(streamer.connection) }
                state.pausedStreams.removeAll()
                state.heldStreams.removeAll()
            }
        }
        // A fed stream resumes once its socket is no longer watched.
        for suspension in suspensionSets {
            for wait in suspension.withLock({ Array($0.feedWaits.values) }) { wait.wake() }
        }
        _ = waitingOnFeeds.wait(timeout: .now() + .seconds(10))
    }
}
