import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubAssertions
import StubInProcess
import StubKit
import Testing
import UnderstudyTestSupport

/// Streams in process, as over the socket: a data delegate gets each piece
/// as it is due, a stream kept open stays open (heartbeats and all) until the
/// client cancels or the server stops, and the journal records what went out
/// and whether the client hung up. A caller that can only take the whole body
/// (a completion handler, `data(for:)` on Linux) gets the whole body.
@Suite struct InProcessStreamTests {
    static func delegateSession(_ server: InProcessServer) -> (StreamedData, URLSession) {
        let data = StreamedData()
        return (data, URLSession(configuration: server.sessionConfiguration, delegate: data, delegateQueue: nil))
    }

    @Test func aDelegateGetsEachEventWhileTheStreamIsOpen() async throws {
        let server = try InProcessServer.start {
            Get("/live").respond(.eventStream([.message("first"), .message("second")], every: .milliseconds(5), end: .keepOpen()))
        }
        defer { server.stop() }
        let (data, session) = Self.delegateSession(server)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/live")).resume()
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "first")
        #expect(await events.next() == "second")
        let log = try #require(server.journal.entries.first?.stream)
        #expect(log.events.map(\.data) == ["first", "second"])
        #expect(!log.finished, "the stream is still open")
    }

    @Test func aHeartbeatGoesOutWhileTheStreamIsHeldOpen() async throws {
        let server = try InProcessServer.start {
            Get("/beat").respond(.eventStream([], end: .keepOpen(heartbeat: .heartbeat("still here"), every: .milliseconds(10))))
        }
        defer { server.stop() }
        let (data, session) = Self.delegateSession(server)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/beat")).resume()
        var beats = 0
        for await arrival in data.arrivals {
            guard case .piece(let piece) = arrival else { break }
            if String(decoding: piece, as: UTF8.self) == ": still here\n\n" { beats += 1 }
            if beats == 2 { break }
        }
        #expect(beats == 2)
    }

    @Test func aStreamHeldOpenEndsProperlyWhenTheServerStops() async throws {
        let server = try InProcessServer.start {
            Get("/live").respond(.eventStream([.message("first")], end: .keepOpen()))
        }
        let (data, session) = Self.delegateSession(server)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/live")).resume()
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "first")
        server.stop()
        #expect(await events.end() == nil)
        let log = try #require(server.journal.entries.first?.stream)
        #expect(log.finished && !log.clientHungUp)
    }

    /// A delayed answer that became a stream is no longer waiting: the
    /// server's stop ends the stream and sends no 503 after its head.
    @Test func aDelayedStreamEndsAtStopWithoutTheStopsAnswer() async throws {
        let server = try InProcessServer.start {
            Get("/live").delay(.milliseconds(1)).respond(.eventStream([.message("first")], end: .keepOpen()))
        }
        let (data, session) = Self.delegateSession(server)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: server.url("/live")).resume()
        var body = ""
        var ended: URLError.Code?? = nil
        for await arrival in data.arrivals {
            switch arrival {
            case .piece(let piece):
                body += String(decoding: piece, as: UTF8.self)
                if body.contains("first") { server.stop() }
            case .end(let code):
                ended = .some(code)
            }
        }
        #expect(ended == .some(nil), "the stream ended properly")
        #expect(body.hasPrefix("data: first") && !body.contains("503"), "\(body)")
    }

    @Test func aClientThatCancelsMidStreamIsJournaledAsHangingUp() async throws {
        let server = try InProcessServer.start {
            Get("/live").respond(.eventStream([.message("first")], end: .keepOpen()))
        }
        defer { server.stop() }
        let (data, session) = Self.delegateSession(server)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: server.url("/live"))
        task.resume()
        var events = EventStreamArrivals(data)
        #expect(await events.next() == "first")
        let version = server.journal.version
        task.cancel()
        #expect(await events.end() == .cancelled)
        await server.journal.waitForChange(after: version, timeout: .seconds(30))
        let entry = try #require(server.journal.entries.first)
        #expect(entry.stream?.clientHungUp == true && entry.stream?.finished == true)
        #expect(!entry.abandoned, "its head was sent: it hung up on a stream, not on a pending answer")
    }

    @Test func aCallerThatTakesTheWholeBodyGetsTheWholeBody() async throws {
        let server = try InProcessServer.start {
            Get("/paced").respond(.stream(ResponseStream(pieces: [.init(bytes: Array("one ".utf8)),
                                                                  .init(after: .milliseconds(5), bytes: Array("two ".utf8)),
                                                                  .init(after: .milliseconds(5), bytes: Array("three".utf8))]),
                                          headers: ["Content-Type": "text/plain"]))
        }
        defer { server.stop() }
        let (body, _) = try await server.session.data(from: server.url("/paced"))
        #expect(String(decoding: body, as: UTF8.self) == "one two three")
        let whole = await withCheckedContinuation { continuation in
            server.session.dataTask(with: server.url("/paced")) { data, _, _ in
                continuation.resume(returning: String(decoding: data ?? Data(), as: UTF8.self))
            }.resume()
        }
        #expect(whole == "one two three")
        #expect(server.journal.entries.allSatisfy { $0.stream?.bytes == Array("one two three".utf8) && $0.stream?.finished == true })
    }
}
