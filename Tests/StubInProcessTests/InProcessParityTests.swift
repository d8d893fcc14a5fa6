import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelFake
import StubInProcess
import StubKit
import StubServer
import Testing

/// The same stubs answer the same way in process and over the socket, as a
/// URLSession client sees them: status, the headers the stub sets, body
/// bytes; and each fault fails with the same `URLError` code.
@Suite struct InProcessParityTests {
    /// What a client sees of an answer: status, headers a stub sets, body.
    struct Seen: Equatable, CustomStringConvertible {
        var status: Int
        var headers: [String: String]
        var body: Data
        var description: String { "\(status) \(headers.sorted { $0.key < $1.key }) \(String(decoding: body, as: UTF8.self).prefix(200))" }

        /// Headers the server adds on the socket, not the stub.
        static let serverAdded: Set<String> = ["date", "connection", "keep-alive", "transfer-encoding", "content-length"]

        init(_ data: Data, _ response: URLResponse) {
            let http = response as? HTTPURLResponse
            status = http?.statusCode ?? -1
            var headers: [String: String] = [:]
            for (key, value) in http?.allHeaderFields ?? [:] {
                guard let name = (key as? String)?.lowercased(), !Self.serverAdded.contains(name) else { continue }
                headers[name] = "\(value)"
            }
            self.headers = headers
            body = data
        }
    }

    /// Each of `requests` (method, path) sent both ways; the differences, if any.
    static func differences(_ stubs: [Stub], _ requests: [(String, String)]) async throws -> [String] {
        let socket = try StubServer.start(.stubs(stubs))
        defer { socket.stop() }
        let inProcess = try InProcessServer.start(stubs, seed: 1)
        defer { inProcess.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        var found: [String] = []
        for (method, path) in requests {
            var overSocket = URLRequest(url: socket.url(path))
            overSocket.httpMethod = method
            var inside = URLRequest(url: inProcess.url(path))
            inside.httpMethod = method
            let (socketData, socketResponse) = try await session.data(for: overSocket)
            let (data, response) = try await inProcess.session.data(for: inside)
            var expected = Seen(socketData, socketResponse), actual = Seen(data, response)
            if expected.headers["understudy-mismatch"] != nil {
                // The 404 report shows the request, and a socket request carries more (User-Agent, a remote address).
                expected.body = Data()
                actual.body = Data()
            }
            if expected != actual { found.append("\(method) \(path):\n  socket:     \(expected)\n  in process: \(actual)") }
        }
        return found
    }

    @Test func declaredStubsAnswerAlikeBothWays() async throws {
        let stubs: [Stub] = [
            Get("/text").respond(.text("plain words")),
            Get("/json").respond(.json(#"{"a":[1,2,3],"b":null}"#).header("Cache-Control", "no-store")),
            Get("/status").respond(.status(418).header("X-Reason", "teapot")),
            Post("/made").respond(.status(201).header("Location", "/made/1")),
            Get("/empty").respond(.status(204)),
            Get("/bytes").respond(StubResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: Data([0, 1, 2, 255, 254]))),
            Get("/sequence").respondInSequence([.text("first"), .text("second")]),
            Get("/cookie").respond(.text("ok").header("Set-Cookie", "session=abc; Path=/; HttpOnly")),
        ]
        let requests = [("GET", "/text"), ("GET", "/json"), ("GET", "/status"), ("POST", "/made"), ("GET", "/empty"),
                        ("GET", "/bytes"), ("GET", "/sequence"), ("GET", "/sequence"), ("GET", "/sequence"), ("GET", "/cookie"),
                        ("GET", "/missing"), ("HEAD", "/text")]
        let differences = try await Self.differences(stubs, requests)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func theMarvelFakeAnswersAlikeBothWays() async throws {
        let fake = try MarvelFake()
        let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
        let requests = ["/v1/public/comics?limit=5&\(signed)", "/v1/public/characters?limit=3&offset=150&\(signed)",
                        "/v1/public/characters/1?\(signed)", "/v1/public/comics?limit=101&\(signed)", "/v1/public/comics",
                        "/v1/public/series?ts=1&apikey=1234&hash=0", "/v1/public/creators?nameStartsWith=Lee&\(signed)"].map { ("GET", $0) }
        let differences = try await Self.differences(fake.stubs, requests)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test(arguments: [
        (Fault.closeWithoutResponse, InProcessFault.closedWithoutResponse), (.connectionReset, .reset),
        (.truncatedBody(afterBytes: 3), .truncatedBody), (.garbageThenClose, .notHTTP), (.malformedChunk, .malformedFraming),
    ])
    func eachFaultFailsWithTheCodeTheSocketGives(_ fault: Fault, _ named: InProcessFault) async throws {
        let stubs = [Get("/fault").fault(fault).respond(.text("a body long enough to cut"))]
        let socket = try StubServer.start(.stubs(stubs))
        defer { socket.stop() }
        let inProcess = try InProcessServer.start(stubs)
        defer { inProcess.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let overSocket = await #expect(throws: URLError.self) { _ = try await session.data(from: socket.url("/fault")) }
        let inside = await #expect(throws: URLError.self) { _ = try await inProcess.session.data(from: inProcess.url("/fault")) }
        #expect(inside?.code == overSocket?.code, "\(fault): socket \(String(describing: overSocket?.code.rawValue)), in process \(String(describing: inside?.code.rawValue))")
        #expect(inside?.code == named.code)
    }
}
