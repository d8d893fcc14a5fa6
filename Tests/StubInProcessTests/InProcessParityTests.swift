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

    /// A request as a test states it.
    struct Sent: CustomStringConvertible {
        var method: String
        var target: String
        var headers: [(String, String)] = []
        var body: Data?
        var description: String { "\(method) \(target)" }
    }

    /// Each of `requests` sent to `stubs` served over the socket and in
    /// process (one `StubServer`, two transports), as URLSession sees the
    /// answers; the differences, and how many requests were compared.
    static func differences(_ stubs: [Stub], _ requests: [Sent]) async throws -> (found: [String], compared: Int) {
        var socketConfiguration = StubServer.Configuration.default
        socketConfiguration.randomSeed = 1
        var inProcessConfiguration = socketConfiguration
        inProcessConfiguration.transport = .inProcess
        let socket = try StubServer.start(.stubs(stubs, configuration: socketConfiguration))
        defer { socket.stop() }
        let inProcess = try StubServer.start(.stubs(stubs, configuration: inProcessConfiguration))
        defer { inProcess.stop() }
        var found: [String] = [], compared = 0
        for sent in requests {
            guard let overSocket = request(sent, on: socket), let inside = request(sent, on: inProcess) else { continue }
            compared += 1
            let expected = await outcome(overSocket, socket.session), actual = await outcome(inside, inProcess.session)
            if expected != actual { found.append("\(sent):\n  socket:     \(expected)\n  in process: \(actual)") }
        }
        return (found, compared)
    }

    /// `sent` as a URLRequest to `server`; `nil` when URLSession cannot state it (a target `URL` refuses).
    static func request(_ sent: Sent, on server: StubServer) -> URLRequest? {
        guard let url = URL(string: server.baseURL.absoluteString + sent.target) else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = sent.method
        for (name, value) in sent.headers { request.addValue(value, forHTTPHeaderField: name) }
        request.httpBody = sent.body
        return request
    }

    /// What a client sees: the answer, or the error's code.
    enum Outcome: Equatable, CustomStringConvertible {
        case answer(Seen)
        case failed(Int)
        var description: String {
            switch self {
            case .answer(let seen): "\(seen)"
            case .failed(let code): "URLError \(code)"
            }
        }
    }

    static func outcome(_ request: URLRequest, _ session: URLSession) async -> Outcome {
        do {
            let (data, response) = try await session.data(for: request)
            var seen = Seen(data, response)
            if seen.headers["understudy-mismatch"] != nil {
                // The 404 report shows the request, and a socket request carries more (User-Agent, a remote address).
                seen.body = Data()
            }
            return .answer(seen)
        } catch let error as URLError {
            return .failed(error.code.rawValue)
        } catch {
            return .failed(0)
        }
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
            Get("/events").respond(.eventStream([.message("one", id: "1"), ServerSentEvent(data: "two", event: "update")], every: .milliseconds(2))),
            Get("/reset-stream").respond(.eventStream([.message("one")], end: .reset)),
        ]
        let requests = [("GET", "/text"), ("GET", "/json"), ("GET", "/status"), ("POST", "/made"), ("GET", "/empty"),
                        ("GET", "/bytes"), ("GET", "/sequence"), ("GET", "/sequence"), ("GET", "/sequence"), ("GET", "/cookie"),
                        ("GET", "/missing"), ("HEAD", "/text"), ("GET", "/events"), ("GET", "/reset-stream")].map { Sent(method: $0.0, target: $0.1) }
        let differences = try await Self.differences(stubs, requests)
        #expect(differences.found.isEmpty, "\(differences.found.joined(separator: "\n"))")
        #expect(differences.compared == requests.count)
    }

    @Test func theMarvelFakeAnswersAlikeBothWays() async throws {
        let fake = try MarvelFake()
        let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
        let requests = ["/v1/public/comics?limit=5&\(signed)", "/v1/public/characters?limit=3&offset=150&\(signed)",
                        "/v1/public/characters/1?\(signed)", "/v1/public/comics?limit=101&\(signed)", "/v1/public/comics",
                        "/v1/public/series?ts=1&apikey=1234&hash=0", "/v1/public/creators?nameStartsWith=Lee&\(signed)"]
            .map { Sent(method: "GET", target: $0) }
        let differences = try await Self.differences(fake.stubs, requests)
        #expect(differences.found.isEmpty, "\(differences.found.joined(separator: "\n"))")
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

/// Cookies a stub sets are kept by the session and sent back, in process as
/// over the socket: a login flow behaves the same both ways.
@Suite struct InProcessCookieTests {
    @Test(arguments: [StubTransport.socket, .inProcess])
    func aCookieTheStubSetsComesBackOnTheNextRequest(_ transport: StubTransport) async throws {
        var configuration = StubServer.Configuration.default
        configuration.transport = transport
        let server = try StubServer.start(.stubs(configuration: configuration) {
            Post("/login").respond(.text("welcome").header("Set-Cookie", "session=abc123; Path=/"))
            Get("/me").cookie("session", "abc123").respond(.text("you"))
            Get("/me").respond(.status(401))
        })
        defer { server.stop() }
        let session = URLSession(configuration: server.sessionConfiguration)
        defer { session.invalidateAndCancel() }
        var login = URLRequest(url: server.url("/login"))
        login.httpMethod = "POST"
        _ = try await session.data(for: login)
        let (data, response) = try await session.data(from: server.url("/me"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(transport): \(String(decoding: data, as: UTF8.self))")
        #expect(String(decoding: data, as: UTF8.self) == "you")
    }
}
