import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client for sending bytes no polite HTTP client would send.
public final class RawSocket {
    private let fd: Int32

    /// Connects to `host:port` (a numeric IPv4 or IPv6 address), with `timeout` on every read.
    public init(host: String = "127.0.0.1", port: Int, timeout: TimeInterval = 5) throws {
        let family = host.contains(":") ? AF_INET6 : AF_INET
        fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
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
            let code = errno
            close(fd)
            throw RawSocketError.system("connect", code)
        }
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

    /// Sends the UTF-8 of `text`.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Reads until the peer closes, a read times out, or `stop` says the bytes so far are enough.
    public func receive(until stop: (String) -> Bool = { _ in false }) -> ReceiveResult {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return ReceiveResult(text: String(decoding: received, as: UTF8.self), ending: .closed) }
            if count < 0 {
                let ending: ReceiveResult.Ending = (errno == EAGAIN || errno == EWOULDBLOCK) ? .timedOut : .reset
                return ReceiveResult(text: String(decoding: received, as: UTF8.self), ending: ending)
            }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if stop(text) { return ReceiveResult(text: text, ending: .enough) }
        }
    }

    /// Reads one whole response whose body length is given by `Content-Length`.
    public func receiveResponse() -> ReceiveResult {
        receive { text in
            guard let headerEnd = text.range(of: "\r\n\r\n") else { return false }
            let head = text[..<headerEnd.lowerBound].lowercased()
            guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                  let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
            else { return true }
            return text.utf8.count - text[..<headerEnd.upperBound].utf8.count >= length
        }
    }
}

extension RawSocket {
    /// Waits up to `timeout` for any of `sockets` to have something to read
    /// (bytes, or the peer's close) and returns their indices; empty when the
    /// time ran out first.
    public static func readable(_ sockets: [RawSocket], within timeout: TimeInterval) -> [Int] {
        var fds = sockets.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), Int32(timeout * 1000)) > 0 else { return [] }
        return fds.indices.filter { fds[$0].revents != 0 }
    }
}

/// What a ``RawSocket`` read returned.
public struct ReceiveResult: Sendable {
    /// How the read ended.
    public enum Ending: Sendable { case closed, reset, timedOut, enough }
    /// The bytes received, as text.
    public var text: String
    /// Why reading stopped.
    public var ending: Ending
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
