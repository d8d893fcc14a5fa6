import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A stream the test feeds (`end: .fedByTest`): the test takes it with
/// `nextStream(matching:)`, decides when each event goes out and when the
/// stream ends, and sees the client hang up; over the socket and in process
/// alike, read by URLSession's data delegate as it arrives.
@Suite struct FedStreamTests {
    static let chat = Post("/v1/chat").respond(.eventStream([.message("hello")], end: .fedByTest))

    /// A delegate session on `server` with a task posting to `/v1/chat`, started.
    static func open(_ server: StubServer) -> (StreamedData, URLSession, URLSessionDataTask) {
        let data = StreamedData()
        let session = URLSession(configuration: server.sessionConfiguration, delegate: data, delegateQueue: nil)
        var request = URLRequest(url: server.url("/v1/chat"))
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"stream":true}"#.utf8)
        let task = session.dataTask(with: request)
        task.resume()
        return (data, session, task)
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func theTestSendsEachEventWhenItChoosesAndEndsTheStream(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Self.chat }.transport(transport))
        defer { server.stop() }
        let (data, session, _) = Self.open(server)
        defer { session.invalidateAndCancel() }
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "hello", "the stub's own events go out first")
        let stream = try await server.nextStream(matching: Post("/v1/chat"))
        #expect(stream.request.bodyText == #"{"stream":true}"#)
        #expect(stream.send(.message("one")))
        #expect(await events.next() == "one", "an event arrives when the test sends it, the stream still open")
        #expect(stream.send([.message("two"), ServerSentEvent(data: "three", event: "done")]))
        #expect(await events.next() == "two")
        #expect(await events.next() == "three")
        stream.finish()
        #expect(await events.end() == nil, "the client sees the stream end properly")
        #expect(try await stream.closing() == .ended)
        #expect(!stream.send(.message("late")), "nothing goes out after the end")
        let log = try #require(server.journal.entries.first?.stream)
        #expect(log.events.map(\.data) == ["hello", "one", "two", "three"])
        #expect(log.finished && !log.clientHungUp)
    }

    @Test func theTestSeesTheClientCancelInProcess() async throws {
        let server = try StubServer.start(.stubs { Self.chat }.transport(.inProcess))
        defer { server.stop() }
        let (data, session, task) = Self.open(server)
        defer { session.invalidateAndCancel() }
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "hello")
        let stream = try await server.nextStream(matching: Post("/v1/chat"))
        task.cancel()
        #expect(try await stream.closing() == .clientHungUp)
        try Self.expectHungUp(stream, server)
    }

    /// Over the socket the client is curl, killed: its connection closes
    /// with it. (A URLSession task's socket in this process would stay open
    /// while a child process another test spawns at that moment holds a copy:
    /// swift-corelibs-foundation's libcurl opens it without close-on-exec.)
    @Test func theTestSeesTheClientHangUpOverTheSocketWhileTheStreamWaits() async throws {
        let server = try StubServer.start(.stubs { Self.chat })
        defer { server.stop() }
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                      ["curl", "--no-buffer", "-sS", "-X", "POST", server.url("/v1/chat").absoluteString])
        #expect(await client.readLine(matching: "^data: hello$") != nil)
        let stream = try await server.nextStream(matching: Post("/v1/chat"))
        client.kill()
        #expect(try await stream.closing() == .clientHungUp, "seen although nothing was sent after the hang-up")
        try Self.expectHungUp(stream, server)
    }

    static func expectHungUp(_ stream: LiveStream, _ server: StubServer) throws {
        #expect(stream.clientHungUp && stream.isOver)
        #expect(!stream.send(.message("to nobody")))
        let log = try #require(server.journal.entries.first?.stream)
        #expect(log.finished && log.clientHungUp)
        #expect(log.events.map(\.data) == ["hello"])
    }

    @Test(arguments: [LiveStream.Ending.cut, .reset])
    func theTestCanBreakTheStream(_ ending: LiveStream.Ending) async throws {
        let server = try StubServer.start(.stubs { Self.chat })
        defer { server.stop() }
        let (data, session, _) = Self.open(server)
        defer { session.invalidateAndCancel() }
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "hello")
        let stream = try await server.nextStream(matching: Post("/v1/chat"))
        stream.finish(ending)
        // libcurl's "partial file" (a cut) has no URLError code of its own on Linux.
        #if canImport(FoundationNetworking)
        let expected: URLError.Code = ending == .reset ? .networkConnectionLost : .unknown
        #else
        let expected: URLError.Code = .networkConnectionLost
        #endif
        #expect(await events.end() == expected, "a stream broken by the test fails the client's task")
        #expect(try await stream.closing() == .ended)
    }

    @Test func aStreamStillWaitingForTheTestEndsWhenTheServerStops() async throws {
        let server = try StubServer.start(.stubs { Self.chat })
        let client = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"),
                                      ["curl", "--no-buffer", "-sS", "-X", "POST", server.url("/v1/chat").absoluteString])
        defer { client.kill() }
        #expect(await client.readLine(matching: "^data: hello$") != nil)
        let stream = try await server.nextStream(matching: Post("/v1/chat"))
        await server.stopWithoutBlocking()
        let ended = await client.finish()
        #expect(ended.status == 0, "the stream ends properly: \(ended.errors)")
        #expect(try await stream.closing() == .ended)
    }

    @Test func streamsOpenedBeforeTheTestAsksAreHandedOverInArrivalOrder() async throws {
        let server = try StubServer.start(.stubs {
            Get("/feed/{name}").respond(.eventStream([], end: .fedByTest))
        })
        defer { server.stop() }
        let clients = try ["a", "b"].map { name in
            try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "--no-buffer", "-sS", server.url("/feed/\(name)").absoluteString])
        }
        defer { clients.forEach { $0.kill() } }
        _ = try await server.next(matching: Get("/feed/a"))
        _ = try await server.next(matching: Get("/feed/b"))
        let b = try await server.nextStream(matching: Get("/feed/b"))
        let first = try await server.nextStream(matching: Get("/feed/{name}"))
        #expect(b.request.path == "/feed/b")
        #expect(first.request.path == "/feed/a", "the stream not handed over yet")
        first.send(.message("to a"))
        #expect(await clients[0].readLine(matching: "^data: to a$") != nil)
        first.finish()
        b.finish()
        #expect(await clients[0].finish().status == 0)
        #expect(await clients[1].finish().status == 0)
    }

    @Test func waitingForAStreamThatNeverOpensSaysWhatArrivedInstead() async throws {
        let server = try StubServer.start(.stubs {
            Get("/plain").respond(.text("not a stream"))
            Self.chat
        })
        defer { server.stop() }
        _ = try await server.session.data(from: server.url("/plain"))
        let error = await #expect(throws: HandoverTimeout.self) {
            try await server.nextStream(matching: Get("/plain"), timeout: .milliseconds(50))
        }
        let report = try #require(error).description
        #expect(report.contains("FedStreamTests.swift:"), "it names the wait's line: \(report)")
        #expect(report.contains("no stream fed by the test, answering a request matching GET /plain"))
        #expect(report.contains("#1 GET /plain — answered by"), "\(report)")
        #expect(report.contains("which opens no stream fed by the test"))
    }
}
