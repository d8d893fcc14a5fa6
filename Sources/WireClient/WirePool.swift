package import Foundation
import HTTPWire
import Locking

/// Connections kept open between requests, per endpoint, and the threads
/// that use them: what a proxy needs to forward request after request
/// without a connect, a thread start or a TLS handshake each. Plain HTTP
/// sent from a ``SocketReactor``'s thread (a daemon loop's) stays on that
/// thread (``WireReactorLane``); from any other thread it runs on one
/// event-loop thread (``WireEventLoop``); each TLS request on
/// one of the pool's threads (blocking GnuTLS I/O, never a cooperative
/// thread), started only when all are busy, up to `threadLimit`. Threads
/// live until ``shutDown()``, which also closes every idle connection.
///
/// A connection is reused only after a response whose end its framing told
/// (a length or chunks, HTTP/1.1, no `Connection: close`), and only if the
/// peer has not closed it while it sat idle. A request whose reused
/// connection died before a byte came back is sent once more on a new one,
/// when its method is idempotent (RFC 9110 §9.2.2).
package final class WirePool: @unchecked Sendable {
    /// Called once per request, on a pool thread.
    package typealias Completion = @Sendable (Result<WireResponse, WireClientError>) -> Void

    private struct Job {
        var request: WireRequest
        var endpoint: WireEndpoint
        var done: Completion
    }

    private let trust: WireTrust
    private let timeout: TimeInterval
    private let threadLimit: Int
    private let idlePerEndpoint: Int
    /// Guards every property below it, and wakes idle threads.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    private var threads = 0
    private var waiting = 0
    private var closed = false
    private var idle: [WireEndpoint: [WireConnection]] = [:]
    /// Plain-HTTP requests from threads that are no reactor's run here; threads are for TLS.
    private let loop: WireEventLoop
    /// Plain-HTTP requests from a reactor's thread run on its lane; `nil` once shut down.
    private let lanes = Locked<[ObjectIdentifier: WireReactorLane]?>([:])

    /// A pool checking https certificates against `trust`; `timeout` bounds
    /// each connect, read and write.
    package init(trust: WireTrust = .system, timeout: TimeInterval = 30, threadLimit: Int = 64, idlePerEndpoint: Int = 64) {
        self.trust = trust
        self.timeout = timeout
        self.threadLimit = max(1, threadLimit)
        self.idlePerEndpoint = idlePerEndpoint
        self.loop = WireEventLoop(timeout: timeout, idlePerEndpoint: idlePerEndpoint)
    }

    /// Sends `request` to `endpoint` on a pool thread and calls `done` with
    /// the whole response, or why none came (at once after ``shutDown()``).
    package func send(_ request: WireRequest, to endpoint: WireEndpoint, done: @escaping Completion) {
        guard endpoint.secure else {
            guard let reactor = SocketReactors.current else { return loop.send(request, to: endpoint, done: done) }
            let lane = lanes.withLock { lanes -> WireReactorLane? in
                guard lanes != nil else { return nil }
                if let lane = lanes?[ObjectIdentifier(reactor)] { return lane }
                let made = WireReactorLane(reactor: reactor, timeout: timeout, idlePerEndpoint: idlePerEndpoint)
                lanes?[ObjectIdentifier(reactor)] = made
                return made
            }
            guard let lane else { return done(.failure(.io("the client was shut down"))) }
            return lane.send(request, to: endpoint, done: done)
        }
        condition.lock()
        guard !closed else {
            condition.unlock()
            done(.failure(.io("the client was shut down")))
            return
        }
        jobs.append(Job(request: request, endpoint: endpoint, done: done))
        if waiting > 0 { condition.signal() }
        let starts = jobs.count - head > waiting && threads < threadLimit
        if starts { threads += 1 }
        condition.unlock()
        if starts {
            let thread = Thread { [self] in
                while let job = next() { run(job) }
            }
            thread.name = "understudy.upstream"
            thread.start()
        }
    }

    /// Fails the requests not yet started, closes every idle connection and
    /// ends each thread once its request in flight is done.
    package func shutDown() {
        loop.shutDown()
        for lane in lanes.withLock({ lanes in defer { lanes = nil }; return lanes?.values.map { $0 } ?? [] }) { lane.shutDown() }
        condition.lock()
        closed = true
        let dropped = jobs[head...]
        jobs = []
        head = 0
        let connections = idle
        idle = [:]
        condition.broadcast()
        condition.unlock()
        withExtendedLifetime(connections) {}
        for job in dropped { job.done(.failure(.io("the client was shut down"))) }
    }

    /// The next request to run, or `nil` when the pool shuts down.
    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count, !closed {
            waiting += 1
            condition.wait()
            waiting -= 1
        }
        guard head < jobs.count else {
            threads -= 1
            return nil
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    private func run(_ job: Job) {
        var retried = false
        while true {
            let connection: WireConnection, reused: Bool
            do { (connection, reused) = try lease(job.endpoint) } catch {
                job.done(.failure(error))
                return
            }
            var heard = false
            do {
                let framed = try exchange(job, on: connection, heard: &heard)
                if framed.allowsReuse { giveBack(connection, to: job.endpoint) }
                job.done(.success(framed.response))
                return
            } catch {
                if !retried, Self.mayResend(job.request, after: error, reused: reused, heard: heard) {
                    retried = true
                    continue
                }
                job.done(.failure(error))
                return
            }
        }
    }

    /// Whether `request`, which failed with `error`, goes once more on a new
    /// connection: its kept connection died (not timed out) before a byte
    /// came back, and its method is idempotent (RFC 9110 §9.2.2).
    static func mayResend(_ request: WireRequest, after error: WireClientError, reused: Bool, heard: Bool) -> Bool {
        if case .timedOut = error { return false }
        return reused && !heard && isIdempotent(request.method)
    }

    /// Whether a request with `method` may be sent twice (RFC 9110 §9.2.2).
    static func isIdempotent(_ method: String) -> Bool {
        idempotent.contains { method.caseInsensitiveEquals($0) }
    }

    private static let idempotent = ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"]

    /// One request and its response on `connection`; `heard` turns true with the first byte back.
    private func exchange(_ job: Job, on connection: WireConnection, heard: inout Bool) throws(WireClientError) -> WireResponse.Framed {
        var sent = job.request
        if !job.endpoint.basePath.isEmpty { sent.target = job.endpoint.basePath + sent.target }
        try connection.write(try sent.encoded(authority: job.endpoint.authority, closing: false))
        var received: [UInt8] = []
        var ended = false
        while true {
            if var framed = try WireResponse.frame(received, method: job.request.method, ended: ended) {
                if framed.end != received.count { framed.allowsReuse = false }
                return framed
            }
            ended = try !connection.read(into: &received)
            heard = heard || !received.isEmpty
        }
    }

    /// An idle connection to `endpoint` the peer has kept open, or a new one.
    private func lease(_ endpoint: WireEndpoint) throws(WireClientError) -> (WireConnection, reused: Bool) {
        var stale: [WireConnection] = []
        condition.lock()
        var found: WireConnection?
        while found == nil, let candidate = idle[endpoint]?.popLast() {
            if candidate.isStale { stale.append(candidate) } else { found = candidate }
        }
        condition.unlock()
        withExtendedLifetime(stale) {}
        if let found { return (found, true) }
        let connection = try WireConnection(host: endpoint.host, port: endpoint.port, timeout: timeout)
        if endpoint.secure { try connection.startTLS(serverName: endpoint.host, trust: trust) }
        return (connection, false)
    }

    private func giveBack(_ connection: WireConnection, to endpoint: WireEndpoint) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, idle[endpoint, default: []].count < idlePerEndpoint else { return }
        idle[endpoint, default: []].append(connection)
    }
}
