import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelFake
import PactFormat
import StubKit
import StubServer
import StubTesting
import Testing

/// One option picks the transport: `StubServer.Configuration.transport`, and
/// the trait, `withStubServer` and `Contract` through it; everything else
/// (journal, assertions, strictness) is the same server.
@Suite struct StubServerTransportTests {
    static func inProcess() -> StubServer.Configuration {
        var configuration = StubServer.Configuration.default
        configuration.transport = .inProcess
        return configuration
    }

    @Test func aServerInProcessAnswersItsSessionWithNoSocket() async throws {
        let server = try StubServer.start(.stubs(configuration: Self.inProcess()) { Get("/ping").respond(.text("pong")) })
        defer { server.stop() }
        #expect(server.transport == .inProcess)
        #expect(server.baseURL.absoluteString == "http://in-process.invalid")
        #expect(server.statistics.connectionsAccepted == 0)
        let (data, _) = try await server.session.data(from: server.url("/ping"))
        #expect(String(decoding: data, as: UTF8.self) == "pong")
        let own = URLSession(configuration: server.sessionConfiguration)
        defer { own.invalidateAndCancel() }
        let (again, _) = try await own.data(from: URL(string: "https://api.example.com/ping")!)
        #expect(String(decoding: again, as: UTF8.self) == "pong")
        server.expectReceived(Get("/ping"), .exactly(2))
        #expect(server.isRunning)
        server.stop()
        #expect(!server.isRunning)
    }

    @Test func withStubServerInProcessFailsTheTestForAnUnmatchedRequestWithTheReport() async throws {
        try await withKnownIssue {
            try await withStubServer(.stubs { Get("/users/1").respond(.text("one")) }, transport: .inProcess) { server in
                _ = try await server.session.data(from: server.url("/users/2"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no stub matched GET /users/2") && $0.rawValue.contains("/users/1") }
        }
    }

    @Test func aStartingSetupThatPickedTheOtherTransportIsRefusedWithWhy() async throws {
        let setup = ServerSetup.starting { try MarvelFake().start() }.transport(.inProcess)
        let error = #expect(throws: (any Error).self) { try setup.start() }
        #expect("\(String(describing: error))".contains("serves socket, not inProcess as asked"), "\(String(describing: error))")
        let matching = try ServerSetup.starting { try MarvelFake().start(transport: .inProcess) }.transport(.inProcess).start()
        #expect(matching.transport == .inProcess)
        matching.stop()
    }

    @Test func nextMatchingWaitsForARequestInProcess() async throws {
        try await withStubServer(.stubs { Post("/events").respond(.status(202)) }, transport: .inProcess) { server in
            let sender = Task {
                var request = URLRequest(url: server.url("/events"))
                request.httpMethod = "POST"
                request.httpBody = Data(#"{"kind":"opened"}"#.utf8)
                _ = try await server.session.data(for: request)
            }
            let arrived = try await server.next(matching: Post("/events"), timeout: .seconds(60))
            #expect(arrived.bodyText == #"{"kind":"opened"}"#)
            try await sender.value
        }
    }

    @Test func aPactIsRecordedFromAnInProcessTest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-pact-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = PactRecording(consumer: "App", provider: "Users", directory: folder)
        try await withStubServer(.stubs { Get("/users/1").respond(.json(#"{"id":1,"name":"Ada"}"#)) }, transport: .inProcess,
                                 pact: recording) { server in
            _ = try await server.session.data(from: server.url("/users/1"))
        }
        let pact = try PactFile.read(Data(contentsOf: recording.file), file: recording.file.path)
        #expect(pact.interactions.map(\.request.path) == ["/users/1"])
    }

    @Test func tlsInProcessIsRefusedWithWhy() throws {
        var configuration = Self.inProcess()
        configuration.tls = .generated
        let error = #expect(throws: (any Error).self) { try StubServer.start(.stubs([], configuration: configuration)) }
        #expect("\(String(describing: error))".contains("in process there is no connection to secure"))
    }
}
