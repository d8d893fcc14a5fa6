import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Event streams and paced bodies on the socket, read by curl as a client
/// reads them: each event as it goes out, the stream held open, resumption
/// by `Last-Event-ID`, a stream cut mid-body.
@Suite struct EventStreamServingTests {
    static let curl = URL(fileURLWithPath: "/usr/bin/env")

    @Test func aStreamsEventsArriveInOrderWithItsHeaders() async throws {
        let server = try StubServer.start([
            Get("/feed").respond(.eventStream([.message("one", id: "1"), ServerSentEvent(data: "two\nlines", event: "update", id: "2")],
                                              every: .milliseconds(5))),
        ])
        defer { server.stop() }
        let run = try await ChildProcess.finished(Self.curl, ["curl", "--no-buffer", "-sS", "-i", server.url("/feed").absoluteString])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.lowercased().contains("content-type: text/event-stream"))
        #expect(run.output.lowercased().contains("transfer-encoding: chunked"))
        var reader = EventStreamReader()
        let body = run.output.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let events = reader.read(Array(body.utf8))
        #expect(events == [.init(type: "message", data: "one", lastEventID: "1"), .init(type: "update", data: "two\nlines", lastEventID: "2")])
        #expect(server.journal.entries.map(\.status) == [200])
    }

    @Test func anOpenStreamDeliversEachEventBeforeItEnds() async throws {
        let server = try StubServer.start([
            Get("/live").respond(.eventStream([.message("first")], end: .keepOpen())),
        ])
        defer { server.stop() }
        let client = try ChildProcess(Self.curl, ["curl", "--no-buffer", "-sS", server.url("/live").absoluteString])
        defer { client.kill() }
        #expect(await client.readLine(matching: "^data: first$") != nil, "the first event arrived while the stream is open")
        #expect(server.isRunning)
        await server.stopWithoutBlocking()
        let ended = await client.finish()
        #expect(ended.status == 0, "a stream held open ends properly when the server stops: \(ended.errors)")
    }

    @Test func aHeartbeatGoesOutWhileTheStreamIsHeldOpen() async throws {
        let server = try StubServer.start([
            Get("/beat").respond(.eventStream([], end: .keepOpen(heartbeat: .heartbeat("still here"), every: .milliseconds(10)))),
        ])
        defer { server.stop() }
        let client = try ChildProcess(Self.curl, ["curl", "--no-buffer", "-sS", server.url("/beat").absoluteString])
        defer { client.kill() }
        #expect(await client.readLine(matching: "^: still here$") != nil)
        #expect(await client.readLine(matching: "^: still here$") != nil, "and again")
    }

    @Test func lastEventIDIsMatchedSoResumptionCanBeStubbed() async throws {
        let server = try StubServer.start([
            Get("/feed").header("Last-Event-ID", "2").respond(.eventStream([.message("three", id: "3")])),
            Get("/feed").respond(.eventStream([.message("one", id: "1"), .message("two", id: "2")])),
        ])
        defer { server.stop() }
        let resumed = try await ChildProcess.finished(Self.curl, ["curl", "-sS", "-H", "Last-Event-ID: 2", server.url("/feed").absoluteString])
        var reader = EventStreamReader()
        #expect(reader.read(Array(resumed.output.utf8)).map(\.data) == ["three"])
        server.expectReceivedCount(Get("/feed").header("Last-Event-ID", "2"), 1)
    }

    /// Cut: curl's "transfer closed with outstanding read data" (18); reset: "connection reset" (56).
    @Test(arguments: [(ResponseStream.End.cut, Int32(18)), (.reset, 56)])
    func aStreamBrokenMidEventKeepsOnlyTheWholeEvents(_ end: ResponseStream.End, _ curlExit: Int32) async throws {
        let server = try StubServer.start([
            Get("/broken").respond(.stream(ResponseStream(pieces: [.init(event: .message("whole")), .init(bytes: Array("data: half an ev".utf8))],
                                                          end: end), headers: ["Content-Type": "text/event-stream"])),
        ])
        defer { server.stop() }
        let run = try await ChildProcess.finished(Self.curl, ["curl", "--no-buffer", "-sS", server.url("/broken").absoluteString])
        #expect(run.status == curlExit, "\(end): curl exited \(run.status): \(run.errors)")
        var reader = EventStreamReader()
        #expect(reader.read(Array(run.output.utf8)).map(\.data) == ["whole"])
        #expect(reader.hasUnfinishedEvent, "the half event is never dispatched")
    }

    @Test func pacedChunksArriveAsSeparateChunks() async throws {
        let server = try StubServer.start([
            Get("/paced").respond(.stream(ResponseStream(pieces: [.init(bytes: Array("ab".utf8)), .init(after: .milliseconds(5), bytes: Array("cd".utf8))]),
                                          headers: ["Content-Type": "text/plain"])),
        ])
        defer { server.stop() }
        let run = try await ChildProcess.finished(Self.curl, ["curl", "--no-buffer", "-sS", "--raw", server.url("/paced").absoluteString])
        #expect(run.output == "2\r\nab\r\n2\r\ncd\r\n0\r\n\r\n", "one chunk per piece: \(run.output.debugDescription)")
    }
}

extension StubServer {
    /// The number of journal entries matching `pattern` is `count`.
    fileprivate func expectReceivedCount(_ pattern: some RequestPatternConvertible, _ count: Int) {
        let wanted = pattern.requestPattern
        #expect(journal.entries.filter { wanted.match($0.request) != nil }.count == count)
    }
}

/// URLSession's data delegate receives each event as it goes out (on Linux
/// there is no `bytes(for:)`; the delegate's `didReceive` is the way).
@Suite struct URLSessionDelegateStreamTests {
    @Test func theDelegateReceivesEachEventWhileTheStreamIsOpen() async throws {
        let server = try StubServer.start([
            Get("/live").respond(.eventStream([.message("first"), .message("second")], every: .milliseconds(5), end: .keepOpen())),
        ])
        defer { server.stop() }
        let data = StreamedData()
        let session = URLSession(configuration: .ephemeral, delegate: data, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/live")).resume()
        var arrivals = EventStreamArrivals(data)
        let events = [await arrivals.next(), await arrivals.next()]
        #expect(events == ["first", "second"])
        #expect(server.isRunning, "both arrived while the stream is open")
    }
}
