import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// An answer's head shares the connection's memory with the request's
/// head: one that fits is sent whole, one that does not becomes our JSON
/// `500` naming its largest header field, and the connection is never
/// closed without an answer (libmicrohttpd's own behaviour when it runs
/// out of room, which schemathesis met beside an 11.6 KB query).
@Suite struct DaemonResponseHeadRoomTests {
    /// The request's side: a query of `targetBytes`, `fields` header fields
    /// of `fieldBytes` each, and `cookies` cookies.
    struct RequestShape: Sendable, CustomTestStringConvertible {
        let targetBytes: Int
        let fields: Int
        let fieldBytes: Int
        let cookies: Int

        var testDescription: String { "\(targetBytes) B target, \(fields) × \(fieldBytes) B fields, \(cookies) cookies" }

        /// A request asking for an answer with an `X-Big` header of `answerBytes`.
        func text(answerBytes: Int, kind: String) -> String {
            let path = "/\(kind)?size=\(answerBytes)&pad="
            let pad = String(repeating: "a", count: max(0, targetBytes - path.utf8.count))
            let fields = (0..<fields).map { String(format: "X-F%03d: ", $0) + String(repeating: "h", count: fieldBytes) + "\r\n" }.joined()
            let cookies = cookies == 0 ? "" : "Cookie: " + (0..<cookies).map { "c\($0)=v" }.joined(separator: "; ") + "\r\n"
            return "GET \(path)\(pad) HTTP/1.1\r\nHost: x\r\n\(fields)\(cookies)\r\n"
        }
    }

    static let shapes = [
        RequestShape(targetBytes: 20, fields: 0, fieldBytes: 0, cookies: 0),
        RequestShape(targetBytes: 11_600, fields: 4, fieldBytes: 30, cookies: 0),
        RequestShape(targetBytes: 16_000, fields: 90, fieldBytes: 60, cookies: 0),
        RequestShape(targetBytes: 8_000, fields: 50, fieldBytes: 40, cookies: 90),
    ]

    /// Answers `?size=N` with an `X-Big` header of N bytes: `/response`
    /// built per request, `/stream` streamed, `/prepared` sent from a
    /// prepared response.
    static func start() throws -> Daemon {
        let prepared = PreparedResponse(HTTPResponse(status: 200, headers: [("X-Big", String(repeating: "p", count: 20_000))], text: "ok"))
        return try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 30)) { request in
            let query = request.target.split(separator: "?", maxSplits: 1).last ?? ""
            let size = query.split(separator: "&").first { $0.hasPrefix("size=") }.flatMap { Int($0.dropFirst(5)) } ?? 0
            let head = HTTPResponse(status: 200, headers: [("X-Big", String(repeating: "v", count: size))], text: "ok")
            if request.path == "/prepared" { return .prepared(prepared) }
            if request.path == "/stream" { return .stream(head: head, body: StreamedBody(chunks: [Array("ok".utf8)])) }
            return .response(head)
        }
    }

    @Test(arguments: shapes)
    func everyAnswerIsSentWholeOrRefusedInJSONNeverDropped(shape: RequestShape) async throws {
        let daemon = try Self.start()
        defer { daemon.stop() }
        var refusedFrom: Int?
        for size in stride(from: 1024, through: 33 << 10, by: 2048) {
            let socket = try RawSocket(port: daemon.port)
            try socket.send(shape.text(answerBytes: size, kind: "response"))
            let reply = await socket.receiveResponse()
            #expect(reply.ending != .timedOut, "\(shape.testDescription), \(size) B answer head: no answer")
            if reply.status == 200 {
                #expect(refusedFrom == nil, "\(size) B was sent after \(refusedFrom ?? 0) B was refused")
                #expect(reply.text.contains("X-Big: " + String(repeating: "v", count: size) + "\r\n"))
            } else {
                #expect(reply.status == 500, "\(shape.testDescription), \(size) B answer head: \(reply.text.prefix(300))")
                #expect(reply.text.contains(#""limit":"connectionMemoryLimit","value":32768,"actual":\#(size + 9)"#), "\(reply.text.suffix(400))")
                #expect(reply.text.contains(#""header":"X-Big""#))
                refusedFrom = refusedFrom ?? size
            }
        }
        #expect(refusedFrom != nil, "a head of 33 KB never fits beside a request")
        // What the shapes leave: a kilobyte beside the fullest one, well over 20 KB beside a short one.
        #expect((refusedFrom ?? 0) >= (shape.targetBytes < 100 ? 30_000 : 2048), "refused from \(refusedFrom ?? 0) B")
        #expect(daemon.statistics.requestsRefused > 0)
    }

    @Test(arguments: ["stream", "prepared"])
    func streamedAndPreparedAnswersAreMeasuredToo(kind: String) async throws {
        let daemon = try Self.start()
        defer { daemon.stop() }
        let short = RequestShape(targetBytes: 20, fields: 0, fieldBytes: 0, cookies: 0)
        let socket = try RawSocket(port: daemon.port)
        try socket.send(short.text(answerBytes: 20_000, kind: kind))
        #expect(await socket.receiveResponse().status == 200, "20 KB beside a short request fits")
        let long = RequestShape(targetBytes: 14_000, fields: 0, fieldBytes: 0, cookies: 0)
        let refused = try RawSocket(port: daemon.port)
        try refused.send(long.text(answerBytes: 20_000, kind: kind))
        let reply = await refused.receive()
        #expect(reply.status == 500, "\(reply.text.prefix(300))")
        #expect(reply.ending == .closed)
        #expect(reply.text.contains(#""header":"X-Big""#), "\(reply.text.suffix(400))")
    }
}
