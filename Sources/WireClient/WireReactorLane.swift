import Dispatch
import Foundation
import HTTPWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``WirePool``'s plain-HTTP requests sent from one ``SocketReactor``'s
/// thread (a daemon loop's, by the handlers it runs): their connections are
/// watched by that reactor, so a proxied request is read, forwarded,
/// answered and relayed on one thread, with no lock contended and no other
/// thread woken. Each pool has one lane per reactor it was called on.
///
/// Confined to the reactor's thread, ``shutDown()`` aside. Connections are
/// kept per endpoint as in ``WireEventLoop``, and watched while kept, so
/// one its peer closes is dropped at once.
final class WireReactorLane: SocketWatcher, @unchecked Sendable {
    typealias Job = WireEventLoop.Job

    private let reactor: any SocketReactor
    private let timeout: TimeInterval
    private let idlePerEndpoint: Int
    /// Every open connection, kept or carrying a request, by descriptor.
    private var links: [Int32: WireLink] = [:]
    /// The kept connections of each endpoint, in a box: looked up, never
    /// modified in place through the dictionary (whose modify accessor, for
    /// a key this size, allocated its frame: three allocations a request).
    private var idle: [WireEndpoint: KeptLinks] = [:]
    private var addresses: [WireEndpoint: [[UInt8]]] = [:]
    /// The read buffer, made with the first answer.
    private var chunk: [UInt8] = []
    /// The deadline the reactor will remind the lane of, if any.
    private var reminder: UInt64?
    private var closed = false

    init(reactor: any SocketReactor, timeout: TimeInterval, idlePerEndpoint: Int) {
        self.reactor = reactor
        self.timeout = timeout
        self.idlePerEndpoint = idlePerEndpoint
    }

    /// Sends `request` on a kept connection to `endpoint` or a new one; `done` runs on this thread.
    func send(_ request: WireRequest, to endpoint: WireEndpoint, done: @escaping WirePool.Completion) {
        guard !closed else { return done(.failure(.io("the client was shut down"))) }
        start(Job(request: request, endpoint: endpoint, done: done, deadline: SocketReactors.now() + UInt64(timeout * 1e9)))
    }

    /// Fails the requests in flight and closes every connection, on the
    /// reactor's thread; returns when that is done. Called on another
    /// reactor's thread, it returns at once instead: two reactors each
    /// waiting for the other would never go on.
    func shutDown() {
        let caller = SocketReactors.current
        if (caller as AnyObject?) === reactor { return close() }
        let finished = DispatchSemaphore(value: 0)
        reactor.perform { [self] in
            close()
            finished.signal()
        }
        if caller == nil { finished.wait() }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        let jobs = links.values.compactMap(\.job)
        for fd in links.keys { reactor.unwatch(fd) }
        links = [:]
        idle = [:]
        reactor.remind(self, at: nil)
        reminder = nil
        for job in jobs { job.done(.failure(.io("the client was shut down"))) }
    }

    /// Puts `job` on a kept connection, or a new one (to its endpoint's
    /// `address`th address or a later one), and writes what it can at once.
    private func start(_ job: Job, from address: Int = 0) {
        var bytes: [UInt8]
        switch job.encoded.map(Result.success) ?? WireEventLoop.encoded(job) {
        case .success(let encoded): bytes = encoded
        case .failure(let error): return job.done(.failure(error))
        }
        var found = !job.retried && address == 0 ? kept(for: job.endpoint, resendable: WirePool.isIdempotent(job.request.method)) : nil
        if found == nil {
            switch WireLink.open(job.endpoint, from: address, addresses: &addresses) {
            case .success(let made):
                guard reactor.watch(made.fd, writable: true, by: self) else {
                    return job.done(.failure(.io("the upstream connection cannot be watched: \(String(cString: strerror(errno)))")))
                }
                made.watchesWrite = true
                links[made.fd] = made
                found = made
            case .failure(let error):
                return job.done(.failure(error))
            }
        }
        guard let link = found else { return }
        var sent = job
        sent.encoded = nil
        link.load(bytes)
        bytes = []
        link.job = sent
        if !link.connecting { _ = link.flush() } // what fails, or is left, shows when the socket is ready
        watch(link)
        if reminder.map({ job.deadline < $0 }) ?? true {
            reminder = job.deadline
            reactor.remind(self, at: job.deadline)
        }
    }

    /// A kept connection to `endpoint`, or `nil`. One for a request that
    /// may not go twice is checked first: its peer may have closed it.
    private func kept(for endpoint: WireEndpoint, resendable: Bool) -> WireLink? {
        guard let kept = idle[endpoint] else { return nil }
        while let candidate = kept.links.popLast() {
            if resendable || !WireConnection.isStale(candidate.fd, tls: false) {
                candidate.reused = true
                return candidate
            }
            drop(candidate)
        }
        return nil
    }

    /// Watches `link` for what it waits for: writing while it connects or
    /// has bytes left to send, reading after.
    private func watch(_ link: WireLink) {
        let writing = link.connecting || link.written < link.pending.count
        guard writing != link.watchesWrite else { return }
        link.watchesWrite = writing
        _ = reactor.watch(link.fd, writable: writing, by: self)
    }

    func socketReady(_ fd: Int32) {
        guard let link = links[fd] else { return }
        guard let job = link.job else {
            // Kept, and readable: its peer closed it (or sent what no request asked for).
            if WireConnection.isStale(fd, tls: false) { drop(link) }
            return
        }
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 64 << 10) }
        guard let outcome = link.advance(through: &chunk) else { return watch(link) }
        settle(link, job, outcome)
    }

    func reminderDue(now: UInt64) {
        reminder = nil
        var nearest = UInt64.max
        for link in Array(links.values) {
            guard let job = link.job else { continue }
            if job.deadline <= now {
                settle(link, job, .failure(.timedOut(link.received.isEmpty ? "waiting for the response" : "reading the response")))
            } else {
                nearest = min(nearest, job.deadline)
            }
        }
        if nearest != .max, reminder.map({ nearest < $0 }) ?? true {
            reminder = nearest
            reactor.remind(self, at: nearest)
        }
    }

    private func settle(_ link: WireLink, _ job: Job, _ outcome: Result<WireResponse.Framed, WireClientError>) {
        link.job = nil
        switch link.settle(job, after: outcome, addressCount: addresses[link.endpoint]?.count ?? 0) {
        case .answered(let response, let keeps):
            if keeps { park(link) } else { drop(link) }
            job.done(.success(response))
        case .nextAddress(let address):
            drop(link)
            start(job, from: address)
        case .resend(let again):
            drop(link)
            start(again)
        case .failed(let error):
            drop(link)
            job.done(.failure(error))
        }
    }

    /// Keeps `link` for the next request to its endpoint, watched for its peer closing it.
    private func park(_ link: WireLink) {
        guard !closed else { return drop(link) }
        let kept: KeptLinks
        if let known = idle[link.endpoint] {
            kept = known
        } else {
            kept = KeptLinks()
            idle[link.endpoint] = kept
        }
        guard kept.links.count < idlePerEndpoint else { return drop(link) }
        watch(link)
        kept.links.append(link)
    }

    /// Stops watching `link` and closes it (as the last reference goes).
    private func drop(_ link: WireLink) {
        guard links.removeValue(forKey: link.fd) != nil else { return }
        reactor.unwatch(link.fd)
        if let kept = idle[link.endpoint], let position = kept.links.firstIndex(where: { $0 === link }) { kept.links.remove(at: position) }
    }

    /// One endpoint's kept connections.
    private final class KeptLinks {
        var links: [WireLink] = []
    }
}
