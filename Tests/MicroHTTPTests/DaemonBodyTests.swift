import Foundation
import MicroHTTP
import Synchronization
import Testing
import UnderstudyTestSupport

/// Request bodies: gathered across upload calls, and refused past the limit.
@Suite struct DaemonBodyTests {
    /// Answers with the body's size and a checksum of its bytes.
    static func measure(_ request: HTTPRequest) -> Reply {
        let sum = request.body.reduce(into: UInt64(0)) { $0 = $0 &* 31 &+ UInt64($1) }
        return .response(HTTPResponse(status: 200, text: "\(request.body.count) \(sum)"))
    }

    static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
    }

    @Test func oneMebibyteBodyArrivesIntact() async throws {
        let received = Mutex<[UInt8]>([])
        let daemon = try Daemon { request in
            received.withLock { $0 = request.body }
            return .response(HTTPResponse(status: 200, text: "\(request.body.count)"))
        }
        defer { daemon.stop() }
        let body = Self.pattern(1 << 20)
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.send("POST", URL(string: "http://\(daemon.address)/upload")!, body: body)
        #expect(reply.status == 200)
        #expect(reply.text == "1048576")
        #expect(received.withLock { $0 } == Array(body))
    }

    @Test func bodyOverTheLimitGets413WhenDeclared() async throws {
        let daemon = try Daemon(DaemonConfiguration(maxBodySize: 64 << 10), handler: Self.measure)
        defer { daemon.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let url = URL(string: "http://\(daemon.address)/upload")!
        let tooLarge = try await client.send("POST", url, body: Self.pattern((64 << 10) + 1))
        #expect(tooLarge.status == 413)
        #expect(tooLarge.text.contains("65537 bytes"))
        #expect(tooLarge.text.contains("limit of 65536 bytes"))
        let atLimit = try await client.send("POST", url, body: Self.pattern(64 << 10))
        #expect(atLimit.status == 200)
        #expect(atLimit.text.hasPrefix("65536 "))
    }

    @Test func bodyOverTheLimitGets413WithExpectContinueBeforeItIsSent() async throws {
        let daemon = try Daemon(DaemonConfiguration(maxBodySize: 1 << 20), handler: Self.measure)
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\nExpect: 100-continue\r\n\r\n")
        let reply = await socket.receiveResponse()
        #expect(reply.status == 413, "refused before the client sends 50 MB")
        #expect(!reply.text.contains("100 Continue"))
    }

    /// The idle limits are off: the connection waits on the test between its
    /// two requests, and a test starved of CPU for over a minute (seen under
    /// AddressSanitizer in a full parallel run) must not see it cut.
    @Test func chunkedBodyOverTheLimitGets413AndTheConnectionStaysUsable() async throws {
        let configuration = DaemonConfiguration(maxBodySize: 1000, connectionTimeoutSeconds: 0, requestArrivalTimeout: .zero)
        let daemon = try Daemon(configuration, handler: Self.measure)
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        let chunk = String(repeating: "a", count: 600)
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        try socket.send("258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
        let first = await socket.receiveResponse()
        #expect(first.status == 413)
        #expect(first.text.contains("1200 bytes"))
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        let second = await socket.receiveResponse()
        #expect(second.status == 200, "the oversized body was read and discarded, not left on the connection: \(second.ending), \(second.text)")
    }

    @Test func chunkedBodyIsGatheredAcrossUploadCalls() async throws {
        let daemon = try Daemon(handler: Self.measure)
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<10 { try socket.send("400\r\n" + String(repeating: "z", count: 1024) + "\r\n") }
        try socket.send("0\r\n\r\n")
        let reply = await socket.receiveResponse()
        #expect(reply.status == 200)
        #expect(reply.text.contains("\r\n\r\n10240 "))
    }
}
