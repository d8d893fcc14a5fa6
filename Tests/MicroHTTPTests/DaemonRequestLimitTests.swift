import Foundation
import MicroHTTP
import Testing
import UnderstudyTestSupport

/// Requests with many or large query parameters, headers and cookies are
/// served up to the limits and refused at once past them (our JSON 414/431,
/// or libmicrohttpd's own 431 far past them), never left hanging; the daemon
/// goes on serving.
@Suite struct DaemonRequestLimitTests {
    /// One request shape: `count` query parameters, header fields or cookies, short or long.
    struct Shape: Sendable, CustomTestStringConvertible {
        enum Kind: String, Sendable { case query, headers, cookies }
        let kind: Kind
        let count: Int
        let long: Bool

        var testDescription: String { "\(count) \(long ? "long" : "short") \(kind.rawValue)" }

        var text: String {
            let filler = long ? String(repeating: "v", count: 100) : "1"
            switch kind {
            case .query:
                let query = (0..<count).map { "p\($0)=\(filler)" }.joined(separator: "&")
                return "GET /echo?\(query) HTTP/1.1\r\nHost: x\r\n\r\n"
            case .headers:
                return "GET /echo HTTP/1.1\r\nHost: x\r\n" + (0..<count).map { "X-H\($0): \(filler)\r\n" }.joined() + "\r\n"
            case .cookies:
                return "GET /echo HTTP/1.1\r\nHost: x\r\nCookie: " + (0..<count).map { "c\($0)=\(filler)" }.joined(separator: "; ") + "\r\n\r\n"
            }
        }

        /// Whether the default limits let it through.
        var withinLimits: Bool {
            let limits = RequestLimits()
            switch kind {
            case .query: return text.split(separator: " ")[1].utf8.count <= limits.maxTargetBytes
            case .headers: return count + 1 <= limits.maxHeaderFields && (long ? count * 112 : count * 12) + 11 <= limits.maxHeaderBytes
            case .cookies: return count <= limits.maxCookies && text.utf8.count - 40 <= limits.maxHeaderBytes
            }
        }
    }

    static let shapes: [Shape] = [1, 10, 100, 452, 454, 460, 1000, 2000, 3000, 5000, 10_000].map { Shape(kind: .query, count: $0, long: false) }
        + [1, 10, 100, 160, 1000].map { Shape(kind: .query, count: $0, long: true) }
        + [1, 10, 99, 100, 200, 450, 1000, 5000].map { Shape(kind: .headers, count: $0, long: false) }
        + [1, 10, 70, 80, 500].map { Shape(kind: .headers, count: $0, long: true) }
        + [1, 10, 100, 101, 450, 1000, 5000].map { Shape(kind: .cookies, count: $0, long: false) }
        + [1, 10, 70, 80, 300].map { Shape(kind: .cookies, count: $0, long: true) }

    static func start() throws -> Daemon {
        // A hang would last the 30 s idle timeout; the client waits 10 s.
        try Daemon(DaemonConfiguration(connectionTimeoutSeconds: 30)) { request in
            let query = request.target.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            return .response(HTTPResponse(status: 200, text: "\(query.isEmpty ? 0 : query.split(separator: "&").count)"))
        }
    }

    @Test(arguments: shapes)
    func everyShapeIsAnsweredAtOnceAndServingContinues(shape: Shape) async throws {
        let daemon = try Self.start()
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try? socket.send(shape.text) // the server may refuse and close before it has read everything
        let reply = await socket.receiveResponse()
        #expect(reply.ending != .timedOut, "\(shape.testDescription): no answer within the read timeout")
        if shape.withinLimits {
            #expect(reply.status == 200, "\(shape.testDescription): \(reply.text.prefix(200))")
            if shape.kind == .query { #expect(reply.text.hasSuffix("\r\n\r\n\(shape.count)")) }
        } else {
            #expect(reply.status == (shape.kind == .query ? 414 : 431), "\(shape.testDescription): \(reply.text.prefix(300))")
        }
        let client = HTTPClient()
        defer { client.close() }
        let after = try await client.get(URL(string: "http://\(daemon.address)/echo?a=1")!)
        #expect(after.status == 200 && after.text == "1")
    }

    /// Just past each limit, the refusal is ours: JSON naming the limit and
    /// its value, and the connection closed.
    @Test(arguments: [
        (Shape(kind: .headers, count: 100, long: false), "maxHeaderFields", 100, 101),
        (Shape(kind: .cookies, count: 101, long: false), "maxCookies", 100, 101),
        (Shape(kind: .headers, count: 80, long: true), "maxHeaderBytes", 8192, 8719),
    ])
    func justPastALimitTheRefusalNamesIt(shape: Shape, limit: String, value: Int, actual: Int) async throws {
        let daemon = try Self.start()
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send(shape.text)
        let reply = await socket.receive()
        #expect(reply.status == 431)
        #expect(reply.ending == .closed, "the refusal closes the connection")
        #expect(reply.text.contains("Connection: close"))
        #expect(reply.text.contains(#""limit":"\#(limit)","value":\#(value),"actual":\#(actual)"#), "\(reply.text)")
    }

    @Test func aTargetPastTheLimitGetsOurJSON414() async throws {
        let daemon = try Self.start()
        defer { daemon.stop() }
        let target = "/echo?q=" + String(repeating: "a", count: RequestLimits().maxTargetBytes)
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        let reply = await socket.receive()
        #expect(reply.status == 414)
        #expect(reply.text.contains(#""limit":"maxTargetBytes","value":16384,"actual":\#(target.utf8.count)"#), "\(reply.text)")
    }

    @Test func limitsAreOptions() async throws {
        var configuration = DaemonConfiguration()
        configuration.limits.maxHeaderFields = 3
        let daemon = try Daemon(configuration) { _ in .response(HTTPResponse(status: 200, text: "ok")) }
        defer { daemon.stop() }
        let socket = try RawSocket(port: daemon.port)
        try socket.send("GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n")
        let reply = await socket.receive()
        #expect(reply.status == 431)
        #expect(reply.text.contains(#""limit":"maxHeaderFields","value":3,"actual":4"#))
        #expect(daemon.statistics.requestsRefused == 1)
        #expect(throws: DaemonError.self) { try Daemon(DaemonConfiguration(limits: RequestLimits(maxHeaderFields: 0))) { _ in .closeConnection } }
    }
}
