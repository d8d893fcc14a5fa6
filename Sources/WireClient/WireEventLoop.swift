import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``WirePool``'s plain-HTTP requests, all on one thread: non-blocking
/// sockets, `poll(2)`, keep-alive connections per endpoint. Under load one
/// wake-up serves every connection that is ready, so a proxy pays no
/// thread hand-off per request. A request that finds a kept connection is
/// written on the caller's thread, and the loop is not woken for it: it
/// polls its kept connections as well as its busy ones, so the answer
/// wakes it (and a kept connection its peer closes is dropped at once).
/// The thread starts with the first request and ends at ``shutDown()``,
/// closing every connection and its wake pipe.
final class WireEventLoop: @unchecked Sendable {
    /// One request: what it sends, where, what runs with its outcome, and by when.
    struct Job {
        var request: WireRequest
        var endpoint: WireEndpoint
        var done: WirePool.Completion
        var deadline: UInt64
        var retried = false
        /// The request's bytes, when the caller already wrote them out.
        var encoded: [UInt8]?
    }

    private typealias Link = WireLink

    private let timeout: TimeInterval
    private let idlePerEndpoint: Int
    private let lock = NSLock()
    // Guarded by `lock`:
    private var submitted: [Job] = []
    private var closed = false
    private var started = false
    private var signalled = false
    /// How many times the loop has taken what was handed over and listed
    /// the kept connections it polls.
    private var looks = 0
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var idle: [WireEndpoint: [Link]] = [:]
    /// Requests already written on a kept connection, for the loop to read.
    private var handed: [(Job, Link)] = []
    // The loop thread's own:
    private var busy: [Link] = []
    private var addresses: [WireEndpoint: [[UInt8]]] = [:]
    /// The read buffer, made when the loop's thread starts: a pool that
    /// never proxies (most servers' pools) zeroes no 64 KiB at its start.
    private var chunk: [UInt8] = []

    init(timeout: TimeInterval, idlePerEndpoint: Int) {
        self.timeout = timeout
        self.idlePerEndpoint = idlePerEndpoint
    }

    /// Queues `request` for the loop, written at once when a kept connection
    /// waits; `done` runs on the loop's thread.
    ///
    /// A request that may go twice (RFC 9110 §9.2.2) takes a kept connection
    /// as it is: one its peer closed fails before a byte comes back, and is
    /// sent again on a new one. Any other waits for the loop, which checks a
    /// kept connection first.
    func send(_ request: WireRequest, to endpoint: WireEndpoint, done: @escaping WirePool.Completion) {
        var job = Job(request: request, endpoint: endpoint, done: done, deadline: Self.now() + UInt64(timeout * 1e9))
        if WirePool.isIdempotent(request.method) {
            switch Self.encoded(job) {
            case .failure(let error): return done(.failure(error))
            case .success(let bytes): job.encoded = bytes
            }
            lock.lock()
            if closed {
                lock.unlock()
                return done(.failure(.io("the client was shut down")))
            }
            if let link = idle[endpoint]?.popLast() {
                // In the loop's latest poll set (`watched`), unless it looked
                // again before the hand-over: then it needs a wake-up.
                let (polled, look) = (link.watched, looks)
                lock.unlock()
                link.reused = true
                link.load(job.encoded!)
                _ = link.flush() // what fails, or is left, the loop sees when the socket is ready
                lock.lock()
                if closed {
                    // The loop may have ended meanwhile: it would never read this answer.
                    lock.unlock()
                    return done(.failure(.io("the client was shut down")))
                }
                handed.append((job, link))
                if !polled || looks != look { signal() }
                lock.unlock()
                return
            }
            lock.unlock()
        }
        lock.lock()
        if closed {
            lock.unlock()
            return done(.failure(.io("the client was shut down")))
        }
        if !started {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                lock.unlock()
                return done(.failure(.io("no pipe for the client's loop: \(String(cString: strerror(errno)))")))
            }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            wake = (ends[0], ends[1])
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "understudy.upstream-loop"
            thread.start()
        }
        submitted.append(job)
        signal()
        lock.unlock()
    }

    /// Ends the loop: requests queued or in flight fail, connections close.
    func shutDown() {
        lock.lock()
        closed = true
        if started, wake.write >= 0 { Self.poke(wake.write) }
        lock.unlock()
    }

    /// Wakes the loop for what was just queued, once per wake-up; called
    /// under the lock: the loop closes the pipe under it too, so a poke
    /// never reaches a descriptor number the process has reused.
    private func signal() {
        if !signalled { Self.poke(wake.write) }
        signalled = true
    }

    private static func poke(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private func run() {
        chunk = [UInt8](repeating: 0, count: 64 << 10)
        var retries: [Job] = []
        var sink = [UInt8](repeating: 0, count: 64)
        // Kept across wake-ups (swapped with the queues, emptied in place), so a wake-up allocates none.
        var (batch, written, polled, kept, watching) = ([Job](), [(Job, Link)](), [pollfd](), [Link](), [Link]())
        var answered: [(job: Job, response: WireResponse, link: Link?)] = []
        while true {
            // A short read means the pipe is empty: one read per wake-up, not two.
            while read(wake.read, &sink, sink.count) == sink.count {}
            lock.lock()
            swap(&batch, &submitted)
            swap(&written, &handed)
            signalled = false
            let stopping = closed
            // In the same hold as the hand-over: a kept connection a caller
            // takes from here on is in this poll, or comes with a wake-up.
            looks &+= 1
            watching.removeAll(keepingCapacity: true)
            for links in idle.values {
                for link in links {
                    link.watched = true
                    watching.append(link)
                }
            }
            lock.unlock()
            if stopping { return finish(batch + retries + written.map(\.0)) }
            for (job, link) in written {
                link.job = job
                busy.append(link)
            }
            for job in retries { start(job) }
            for job in batch { start(job) }
            retries.removeAll(keepingCapacity: true)
            batch.removeAll(keepingCapacity: true)
            written.removeAll(keepingCapacity: true)
            polled.removeAll(keepingCapacity: true)
            polled.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            var nearest = UInt64.max
            for link in busy {
                let writing = link.connecting || link.written < link.pending.count
                polled.append(pollfd(fd: link.fd, events: Int16(writing ? POLLOUT : POLLIN), revents: 0))
                nearest = min(nearest, link.job?.deadline ?? .max)
            }
            for link in watching { polled.append(pollfd(fd: link.fd, events: Int16(POLLIN), revents: 0)) }
            // A request written on a watched connection sets no deadline here:
            // the wait is bounded by the timeout, so it is timed within one.
            if !watching.isEmpty { nearest = min(nearest, Self.now() + UInt64(timeout * 1e9)) }
            let now = Self.now()
            let wait = nearest == .max ? -1 : Int32(clamping: nearest > now ? (nearest - now) / 1_000_000 + 1 : 0)
            _ = poll(&polled, nfds_t(polled.count), wait)
            let after = Self.now()
            dropClosed(watching, events: polled[(1 + busy.count)...])
            var elsewhere: [(Job, Int)] = []
            for (index, link) in busy.enumerated() {
                let events = polled[index + 1].revents
                var outcome: Result<WireResponse.Framed, WireClientError>?
                if events != 0 {
                    outcome = link.advance(through: &chunk)
                } else if let deadline = link.job?.deadline, deadline <= after {
                    outcome = .failure(.timedOut(link.received.isEmpty ? "waiting for the response" : "reading the response"))
                }
                guard let outcome, let job = link.job else {
                    kept.append(link)
                    continue
                }
                link.job = nil
                switch link.settle(job, after: outcome, addressCount: addresses[link.endpoint, default: []].count) {
                case .answered(let response, let keeps): answered.append((job, response, keeps ? link : nil))
                case .nextAddress(let address): elsewhere.append((job, address))
                case .resend(let again): retries.append(again)
                case .failed(let error): job.done(.failure(error))
                }
            }
            // Kept connections go back in one hold of the lock, each before its answer is handed on.
            park(answered.compactMap(\.link))
            for (job, response, _) in answered { job.done(.success(response)) }
            answered.removeAll(keepingCapacity: true)
            swap(&busy, &kept)
            kept.removeAll(keepingCapacity: true) // a link done with closes now, not at the next wake-up
            watching.removeAll(keepingCapacity: true) // and so does a kept one dropped
            for (job, address) in elsewhere { start(job, from: address) }
        }
    }

    /// Drops the kept connections that poll found readable while still
    /// kept: the peer closed them (or sent what no request asked for). One
    /// a caller took meanwhile is the loop's again with its request.
    private func dropClosed(_ watched: [Link], events: ArraySlice<pollfd>) {
        guard events.contains(where: { $0.revents != 0 }) else { return }
        var dropped: [Link] = []
        lock.lock()
        for (link, polled) in zip(watched, events) where polled.revents != 0 {
            guard let position = idle[link.endpoint]?.firstIndex(where: { $0 === link }) else { continue }
            idle[link.endpoint]?.remove(at: position)
            dropped.append(link)
        }
        lock.unlock()
        withExtendedLifetime(dropped) {} // each closes as it goes
    }

    /// Fails what is left, closes every connection and the wake pipe.
    private func finish(_ queued: [Job]) {
        let jobs = queued + busy.compactMap(\.job)
        busy = []
        lock.lock()
        idle = [:]
        close(wake.read)
        close(wake.write)
        wake = (-1, -1)
        lock.unlock()
        for job in jobs { job.done(.failure(.io("the client was shut down"))) }
    }

    /// Puts `job` on a kept connection to its endpoint, or a new one (to
    /// its `address`th address or a later one), and sends what it can at once.
    private func start(_ job: Job, from address: Int = 0) {
        var link = !job.retried && address == 0 ? kept(for: job.endpoint) : nil
        if link == nil {
            switch open(job.endpoint, from: address) {
            case .success(let made): link = made
            case .failure(let error): return job.done(.failure(error))
            }
        }
        guard let link else { return }
        if let error = prepare(job, on: link) {
            park([link])
            return job.done(.failure(error))
        }
        link.job = job
        if !link.connecting { _ = link.flush() }
        busy.append(link)
    }

    /// A kept connection to `endpoint` its peer has not closed, taken from
    /// `idle`, or `nil`.
    private func kept(for endpoint: WireEndpoint) -> Link? {
        while true {
            lock.lock()
            let candidate = idle[endpoint]?.popLast()
            lock.unlock()
            guard let candidate else { return nil }
            if !WireConnection.isStale(candidate.fd, tls: false) {
                candidate.reused = true
                return candidate
            }
        }
    }

    /// Sets `link` up to carry `job`'s request: its bytes, nothing received.
    private func prepare(_ job: Job, on link: Link) -> WireClientError? {
        switch job.encoded.map(Result.success) ?? Self.encoded(job) {
        case .success(let bytes):
            link.load(bytes)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// `job`'s request as it goes on the wire.
    static func encoded(_ job: Job) -> Result<[UInt8], WireClientError> {
        var sent = job.request
        if !job.endpoint.basePath.isEmpty { sent.target = job.endpoint.basePath + sent.target }
        do throws(WireClientError) { return .success(try sent.encoded(authority: job.endpoint.authority, closing: false)) } catch {
            return .failure(error)
        }
    }

    /// A kept connection, for the next request to the same endpoint; a
    /// caller that takes it before the loop polls it again wakes the loop.
    private func park(_ links: [Link]) {
        guard !links.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        for link in links {
            link.watched = false
            guard !closed, idle[link.endpoint, default: []].count < idlePerEndpoint else { continue }
            idle[link.endpoint, default: []].append(link)
        }
    }

    /// A non-blocking socket connecting (or connected) to `endpoint`, trying
    /// its addresses from `first` on; the addresses are resolved once.
    private func open(_ endpoint: WireEndpoint, from first: Int) -> Result<Link, WireClientError> {
        Link.open(endpoint, from: first, addresses: &addresses)
    }
}
