import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// Malformed requests get libmicrohttpd's 4xx or a closed connection, and the
/// daemon goes on serving.
///
/// libmicrohttpd reads a line that starts with NUL as blank, and blank lines
/// before a request line are allowed (RFC 9112 §2.2), so such garbage is
/// closed by the connection timeout rather than answered: the tests run with
/// a 1 s timeout and require the close.
@Suite struct DaemonHostileInputTests {
    static let garbage: [[UInt8]] = [
        Array("GARBAGE\r\n\r\n".utf8),
        [0x00, 0xFF, 0xFE, 0x0D, 0x0A, 0x0D, 0x0A],
        Array("GET / HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n".utf8),
        Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8),
        Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8),
        Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nxx\r\n".utf8),
        Array("GET / HTTP/1.1\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 70_000) + Array("\r\n\r\n".utf8),
        [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03] + Array(0...255),
        Array(repeating: 0, count: 100),
    ]

    @Test(arguments: garbage.indices)
    func malformedRequestGets4xxOrCloseAndServingContinues(index: Int) async throws {
        let daemon = try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 1)) { _ in
            .response(HTTPResponse(status: 200, text: "fine"))
        }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try? socket.send(Self.garbage[index])
        let reply = await socket.receive()
        if let status = reply.status {
            #expect((400..<500).contains(status) || status == 505, "got \(status) for garbage #\(index)")
        } else {
            #expect(reply.ending == .closed || reply.ending == .reset, "garbage #\(index) left the connection hanging")
        }
        let client = HTTPClient()
        defer { client.close() }
        let after = try await client.get(URL(string: "http://\(daemon.address)/")!)
        #expect(after.status == 200 && after.text == "fine")
    }
}
