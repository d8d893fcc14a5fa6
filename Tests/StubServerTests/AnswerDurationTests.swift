import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Each journal entry records how long its answer took to send: an answer
/// sent at once when it is journaled, a delayed or held one when it went out
/// (never sooner than its delay), a stream at its end; none for a request
/// its client gave up on. The same over the socket and in process.
@Suite struct AnswerDurationTests {
    static func entry(_ server: StubServer, _ path: String) throws -> JournalEntry {
        try #require(server.journal.entries.last { $0.request.path == path })
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func immediateAndDelayedAnswersAreTimed(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs {
            Get("/now").respond(.text("now"))
            Get("/later").respond(.text("later")).delay(.milliseconds(40))
        }.transport(transport))
        defer { server.stop() }
        _ = try await server.session.data(from: server.url("/now"))
        _ = try await server.session.data(from: server.url("/later"))
        let now = try #require(try Self.entry(server, "/now").duration)
        #expect(now >= .zero)
        let later = try #require(try Self.entry(server, "/later").duration, "timed before the client had the answer")
        #expect(later >= .milliseconds(40), "a delayed answer never goes out before its delay: \(later)")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aHeldAnswerIsTimedWhenTheTestAnswers(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Get("/held").held(); Get("/gone").held() }.transport(transport))
        defer { server.stop() }
        let client = Task { try await server.session.data(from: server.url("/held")) }
        let call = try await server.intercept(Get("/held"))
        #expect(try Self.entry(server, "/held").duration == nil, "not answered yet")
        call.respond(.text("done"))
        _ = try await client.value
        #expect(try Self.entry(server, "/held").duration != nil)

        let leaving = Task { try await server.session.data(from: server.url("/gone")) }
        let gone = try await server.intercept(Get("/gone"))
        leaving.cancel()
        try await gone.cancelled()
        let abandoned = try Self.entry(server, "/gone")
        #expect(abandoned.abandoned && abandoned.duration == nil, "a client that gave up got no answer to time")
    }

    @Test func aStreamIsTimedAtItsEnd() async throws {
        let server = try StubServer.start(.stubs { Get("/feed").respond(.eventStream([.message("one")], end: .fedByTest)) })
        defer { server.stop() }
        let client = Task { try await server.session.data(from: server.url("/feed")) }
        let stream = try await server.nextStream(matching: Get("/feed"))
        #expect(try Self.entry(server, "/feed").duration == nil, "a stream still open has no duration yet")
        stream.finish()
        _ = try await client.value
        #expect(await Self.duration(server, "/feed") != nil)
    }

    /// The duration of the newest entry for `path`, waiting (on journal
    /// changes, 10 s at most) while it has none: the socket journals a
    /// stream's end after its client saw it.
    static func duration(_ server: StubServer, _ path: String) async -> Duration? {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let version = server.journal.version
            if let duration = server.journal.entries.last(where: { $0.request.path == path })?.duration { return duration }
            guard ContinuousClock.now < deadline else { return nil }
            await server.journal.waitForChange(after: version, timeout: .milliseconds(500))
        }
    }

    @Test func theDurationTravelsInTheJournalsJSON() throws {
        var entry = JournalEntry(sequence: 1, request: RecordedRequest(method: "GET", target: "/"), outcome: .matched, status: 200)
        entry.duration = .microseconds(1500)
        let json = try JSONEncoder().encode(entry)
        #expect(JSONValue(data: json)?.value(at: "durationMs") == 1.5, "\(String(decoding: json, as: UTF8.self))")
        #expect(try JSONDecoder().decode(JournalEntry.self, from: json).duration == .microseconds(1500))
    }
}
