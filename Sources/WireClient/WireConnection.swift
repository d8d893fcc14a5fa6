import CGnuTLS
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP connection (optionally TLS over it), used by one thread from
/// start to end: blocking reads and writes, each bounded by the timeout.
/// The descriptor is close-on-exec and closed exactly once.
final class WireConnection {
    private let fd: Int32
    private var tls: TLSClientSession?
    /// What each read fills, reused for the connection's life.
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)

    /// Connects to the first address of `host` that accepts within `timeout`.
    init(host: String, port: Int, timeout: TimeInterval) throws(WireClientError) {
        var problem = "no address for \(host)"
        for address in try Self.resolve(host: host, port: port).get() {
            switch Self.connect(to: address, timeout: timeout) {
            case .success(let descriptor):
                fd = descriptor
                return
            case .failure(let failure):
                problem = "\(host):\(port): \(failure.why)"
            }
        }
        throw .connect(problem)
    }

    deinit {
        tls = nil
        close(fd)
    }

    /// A connected, blocking descriptor with `timeout` on every read and
    /// write, to the address `bytes` hold (a `sockaddr`, from ``resolve(host:port:)``).
    private static func connect(to bytes: [UInt8], timeout: TimeInterval) -> Result<Int32, ConnectFailure> {
        let family = bytes.withUnsafeBytes { Int32($0.load(fromByteOffset: MemoryLayout.offset(of: \sockaddr.sa_family)!, as: sa_family_t.self)) }
        #if canImport(Glibc)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return .failure(ConnectFailure(String(cString: strerror(errno)))) }
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #endif
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let started = bytes.withUnsafeBytes { raw in
            systemConnect(fd, UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started != 0 {
            guard errno == EINPROGRESS else {
                let why = String(cString: strerror(errno))
                close(fd)
                return .failure(ConnectFailure(why))
            }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, min(timeout * 1000, 600_000))))
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            guard ready == 1, code == 0 else {
                close(fd)
                return .failure(ConnectFailure(ready == 0 ? "no answer within \(timeout) s" : String(cString: strerror(code))))
            }
        }
        _ = fcntl(fd, F_SETFL, flags)
        // Each write goes out at once: a TLS handshake's or a request's second
        // small write would otherwise wait for the peer's delayed ACK (40 ms).
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval()
        limit.tv_sec = .init(timeout.rounded(.down))
        limit.tv_usec = .init((timeout - timeout.rounded(.down)) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return .success(fd)
    }

    /// Every address `host` resolves to, each as the bytes of its `sockaddr`.
    static func resolve(host: String, port: Int) -> Result<[[UInt8]], WireClientError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            return .failure(.connect("\(host) does not resolve (\(String(cString: gai_strerror(resolved))))"))
        }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            guard let pointer = address.pointee.ai_addr else { continue }
            addresses.append(Array(UnsafeRawBufferPointer(start: pointer, count: Int(address.pointee.ai_addrlen))))
        }
        return addresses.isEmpty ? .failure(.connect("no address for \(host)")) : .success(addresses)
    }

    struct ConnectFailure: Error {
        var why: String
        init(_ why: String) { self.why = why }
    }

    /// Starts TLS on the connection, checking the certificate against `trust` and `serverName`.
    func startTLS(serverName: String, trust: WireTrust) throws(WireClientError) {
        tls = try TLSClientSession(fd: fd, serverName: serverName, trust: trust)
    }

    /// Whether the connection can no longer carry a request: while it sat
    /// idle the peer closed it, or sent bytes nobody asked for.
    var isStale: Bool { Self.isStale(fd, tls: tls != nil) }

    /// Whether an idle connection on `fd` can no longer carry a request.
    /// Plain HTTP: any byte or hang-up while idle. TLS: only a hang-up or an
    /// error, since a server may send records of its own after the handshake
    /// (TLS 1.3 session tickets) that the next read consumes. Without
    /// `POLLRDHUP` (not Linux), TLS is judged like plain HTTP.
    static func isStale(_ fd: Int32, tls: Bool) -> Bool {
        #if os(Linux)
        // POLLRDHUP (0x2000 on every Linux architecture), which Glibc exports only with _GNU_SOURCE.
        let readHangUp: Int16 = 0x2000
        let closed = readHangUp | Int16(POLLHUP) | Int16(POLLERR)
        var poller = pollfd(fd: fd, events: tls ? readHangUp : Int16(POLLIN) | readHangUp, revents: 0)
        guard poll(&poller, 1, 0) != 0 else { return false }
        return !tls || poller.revents & closed != 0
        #else
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) != 0
        #endif
    }

    /// Writes every byte.
    func write(_ bytes: [UInt8]) throws(WireClientError) {
        var offset = 0
        while offset < bytes.count {
            let written: Int
            if let tls {
                written = try tls.send(bytes, from: offset)
            } else {
                written = bytes.withUnsafeBytes { raw in
                    #if canImport(Glibc)
                    Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    #else
                    Darwin.send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                    #endif
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut("sending the request") }
                    // The server may answer and close before reading the whole request: read what it said.
                    if errno == EPIPE || errno == ECONNRESET { return }
                    throw .io("send: \(String(cString: strerror(errno)))")
                }
            }
            offset += written
        }
    }

    /// Appends what arrives to `buffer`; `false` at the end of the stream.
    func read(into buffer: inout [UInt8]) throws(WireClientError) -> Bool {
        while true {
            let count: Int
            if let tls {
                count = try tls.receive(into: &chunk)
            } else {
                count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut("waiting for the response") }
                    if errno == ECONNRESET { return false }
                    throw .io("recv: \(String(cString: strerror(errno)))")
                }
            }
            if count == 0 { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}

#if canImport(Glibc)
func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
}
#else
func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    Darwin.connect(fd, address, length)
}
#endif
