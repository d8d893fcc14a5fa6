import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import Locking
import StubEngine
import StubKit

/// A streamed body sent through URLProtocol, as the socket sends it: each
/// piece after its pause (a timer, no thread waits), the pieces a test feeds
/// as they come, a stream kept open with its heartbeat until the client
/// cancels or the server stops, and the end the stream names.
///
/// When the task's caller reads pieces as they come (``PieceDelivery``),
/// the head goes first and each piece as it is due; otherwise the whole body
/// goes at the end (a stream kept open then ends after its pieces). The
/// client cancelling its task is the client hanging up.
///
/// Every step runs on the stream's own serial queue.
final class InProcessStream: Sendable {
    private struct State {
        var next = 0
        var pausedBefore: Int?
        var collected: [UInt8] = []
        var over = false
        var stopHook: UInt64?
    }

    private let loading: Loading
    private let head: HTTPResponse
    private let body: StreamedBody
    private let request: RecordedRequest
    private let cookies: HTTPCookieStorage?
    private let lease: ProtocolSlots.Lease
    private let incremental: Bool
    private let queue = DispatchQueue(label: "understudy.in-process-stream")
    private let state = Locked(State())

    init(loading: Loading, head: HTTPResponse, body: StreamedBody, request: RecordedRequest, cookies: HTTPCookieStorage?,
         lease: ProtocolSlots.Lease) {
        self.loading = loading
        self.head = head
        self.body = body
        self.request = request
        self.cookies = cookies
        self.lease = lease
        self.incremental = loading.piecesReachCaller && request.method.uppercased() != "HEAD"
    }

    /// Sends the head (when pieces reach the caller) and starts on the pieces.
    func start() {
        // From here a cancelled task is a client hanging up mid-stream.
        loading.onAbandon { [self] in queue.async { self.over(clientLeft: true) } }
        let id = lease.onStop { [self] in queue.async { self.serverStopped() } }
        state.withLock { $0.stopHook = id }
        queue.async { [self] in
            if incremental {
                loading.during { owner, client in Loading.sendHead(head, owner: owner, client: client, cookies: cookies) }
            }
            pump()
        }
    }

    /// Sends what is due, until a pause, a wait on the feed, or the end.
    private func pump() {
        while !state.withLock({ $0.over }) {
            let index = state.withLock { $0.next }
            if index < body.chunks.count {
                let pause = body.pause(before: index)
                if pause > .zero, state.withLock({ $0.pausedBefore }) != index {
                    state.withLock { $0.pausedBefore = index }
                    Timers.after(pause) { [self] in queue.async { self.pump() } }
                    return
                }
                state.withLock { $0.next += 1 }
                send(body.chunks[index])
                continue
            }
            if let feed = body.feed {
                switch feed.take(orWake: { [self] in queue.async { self.pump() } }) {
                case .piece(let bytes): send(bytes)
                case .end(.close): return end(abort: false, reset: false)
                case .end(let ending): return end(abort: true, reset: ending == .reset)
                case .gone, .waiting: return
                }
                continue
            }
            if let hold = body.holdOpen, incremental {
                if let heartbeat = hold.heartbeat, !heartbeat.isEmpty { beat(heartbeat, every: hold.every) }
                return
            }
            return end(abort: body.abortAfterLastChunk, reset: body.abortByReset)
        }
    }

    /// A heartbeat every `every` while the stream is open (kept open: only
    /// the client or the server's stop ends it).
    private func beat(_ heartbeat: [UInt8], every: Duration) {
        Timers.after(every) { [self] in
            queue.async {
                guard !self.state.withLock({ $0.over }) else { return }
                self.loading.during { owner, client in client.urlProtocol(owner, didLoad: Data(heartbeat)) }
                self.beat(heartbeat, every: every)
            }
        }
    }

    private func send(_ piece: [UInt8]) {
        let observer = body.observer
        if incremental {
            // The journal before the client, as at the end: a client that has
            // seen a piece finds it in the stream's log (it was recorded after,
            // and a test reading the log on the piece's arrival could miss it).
            _ = loading.during { owner, client in
                observer?.sent(piece)
                client.urlProtocol(owner, didLoad: Data(piece))
            }
        } else {
            state.withLock { $0.collected += piece }
            observer?.sent(piece)
        }
    }

    /// The stream's own end: proper, cut or reset.
    private func end(abort: Bool, reset: Bool) {
        guard let collected = finishing(), let hook = claimOver() else { return }
        // The journal before the client: a client that has seen the end finds the stream's log finished.
        body.observer?.ended(false)
        if abort {
            loading.fail((reset ? InProcessFault.reset : .truncatedBody).error(for: request.url))
        } else if incremental {
            loading.end { owner, client in client.urlProtocolDidFinishLoading(owner) }
        } else {
            loading.respond(HTTPResponse(status: head.status, headers: head.headers, body: collected), for: request, cookies: cookies)
        }
        // The test's waiters after the client: `closing()` returns once the client has the end.
        if let id = hook { lease.forget(id) }
        body.feed?.close(clientLeft: false)
    }

    /// The server stopped: a stream still open ends properly now.
    private func serverStopped() {
        guard !state.withLock({ $0.over }) else { return }
        end(abort: false, reset: false)
    }

    /// What was collected, unless the stream is over already.
    private func finishing() -> [UInt8]? {
        state.withLock { $0.over ? nil : $0.collected }
    }

    /// Marks the stream over, once: the server-stop hook to forget, or `nil` when it was over already.
    private func claimOver() -> UInt64?? {
        state.withLock { state -> UInt64?? in
            guard !state.over else { return .none }
            state.over = true
            return .some(state.stopHook)
        }
    }

    /// The stream is over; the feed and the journal hear how, once.
    private func over(clientLeft: Bool) {
        guard let hook = claimOver() else { return }
        if let id = hook { lease.forget(id) }
        // The journal first: whoever waits for the close then finds it there.
        body.observer?.ended(clientLeft)
        body.feed?.close(clientLeft: clientLeft)
    }
}
