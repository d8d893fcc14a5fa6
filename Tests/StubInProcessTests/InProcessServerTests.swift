import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubAssertions
import StubInProcess
import StubKit
import StubServer
import Testing

/// The in-process transport: stubs answer a URLSession with no socket, each
/// server its own sessions, bodies however the client sends them.
@Suite struct InProcessServerTests {
    @Test func anySchemeAndHostReachTheStubsAndTheJournalRecordsThem() async throws {
        let server = try InProcessServer.start {
            Get("/users/1").respond(.json(#"{"id":1,"name":"Ada"}"#))
        }
        defer { server.stop() }
        for base in ["https://api.example.com", "http://stubbed.invalid:8443", "http://in-process.invalid"] {
            let (data, response) = try await server.session.data(from: URL(string: base + "/users/1")!)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(String(decoding: data, as: UTF8.self) == #"{"id":1,"name":"Ada"}"#)
        }
        let entries = server.journal.entries
        #expect(entries.count == 3)
        #expect(entries.map { $0.request.headers.values(for: "Host").first } == ["api.example.com", "stubbed.invalid:8443", "in-process.invalid"])
        #expect(server.expectReceived(Get("/users/1"), .exactly(3)))
        #expect(server.expectNever(Get("/users/2")))
    }

    @Test func anUnmatchedRequestGetsTheNearMissReportAndAnIssue() async throws {
        let server = try InProcessServer.start { Get("/users/1").respond(.text("one")) }
        defer { server.stop() }
        let (data, response) = try await server.session.data(from: server.url("/users/2"))
        #expect((response as? HTTPURLResponse)?.statusCode == 404)
        #expect(String(decoding: data, as: UTF8.self).contains("/users/1"), "the report names the closest stub")
        let issues = server.takeIssues()
        #expect(issues.count == 1 && issues.first?.isUnmatched == true)
    }

    @Test func parallelServersAnswerOnlyTheirOwnSessions() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let server = try InProcessServer.start { Get("/who").respond(.text("server \(index)")) }
                    defer { server.stop() }
                    for _ in 0..<3 {
                        let (data, _) = try await server.session.data(from: URL(string: "https://api.example.com/who")!)
                        #expect(String(decoding: data, as: UTF8.self) == "server \(index)")
                    }
                    #expect(server.journal.entries.count == 3)
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aSessionOfItsOwnFromTheConfigurationIsAnsweredToo() async throws {
        let server = try InProcessServer.start { Get("/ping").respond(.text("pong")) }
        defer { server.stop() }
        let own = URLSession(configuration: server.sessionConfiguration)
        defer { own.invalidateAndCancel() }
        let (data, _) = try await own.data(from: URL(string: "https://example.org/ping")!)
        #expect(String(decoding: data, as: UTF8.self) == "pong")
    }

    @Test func aBodyArrivesFromHTTPBodyAndFromAStream() async throws {
        let server = try InProcessServer.start {
            Post("/users").body(.jsonSubset(["name": "Ada"])).respond(.status(201))
        }
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "https://api.example.com/users")!)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"name":"Ada","id":1}"#.utf8)
        let (_, first) = try await server.session.data(for: request)
        #expect((first as? HTTPURLResponse)?.statusCode == 201)
        request.httpBody = nil
        request.httpBodyStream = InputStream(data: Data(#"{"name":"Ada"}"#.utf8))
        let (_, second) = try await server.session.data(for: request)
        #expect((second as? HTTPURLResponse)?.statusCode == 201)
        #expect(server.journal.entries.map { $0.request.bodyText } == [#"{"name":"Ada","id":1}"#, #"{"name":"Ada"}"#])
    }

    #if canImport(FoundationNetworking)
    @Test func anUploadTasksBodyLinuxKeepsIsRefusedLoudlyNotMatchedWithoutIt() async throws {
        let server = try InProcessServer.start { Post("/upload").respond(.status(204)) }
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "https://api.example.com/upload")!)
        request.httpMethod = "POST"
        let error = await #expect(throws: URLError.self) {
            _ = try await server.session.upload(for: request, from: Data("payload".utf8))
        }
        #expect(error?.code == .unsupportedURL)
        #expect(error?.localizedDescription.contains("upload task's body is not handed to a URLProtocol") == true, "\(String(describing: error))")
        #expect(server.journal.entries.isEmpty, "never matched without its body")
        let issues = server.takeIssues()
        #expect(issues.count == 1 && issues.first?.description.contains("POST https://api.example.com/upload was refused") == true)
    }

    @Test func aRedirectIsDeliveredAsTheResponseOnLinux() async throws {
        let server = try InProcessServer.start {
            Get("/old").respond(.status(302).header("Location", "/new"))
            Get("/new").respond(.text("moved here"))
        }
        defer { server.stop() }
        let (_, response) = try await server.session.data(from: server.url("/old"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 302, "swift-corelibs-foundation makes a URLProtocol redirect fatal, so the 3xx is the answer")
        #expect(http.value(forHTTPHeaderField: "Location") == "/new")
    }
    #endif

    @Test func aDelayedAnswerEndsWhenTheTaskIsCancelled() async throws {
        let server = try InProcessServer.start { Get("/slow").delay(.seconds(600)).respond(.text("late")) }
        defer { server.stop() }
        let task = Task { try await server.session.data(from: server.url("/slow")) }
        while server.journal.count == 0 {
            await server.journal.waitForChange(after: server.journal.version, timeout: .seconds(5))
        }
        task.cancel()
        let error = await #expect(throws: URLError.self) { _ = try await task.value }
        #expect(error?.code == .cancelled)
        #expect(server.journal.entries.map(\.abandoned) == [true], "the journal records that the client gave up")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aDelayedAnswerStillDueAtStopIs503BothWays(_ transport: StubTransport) async throws {
        var configuration = StubServer.Configuration.default
        configuration.transport = transport
        configuration.drainTimeout = .zero
        let server = try StubServer.start(.stubs(configuration: configuration) { Get("/slow").delay(.seconds(600)).respond(.text("late")) })
        defer { server.stop() }
        let session = URLSession(configuration: server.sessionConfiguration)
        defer { session.finishTasksAndInvalidate() }
        let task = Task { try await session.data(from: server.url("/slow")) }
        while server.journal.count == 0 {
            await server.journal.waitForChange(after: server.journal.version, timeout: .seconds(5))
        }
        server.stop()
        let (data, response) = try await task.value
        #expect((response as? HTTPURLResponse)?.statusCode == 503, "\(transport)")
        #expect(String(decoding: data, as: UTF8.self).contains("the server stopped before this delayed response was due"))
    }

    /// A delayed answer is delivered off URLSession's queue; stopping right
    /// after it arrived must not complete the task a second time (it did:
    /// swift-corelibs-foundation's cancel raced the completion still returning).
    @Test func stoppingRightAfterADelayedAnswerIsSafe() async throws {
        for round in 0..<300 {
            let server = try InProcessServer.start { Get("/ping").delay(.milliseconds(1)).respond(.text("pong")) }
            let (data, _) = try await server.session.data(from: server.url("/ping"))
            server.stop()
            #expect(String(decoding: data, as: UTF8.self) == "pong", "round \(round)")
        }
    }

    /// A cancel racing a delayed answer ends the task once, either way.
    @Test func aCancelRacingADelayedAnswerEndsTheTaskOnce() async throws {
        let server = try InProcessServer.start { Get("/ping").delay(.milliseconds(1)).respond(.text("pong")) }
        defer { server.stop() }
        for round in 0..<300 {
            let task = Task { try await server.session.data(from: server.url("/ping")) }
            while server.journal.count <= round {
                await server.journal.waitForChange(after: server.journal.version, timeout: .seconds(5))
            }
            task.cancel()
            switch await task.result {
            case .success(let (data, _)): #expect(String(decoding: data, as: UTF8.self) == "pong", "round \(round)")
            case .failure(let error): #expect((error as? URLError)?.code == .cancelled, "round \(round): \(error)")
            }
        }
    }

    @Test func aStoppedServersSessionFailsInsteadOfReachingTheNetwork() async throws {
        let server = try InProcessServer.start { Get("/ping").respond(.text("pong")) }
        let configuration = server.sessionConfiguration
        server.stop()
        let stray = URLSession(configuration: configuration)
        defer { stray.invalidateAndCancel() }
        let error = await #expect(throws: URLError.self) { _ = try await stray.data(from: URL(string: "http://127.0.0.1:9/ping")!) }
        #expect(error?.code == .cannotConnectToHost)
        #expect(error?.localizedDescription.contains("the server this session belonged to has stopped") == true, "\(String(describing: error))")
    }

    @Test func repeatedHeadersAreJoinedAsURLSessionJoinsThem() async throws {
        let server = try InProcessServer.start {
            Get("/login").respond(.text("ok").header("Set-Cookie", "a=1; Path=/").header("Set-Cookie", "b=2; Path=/").header("X-Trace", "t1"))
        }
        defer { server.stop() }
        let (_, response) = try await server.session.data(from: server.url("/login"))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.value(forHTTPHeaderField: "Set-Cookie") == "a=1; Path=/, b=2; Path=/")
        #expect(http.value(forHTTPHeaderField: "X-Trace") == "t1")
        #expect(http.value(forHTTPHeaderField: "Content-Length") == "2")
    }
}

/// The opt-in reach into `URLSession.shared`: it answers from the scope's
/// server where the platform lets a registered URLProtocol reach it, and
/// otherwise says why before running the body.
@Suite struct SharedSessionInterceptionTests {
    @Test func theSharedSessionIsInterceptedOrTheScopeSaysWhyNot() async throws {
        let server = try InProcessServer.start { Get("/shared").respond(.text("intercepted")) }
        defer { server.stop() }
        do {
            let text = try await server.interceptingSharedSession {
                let (data, _) = try await URLSession.shared.data(from: URL(string: "https://api.example.com/shared")!)
                return String(decoding: data, as: UTF8.self)
            }
            #expect(text == "intercepted")
            #expect(server.expectReceived(Get("/shared"), .once))
        } catch let error as InProcessServer.StartError {
            #expect(error.description.contains("URLSession.shared cannot be intercepted here"), "\(error)")
            #expect(server.journal.entries.isEmpty, "the body did not run")
        }
    }
}
