import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One plain-HTTP connection of a ``WireEventLoop`` or a ``WireReactorLane``:
/// a non-blocking socket, the request it carries, what it has sent and what
/// it has read. Touched by one thread at a time: the loop's (or the lane's
/// reactor's), or a sender's between taking it from the loop's kept
/// connections and handing it over.
final class WireLink {
    let fd: Int32
    let endpoint: WireEndpoint
    /// Which of the endpoint's addresses it connects to.
    let address: Int
    var job: WireEventLoop.Job?
    var connecting: Bool
    var reused = false
    var pending: [UInt8] = []
    var written = 0
    var received: [UInt8] = []
    var ended = false
    /// Kept, and in the loop's latest poll: a request written on it needs
    /// no wake-up, its answer wakes the loop. Guarded by the loop's lock.
    var watched = false
    /// Watched for writing by a ``WireReactorLane``'s reactor (for reading when false).
    var watchesWrite = false

    init(fd: Int32, endpoint: WireEndpoint, address: Int, connecting: Bool) {
        self.fd = fd
        self.endpoint = endpoint
        self.address = address
        self.connecting = connecting
    }

    deinit { close(fd) }

    /// `bytes` to send, with nothing sent or received yet.
    func load(_ bytes: [UInt8]) {
        pending = bytes
        written = 0
        received.removeAll(keepingCapacity: true)
        ended = false
    }

    /// Moves on after poll said the socket is ready: connected, written,
    /// read (through `chunk`, the loop's buffer). `nil` while the response
    /// is not all in.
    func advance(through chunk: inout [UInt8]) -> Result<WireResponse.Framed, WireClientError>? {
        if connecting {
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code != 0 { return .failure(.connect("\(endpoint.authority): \(String(cString: strerror(code)))")) }
            connecting = false
        }
        if written < pending.count {
            if let failure = flush() { return .failure(failure) }
            if written < pending.count { return nil }
        }
        while !ended {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
                // A short read took what the socket held: frame it now rather than
                // ask again for the EAGAIN; poll (level-triggered) says if more comes.
                if count < chunk.count { break }
            } else if count == 0 || errno == ECONNRESET {
                ended = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else if errno != EINTR {
                return .failure(.io("recv: \(String(cString: strerror(errno)))"))
            }
        }
        do {
            guard let framed = try WireResponse.frame(received, method: job?.request.method ?? "GET", ended: ended) else { return nil }
            return .success(framed)
        } catch {
            return .failure(error)
        }
    }

    /// What becomes of `job`, carried here, after `outcome`: answered (and
    /// whether this connection can carry another request), tried at the
    /// endpoint's next address (of `addressCount`) when the connect failed,
    /// sent once more on a new connection when RFC 9110 §9.2.2 allows, or failed.
    func settle(_ job: WireEventLoop.Job, after outcome: Result<WireResponse.Framed, WireClientError>, addressCount: Int) -> Settlement {
        switch outcome {
        case .success(let framed):
            return .answered(framed.response, keeps: framed.allowsReuse && framed.end == received.count)
        case .failure(.connect) where connecting && address + 1 < addressCount:
            return .nextAddress(address + 1)
        case .failure(let error):
            guard !job.retried, WirePool.mayResend(job.request, after: error, reused: reused, heard: !received.isEmpty) else { return .failed(error) }
            var again = job
            again.retried = true
            return .resend(again)
        }
    }

    /// See ``settle(_:after:addressCount:)``.
    enum Settlement {
        case answered(WireResponse, keeps: Bool)
        case nextAddress(Int)
        case resend(WireEventLoop.Job)
        case failed(WireClientError)
    }

    /// Writes what the socket takes now; an error other than a full buffer.
    func flush() -> WireClientError? {
        while written < pending.count {
            let count = pending.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(fd, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(fd, raw.baseAddress! + written, raw.count - written, 0)
                #endif
            }
            if count >= 0 {
                written += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return nil
            } else if errno == EPIPE || errno == ECONNRESET {
                // The server may have answered and closed before reading it all: read what it said.
                written = pending.count
            } else if errno != EINTR {
                return .io("send: \(String(cString: strerror(errno)))")
            }
        }
        return nil
    }

    /// A non-blocking socket connecting (or connected) to `endpoint`, trying
    /// its addresses from `first` on; `addresses` caches each endpoint's, resolved once.
    static func open(_ endpoint: WireEndpoint, from first: Int, addresses: inout [WireEndpoint: [[UInt8]]]) -> Result<WireLink, WireClientError> {
        if addresses[endpoint] == nil {
            switch WireConnection.resolve(host: endpoint.host, port: endpoint.port) {
            case .success(let found): addresses[endpoint] = found
            case .failure(let error): return .failure(error)
            }
        }
        let candidates = addresses[endpoint] ?? []
        var problem = "no address for \(endpoint.host)"
        for index in candidates.indices.dropFirst(first) {
            switch connect(to: candidates[index]) {
            case .success(let (fd, connecting)):
                return .success(WireLink(fd: fd, endpoint: endpoint, address: index, connecting: connecting))
            case .failure(let why):
                problem = "\(endpoint.authority): \(why.why)"
            }
        }
        return .failure(.connect(problem))
    }

    /// A non-blocking socket connecting to the address `bytes` hold (a `sockaddr`).
    static func connect(to bytes: [UInt8]) -> Result<(Int32, connecting: Bool), WireConnection.ConnectFailure> {
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
