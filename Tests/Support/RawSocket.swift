import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP client for sending bytes no polite HTTP client would send, and for
/// tests where connection reuse matters: one socket, fully in the test's hands.
///
/// Reads are `async` and block a thread of their own (``OffPool``), never a
/// cooperative one. The descriptor is close-on-exec, so a child another test
/// spawns meanwhile cannot keep the connection open, and it is closed exactly
/// once (a descriptor closed twice can be another thread's socket by then).
public final class RawSocket: Sendable {
    private let fd: Int32

    /// Connects to `host:port` (a numeric IPv4 or IPv6 address), with `timeout` on every read.
    ///
    /// The read timeout is a backstop for a server that never answers, not a
    /// bound a test relies on: generous, so that a loaded machine cannot turn
    /// a slow answer into a failure (the test watch catches a real hang).
    public init(host: String = "127.0.0.1", port: Int, timeout: TimeInterval = 30) throws {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw RawSocketError.system("socket", errno) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = Self.connect(fd, &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = Self.connect(fd, &address)
        }
        guard result == 0 else {
            // Closed here and only here: `self.fd` is not set yet, so no
            // deinit runs for this half-made socket. (It once was, and the
            // deinit closed the number again, by then possibly a daemon's
            // freshly accepted connection: libmicrohttpd then aborts the
            // process with "Failed to remove FD from epoll set".)
            let code = errno
            close(fd)
            throw RawSocketError.system("connect", code)
        }
        self.fd = fd
    }

    private static func connect<Address>(_ fd: Int32, _ address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }

    deinit { close(fd) }

    /// Sends every byte.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawSocketError.system("send", errno) }
            offset += sent
        }
    }

    /// Ends the connection both ways now (a FIN, as a client that goes away
    /// sends); the descriptor itself is closed when the socket goes.
    public func closeNow() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Sends the UTF-8 of `text`.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads until the peer closes, a read times out, or `stop` says the bytes so far are enough.
    public func receive(until stop: @escaping @Sendable (String) -> Bool = { _ in false }) async -> ReceiveResult {
        await receive(untilBytes: { stop(String(decoding: $0, as: UTF8.self)) })
    }

    /// Reads until the peer closes, a read times out, or `stop` says the bytes so far are enough.
    public func receive(untilBytes stop: @escaping @Sendable ([UInt8]) -> Bool) async -> ReceiveResult {
        await OffPool.run { self.blockingReceive(until: stop) }
    }

    private func blockingReceive(until stop: ([UInt8]) -> Bool) -> ReceiveResult {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return ReceiveResult(bytes: received, ending: .closed) }
            if count < 0 {
                let ending: ReceiveResult.Ending = (errno == EAGAIN || errno == EWOULDBLOCK) ? .timedOut : .reset
                return ReceiveResult(bytes: received, ending: ending)
            }
            received += buffer[..<count]
            if stop(received) { return ReceiveResult(bytes: received, ending: .enough) }
        }
    }

    /// Reads one whole response whose body length is given by `Content-Length`
    /// (a response without one is read to the close).
    public func receiveResponse() async -> ReceiveResult {
        await receive(untilBytes: { bytes in
            let result = ReceiveResult(bytes: bytes, ending: .enough)
            guard let headEnd = result.headEnd else { return false }
            guard let length = result.headers["content-length"].flatMap({ Int($0) }) else { return true }
            return bytes.count - headEnd >= length
        })
    }
}

extension RawSocket {
    /// Waits up to `timeout` for any of `sockets` to have something to read
    /// (bytes, or the peer's close) and returns their indices; empty when the
    /// time ran out first.
    public static func readable(_ sockets: [RawSocket], within timeout: TimeInterval) async -> [Int] {
        let fds = sockets.map(\.fd)
        return await OffPool.run {
            var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), Int32(timeout * 1000)) > 0 else { return [] }
            return polled.indices.filter { polled[$0].revents != 0 }
        }
    }
}

/// What a ``RawSocket`` read returned.
public struct ReceiveResult: Sendable {
    /// How the read ended.
    public enum Ending: Sendable { case closed, reset, timedOut, enough }
    /// The bytes received.
    public var bytes: [UInt8]
    /// The bytes received, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// Why reading stopped.
    public var ending: Ending
    /// Creates a result.
    public init(bytes: [UInt8], ending: Ending) {
        self.bytes = bytes
        self.ending = ending
    }

    /// Every value of the header `name` in the first response, line by line
    /// and item by item (`Vary: a, b` and `Vary: c` give `a`, `b`, `c`).
    public func headerValues(_ name: String) -> [String] {
        guard let end = headEnd else { return [] }
        return String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n").dropFirst().flatMap { line -> [String] in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else { return [] }
            return line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The header fields of the first response, names lowercased (a repeated
    /// name keeps its last line: ``headerValues(_:)`` has them all).
    public var headers: [String: String] {
        guard let end = headEnd else { return [:] }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The body bytes of the first response (everything after its head).
    public var body: [UInt8] { headEnd.map { Array(bytes[$0...]) } ?? [] }

    /// Where the first response's head ends (just past its blank line).
    public var headEnd: Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }.map { $0 + 4 }
    }

    /// The status code of the first response line, if one arrived.
    public var status: Int? {
        guard text.hasPrefix("HTTP/1.") else { return nil }
        return text.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}

/// A failed system call in ``RawSocket``.
public enum RawSocketError: Error, CustomStringConvertible {
    case system(String, Int32)
    public var description: String {
        if case .system(let call, let code) = self { return "\(call): \(String(cString: strerror(code)))" }
        return "raw socket error"
    }
}
