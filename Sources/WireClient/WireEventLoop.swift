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
/// written on the caller's thread, so the loop's wake-up overlaps the
/// upstream's work rather than coming before it; the loop then reads the
/// answer. The thread starts with the first request and ends at
/// ``shutDown()``, closing every connection and its wake pipe.
final class WireEventLoop: @unchecked Sendable {
    private struct Job {
        var request: WireRequest
        var endpoint: WireEndpoint
        var done: WirePool.Completion
        var deadline: UInt64
        var retried = false
    }

    /// One connection, touched by one thread at a time: the loop's, or a
    /// sender's between taking it from `idle` and handing it over.
    private final class Link {
        let fd: Int32
        let endpoint: WireEndpoint
        /// Which of the endpoint's addresses it connects to.
        let address: Int
        var job: Job?
        var connecting: Bool
        var reused = false
        var pending: [UInt8] = []
        var written = 0
        var received: [UInt8] = []
        var ended = false

        init(fd: Int32, endpoint: WireEndpoint, address: Int, connecting: Bool) {
            self.fd = fd
            self.endpoint = endpoint
            self.address = address
            self.connecting = connecting
        }

        deinit { close(fd) }
    }

    private let timeout: TimeInterval
    private let idlePerEndpoint: Int
    private let lock = NSLock()
    // Guarded by `lock`:
    private var submitted: [Job] = []
    private var closed = false
    private var started = false
    private var signalled = false
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var idle: [WireEndpoint: [Link]] = [:]
    /// Requests already written on a kept connection, for the loop to read.
    private var handed: [(Job, Link)] = []
    // The loop thread's own:
    private var busy: [Link] = []
    private var addresses: [WireEndpoint: [[UInt8]]] = [:]
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    init(timeout: TimeInterval, idlePerEndpoint: Int) {
        self.timeout = timeout
        self.idlePerEndpoint = idlePerEndpoint
    }

    /// Queues `request` for the loop, written at once when a kept connection
    /// waits; `done` runs on the loop's thread.
    func send(_ request: WireRequest, to endpoint: WireEndpoint, done: @escaping WirePool.Completion) {
        let job = Job(request: request, endpoint: endpoint, done: done, deadline: Self.now() + UInt64(timeout * 1e9))
        if let link = kept(for: endpoint) {
            switch prepare(job, on: link) {
            case .some(let error):
                park(link)
                return done(.failure(error))
            case .none:
                _ = flush(link) // what fails, or is left, the loop sees when the socket is ready
                lock.lock()
                if closed {
                    lock.unlock()
                    return done(.failure(.io("the client was shut down")))
                }
                handed.append((job, link))
                signal()
                lock.unlock()
                return
            }
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
        var retries: [Job] = []
        var sink = [UInt8](repeating: 0, count: 64)
        // Kept across wake-ups (swapped with the queues, emptied in place), so a wake-up allocates none.
        var (batch, written, polled, kept) = ([Job](), [(Job, Link)](), [pollfd](), [Link]())
        while true {
            // A short read means the pipe is empty: one read per wake-up, not two.
            while read(wake.read, &sink, sink.count) == sink.count {}
            lock.lock()
            swap(&batch, &submitted)
            swap(&written, &handed)
            signalled = false
            let stopping = closed
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
            let now = Self.now()
            let wait = nearest == .max ? -1 : Int32(clamping: nearest > now ? (nearest - now) / 1_000_000 + 1 : 0)
            _ = poll(&polled, nfds_t(polled.count), wait)
            let after = Self.now()
            var elsewhere: [(Job, Int)] = []
            for (index, link) in busy.enumerated() {
                let events = polled[index + 1].revents
                var outcome: Result<WireResponse.Framed, WireClientError>?
                if events != 0 {
                    outcome = advance(link)
                } else if let deadline = link.job?.deadline, deadline <= after {
                    outcome = .failure(.timedOut(link.received.isEmpty ? "waiting for the response" : "reading the response"))
                }
                guard let outcome, let job = link.job else {
                    kept.append(link)
                    continue
                }
                link.job = nil
                switch outcome {
                case .success(let framed):
                    if framed.allowsReuse, framed.end == link.received.count { park(link) }
                    job.done(.success(framed.response))
                case .failure(.connect) where link.connecting && link.address + 1 < addresses[link.endpoint, default: []].count:
                    elsewhere.append((job, link.address + 1))
                case .failure(let error):
                    if !job.retried, WirePool.mayResend(job.request, after: error, reused: link.reused, heard: !link.received.isEmpty) {
                        var again = job
                        again.retried = true
                        retries.append(again)
                    } else {
                        job.done(.failure(error))
                    }
                }
            }
            swap(&busy, &kept)
            kept.removeAll(keepingCapacity: true) // a link done with closes now, not at the next wake-up
            for (job, address) in elsewhere { start(job, from: address) }
        }
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
            park(link)
            return job.done(.failure(error))
        }
        link.job = job
        if !link.connecting { _ = flush(link) }
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
        var sent = job.request
        if !job.endpoint.basePath.isEmpty { sent.target = job.endpoint.basePath + sent.target }
        do throws(WireClientError) { link.pending = try sent.encoded(authority: job.endpoint.authority, closing: false) } catch {
            return error
        }
        link.written = 0
        link.received.removeAll(keepingCapacity: true)
        link.ended = false
        return nil
    }

    /// A kept connection, for the next request to the same endpoint.
    private func park(_ link: Link) {
        lock.lock()
        defer { lock.unlock() }
        guard !closed, idle[link.endpoint, default: []].count < idlePerEndpoint else { return }
        idle[link.endpoint, default: []].append(link)
    }

    /// Moves `link` on after poll said it is ready: connected, written, read.
    /// `nil` while the response is not all in.
    private func advance(_ link: Link) -> Result<WireResponse.Framed, WireClientError>? {
        if link.connecting {
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(link.fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 { return .failure(.connect("\(link.endpoint.authority): \(String(cString: strerror(code)))")) }
            link.connecting = false
        }
        if link.written < link.pending.count {
            if let failure = flush(link) { return .failure(failure) }
            if link.written < link.pending.count { return nil }
        }
        while !link.ended {
            let count = chunk.withUnsafeMutableBytes { recv(link.fd, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                link.received.append(contentsOf: chunk[0..<count])
                // A short read took what the socket held: frame it now rather than
                // ask again for the EAGAIN; poll (level-triggered) says if more comes.
                if count < chunk.count { break }
            } else if count == 0 || errno == ECONNRESET {
                link.ended = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else if errno != EINTR {
                return .failure(.io("recv: \(String(cString: strerror(errno)))"))
            }
        }
        do {
            guard let framed = try WireResponse.frame(link.received, method: link.job?.request.method ?? "GET", ended: link.ended) else { return nil }
            return .success(framed)
        } catch {
            return .failure(error)
        }
    }

    /// Writes what the socket takes now; an error other than a full buffer.
    private func flush(_ link: Link) -> WireClientError? {
        while link.written < link.pending.count {
            let count = link.pending.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(link.fd, raw.baseAddress! + link.written, raw.count - link.written, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(link.fd, raw.baseAddress! + link.written, raw.count - link.written, 0)
                #endif
            }
            if count >= 0 {
                link.written += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else if errno == EPIPE || errno == ECONNRESET {
                // The server may have answered and closed before reading it all: read what it said.
                link.written = link.pending.count
            } else if errno != EINTR {
                return .io("send: \(String(cString: strerror(errno)))")
            }
        }
        return nil
    }

    /// A non-blocking socket connecting (or connected) to `endpoint`, trying
    /// its addresses from `first` on; the addresses are resolved once.
    private func open(_ endpoint: WireEndpoint, from first: Int) -> Result<Link, WireClientError> {
        if addresses[endpoint] == nil {
            switch WireConnection.resolve(host: endpoint.host, port: endpoint.port) {
            case .success(let found): addresses[endpoint] = found
            case .failure(let error): return .failure(error)
            }
        }
        let candidates = addresses[endpoint] ?? []
        var problem = "no address for \(endpoint.host)"
        for index in candidates.indices.dropFirst(first) {
            switch Self.connect(to: candidates[index]) {
            case .success(let (fd, connecting)):
                return .success(Link(fd: fd, endpoint: endpoint, address: index, connecting: connecting))
            case .failure(let why):
                problem = "\(endpoint.authority): \(why.why)"
            }
        }
        return .failure(.connect(problem))
    }

    /// A non-blocking socket connecting to the address `bytes` hold (a `sockaddr`).
    private static func connect(to bytes: [UInt8]) -> Result<(Int32, connecting: Bool), WireConnection.ConnectFailure> {
        bytes.withUnsafeBytes { raw in
            let family = Int32(raw.load(fromByteOffset: MemoryLayout.offset(of: \sockaddr.sa_family)!, as: sa_family_t.self))
            #if canImport(Glibc)
            let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            #else
            let fd = socket(family, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { return .failure(WireConnection.ConnectFailure("socket: \(String(cString: strerror(errno)))")) }
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            #endif
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let result = systemConnect(fd, UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            if result != 0, errno != EINPROGRESS {
                let why = String(cString: strerror(errno))
                close(fd)
                return .failure(WireConnection.ConnectFailure(why))
            }
            return .success((fd, result != 0))
        }
    }
}
