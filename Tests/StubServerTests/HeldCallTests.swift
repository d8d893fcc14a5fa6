import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
import Synchronization
import Testing
import UnderstudyTestSupport

/// Held answers: a request a held stub matches waits, no thread held, until
/// the test takes it (`intercept`) and answers, fails, or lets the client
/// give up; the journal says which. The same over the socket and in process.
@Suite struct HeldCallTests {
    /// The client's side of one request: its status and body, or the error it met.
    struct Outcome: Sendable {
        var status: Int?
        var body: String
        var error: (any Error)?
    }

    /// Set once the client has its answer.
    final class Answered: Sendable {
        let flag = Atomic<Bool>(false)
        var isSet: Bool { flag.load(ordering: .acquiring) }
    }

    static func send(_ server: StubServer, _ path: String, answered: Answered? = nil) async -> Outcome {
        defer { answered?.flag.store(true, ordering: .releasing) }
        do {
            let (data, response) = try await server.session.data(from: server.url(path))
            return Outcome(status: (response as? HTTPURLResponse)?.statusCode, body: String(decoding: data, as: UTF8.self))
        } catch {
            return Outcome(status: nil, body: "", error: error)
        }
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aHeldRequestWaitsUntilTheTestAnswersIt(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Get("/search").held() }.transport(transport))
        defer { server.stop() }
        let answered = Answered()
        let client = Task { await Self.send(server, "/search?q=ada", answered: answered) }
        let call = try await server.intercept(Get("/search"))
        #expect(call.request.queryValue("q") == "ada")
        #expect(!answered.isSet, "the client is still waiting: the test has not answered")
        #expect(server.journal.entries.first?.status == nil, "the journal holds the request, not yet answered")
        #expect(!call.isOver)

        #expect(call.respond(.json(#"{"results":["Ada"]}"#)))
        let outcome = await client.value
        #expect(outcome.status == 200)
        #expect(outcome.body == #"{"results":["Ada"]}"#)
        #expect(call.isOver && call.cancelledAt == nil)
        #expect(!call.respond(.text("again")), "the first answer wins")
        let entry = try #require(server.journal.entries.first)
        #expect(entry.status == 200 && entry.sequence == call.sequence && !entry.abandoned)
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func aClientThatGivesUpIsSeenByTheTestAndTheJournal(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Get("/search").held() }.transport(transport))
        defer { server.stop() }
        let client = Task { await Self.send(server, "/search?q=a") }
        let call = try await server.intercept(Get("/search"))
        client.cancel()
        let when = try await call.cancelled()
        #expect(call.cancelledAt == when)
        let outcome = await client.value
        #expect((outcome.error as? URLError)?.code == .cancelled, "\(String(describing: outcome.error))")
        #expect(!call.respond(.text("too late")), "an answer after the client left is not sent")
        let entry = try #require(server.journal.entries.first)
        #expect(entry.abandoned && entry.abandonedAt == when && entry.status == nil)
    }

    /// A child spawned while the client's connection is open must not keep
    /// it open (`ChildProcess` closes what it does not hand over): the full
    /// suite spawns children while other tests wait for a client to leave.
    @Test func aClientGivingUpIsSeenWhileAChildProcessRuns() async throws {
        let server = try StubServer.start(.stubs { Get("/search").held() })
        defer { server.stop() }
        let client = Task { await Self.send(server, "/search") }
        let call = try await server.intercept(Get("/search"))
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), ["60"])
        defer { child.kill() }
        client.cancel()
        try await call.cancelled()
    }

    @Test func aClosedConnectionIsAClientGivingUp() async throws {
        let server = try StubServer.start(.stubs { Post("/upload").held() })
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        let call = try await server.intercept(Post("/upload"))
        #expect(call.request.body == Data("hi".utf8))
        socket.closeNow()
        try await call.cancelled()
        #expect(server.journal.entries.first?.abandoned == true)
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func theTestCanFailAHeldCallWithAFault(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Get("/flaky").held() }.transport(transport))
        defer { server.stop() }
        let client = Task { await Self.send(server, "/flaky") }
        let call = try await server.intercept(Get("/flaky"))
        #expect(call.fail(.connectionReset))
        let outcome = await client.value
        #expect(outcome.status == nil && outcome.error != nil, "the client met a reset, not a response")
        #expect(server.journal.entries.first?.status == nil, "no status line was sent")
    }

    @Test(arguments: [StubTransport.socket, .inProcess])
    func callsAreHandedOverInArrivalOrderEachOnce(_ transport: StubTransport) async throws {
        let server = try StubServer.start(.stubs { Get("/page/{n}").held() }.transport(transport))
        defer { server.stop() }
        let first = Task { await Self.send(server, "/page/1") }
        let one = try await server.intercept(Get("/page/1"))
        let second = Task { await Self.send(server, "/page/2") }
        let two = try await server.intercept(Get("/page/{n}"))
        #expect(two.request.path == "/page/2", "the call handed over already is not handed over again")
        // Answered out of order: each client gets its own answer.
        two.respond(.text("two"))
        #expect(await second.value.body == "two")
        one.respond(.text("one"))
        #expect(await first.value.body == "one")
    }

    @Test func aHeldCallNoTestTakesIsAnsweredAfterItsTimeout() async throws {
        let server = try StubServer.start(.stubs {
            Get("/slow").held(timeout: .milliseconds(20), otherwise: .text("busy", status: 503))
        })
        defer { server.stop() }
        let outcome = await Self.send(server, "/slow")
        #expect(outcome.status == 503 && outcome.body == "busy")
        #expect(server.journal.entries.first?.status == 503)
        let missed = await #expect(throws: HandoverTimeout.self) { try await server.intercept(Get("/slow"), timeout: .milliseconds(50)) }
        #expect(missed?.report.contains("#1 GET /slow") == true, "\(String(describing: missed))")
    }

    @Test func interceptingWhatNoStubHoldsSaysWhy() async throws {
        let server = try StubServer.start(.stubs { Get("/search").respond(.text("now")) })
        defer { server.stop() }
        _ = await Self.send(server, "/search")
        let error = await #expect(throws: HandoverTimeout.self) { try await server.intercept(Get("/search"), timeout: .milliseconds(50)) }
        let report = error?.report ?? ""
        #expect(report.contains("no held call, answering a request matching GET /search"), "\(report)")
        #expect(report.contains("which opens no held call"), "\(report)")
        #expect(error?.location.line == #line - 4)
    }

    @Test func theServerStoppingAnswersHeldCalls() async throws {
        let server = try StubServer.start(.stubs { Get("/wait").held() })
        let client = Task { await Self.send(server, "/wait") }
        _ = try await server.intercept(Get("/wait"))
        server.stop()
        #expect(await client.value.status == 503)
    }
}
