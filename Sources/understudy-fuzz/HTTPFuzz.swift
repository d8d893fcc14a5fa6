import Foundation
import MicroHTTP
import StubKit
import StubServer
#if canImport(Glibc)
import Glibc
#endif

/// Arbitrary bytes on a raw socket to a live StubServer with compression and
/// CORS on (libmicrohttpd, the request limits, body decoding, and
/// everything after it). Each input is sent on a fresh connection whose write
/// side is then closed; whatever comes back must be an HTTP response with a
/// valid status (or nothing), and every 64 inputs a well-formed request must
/// still be answered 200.
enum HTTPFuzz {
    static let server: StubServer = {
        var configuration = StubServer.Configuration()
        configuration.connectionTimeoutSeconds = 2
        configuration.requestArrivalTimeout = .seconds(2)
        configuration.maxBodySize = 64 << 10
        configuration.journalCapacity = 1_000
        configuration.compression = CompressionPolicy(minimumBytes: 64)
        configuration.cors = .allowAll
        let stubs: [Stub] = Stubs {
            Get("/health").respond(.text("ok"))
            Get("/v1/public/characters/{id:int}").query("apikey", .present).respond(.json(#"{"code":200}"#))
            Post("/upload").body(.jsonSubset(.object(["a": .number(1)]), ignoringArrayOrder: true)).respond(.status(201))
            Get("/cookie").cookie("session", .present).respond(.text("cookie"))
            Get("/stream").respond(.text(String(repeating: "z", count: 10_000))).delay(.dribble(chunks: 3, over: .milliseconds(3)))
        }
        do {
            return try StubServer.start(.stubs(stubs, configuration: configuration))
        } catch {
            fatalError("the fuzz server could not start: \(error)")
        }
    }()

    nonisolated(unsafe) private static var runs = 0

    static func run(_ bytes: [UInt8]) {
        let reply = exchange(bytes)
        if reply.count >= 12, reply.starts(with: Array("HTTP/1.".utf8)) {
            let status = Int(String(decoding: reply[9..<12], as: UTF8.self)) ?? 0
            precondition((100...599).contains(status), "a response with status \(status)")
        }
        runs += 1
        if runs % 64 == 0 {
            let health = exchange(Array("GET /health HTTP/1.1\r\nHost: fuzz\r\n\r\n".utf8))
            precondition(health.starts(with: Array("HTTP/1.1 200".utf8)),
                         "the server stopped answering: \(String(decoding: health.prefix(60), as: UTF8.self))")
        }
    }

    /// Sends `bytes` on a new connection, closes the write side, and returns
    /// what arrives before the server closes or falls quiet.
    private static func exchange(_ bytes: [UInt8]) -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        precondition(fd >= 0, "socket: \(errno)")
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        precondition(connected == 0, "connect to the fuzz server: \(errno)")
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
        shutdown(fd, Int32(SHUT_WR))
        // libmicrohttpd keeps a half-closed keep-alive connection open until
        // its idle timeout, so waiting for the close would cost 2 s per input:
        // read until the server closes or stays quiet for 5 ms once it has
        // answered (300 ms before the first byte).
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while received.count < 1 << 20, poll(&waiting, 1, received.isEmpty ? 300 : 5) > 0 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return received
    }
}
