import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One keep-alive HTTP/1.1 connection to a loopback server, as lean as a
/// client can be: blocking socket, `TCP_NODELAY`, one request at a time.
/// The admin suite drives WireMock and `understudy serve` through the same
/// one, so the driver's cost is the same on both sides and small beside
/// theirs (Python's `http.client` cost 70 µs a call by itself).
final class LoopbackConnection {
    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        let socket = try Self.connect(port: port)
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        self.socket = socket
    }

    /// A close-on-exec TCP socket connected to `127.0.0.1:port`. On failure
    /// the socket is closed here, once, and the error thrown; a caller stores
    /// the descriptor only once this returns, so that no deinit closes the
    /// number a second time (by then another thread's socket).
    static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw SuiteCostError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(socket)
            throw SuiteCostError("connect to port \(port): errno \(code)")
        }
        return socket
    }

    deinit { close(socket) }

    /// Sends one request and reads its whole answer (Content-Length or chunked).
    func call(_ method: String, _ path: String, body: [UInt8] = []) throws -> (status: Int, body: [UInt8]) {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if !body.isEmpty || method == "POST" || method == "PUT" {
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        return try readResponse()
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes { write(socket, $0.baseAddress! + sent, bytes.count - sent) }
            guard written > 0 else { throw SuiteCostError("write: errno \(errno)") }
            sent += written
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress!, $0.count) }
        guard count > 0 else { throw SuiteCostError("the server closed the connection") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    /// The index just past the next CRLF at or after `start`, reading more as needed.
    private func line(from start: Int) throws -> Int {
        while true {
            if buffer.count >= start + 2 {
                for index in start..<(buffer.count - 1) where buffer[index] == 13 && buffer[index + 1] == 10 { return index + 2 }
            }
            try fill()
        }
    }

    private func readResponse() throws -> (status: Int, body: [UInt8]) {
        var lines: [String] = []
        var position = 0
        while true {
            let end = try line(from: position)
            if end - position == 2 { position = end; break }
            lines.append(String(decoding: buffer[position..<(end - 2)], as: UTF8.self))
            position = end
        }
        let statusParts = (lines.first ?? "").split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw SuiteCostError("no status line: \(lines.first ?? "")") }
        var length: Int?
        var chunked = false
        for header in lines.dropFirst() {
            let lower = header.lowercased()
            if lower.hasPrefix("content-length:") { length = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
            if lower.hasPrefix("transfer-encoding:") && lower.contains("chunked") { chunked = true }
        }
        var body: [UInt8] = []
        if chunked {
            while true {
                let end = try line(from: position)
                let size = Int(String(decoding: buffer[position..<(end - 2)], as: UTF8.self).split(separator: ";")[0]
                    .trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
                position = end
                while buffer.count < position + size + 2 { try fill() }
                body += buffer[position..<(position + size)]
                position += size + 2
                if size == 0 { break }
            }
        } else {
            let size = length ?? 0
            while buffer.count < position + size { try fill() }
            body = Array(buffer[position..<(position + size)])
            position += size
        }
        buffer.removeFirst(position)
        return (status, body)
    }
}
