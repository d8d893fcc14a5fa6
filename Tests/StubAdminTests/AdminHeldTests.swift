import Foundation
import StubAdmin
import StubKit
import StubRemote
import StubServer
import Testing
import UnderstudyTestSupport

/// Held calls from another process: `RemoteStubServer.intercept` takes a
/// held request through the admin API, answers or fails it, and sees its
/// client give up; bad answers are refused with their place.
@Suite struct AdminHeldTests {
    @Test func anotherProcessTakesAndAnswersAHeldCall() async throws {
        let running = try AdminAPITests.Running([Get("/search").held(), Get("/flaky").held()])
        defer { running.stop() }
        let remote = RemoteStubServer(url: running.server.url("/"))
        let reply = Task { try await running.client.get(running.server.url("/search?q=ada")) }
        let call = try await remote.intercept(Get("/search"))
        #expect(call.request.queryValue("q") == "ada")
        #expect(try await call.respond(.json(#"{"results":["Ada"]}"#, status: 200)))
        let answered = try await reply.value
        #expect(answered.status == 200 && answered.text == #"{"results":["Ada"]}"#)
        #expect(try await !call.respond(.text("again")), "the call is over")

        // A fresh connection: on a reused one, curl (URLSession on Linux) sends a GET again after a reset.
        let fresh = HTTPClient()
        defer { fresh.close() }
        let broken = Task { try? await fresh.get(running.server.url("/flaky")) }
        let flaky = try await remote.intercept(Get("/flaky"))
        #expect(try await flaky.fail(.connectionReset))
        #expect(await broken.value == nil, "the client met a reset")
    }

    @Test func anotherProcessSeesTheClientGiveUp() async throws {
        let running = try AdminAPITests.Running([Post("/upload").held()])
        defer { running.stop() }
        let remote = RemoteStubServer(url: running.server.url("/"))
        let socket = try RawSocket(port: running.server.port)
        try socket.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        let call = try await remote.intercept(Post("/upload"))
        socket.closeNow()
        try await call.cancelled()
        #expect(running.server.journal.entries.first?.abandoned == true)
    }

    @Test func badAnswersAndUnknownCallsAreRefused() async throws {
        let running = try AdminAPITests.Running([Get("/search").held()])
        defer { running.stop() }
        let missing = try await running.call("POST", "/held/99/respond", #"{"status": 200}"#)
        #expect(missing.status == 404 && missing.text.contains("no held call #99"))
        let none = try await running.call("GET", "/held/take?matching=%7B%22path%22%3A%22%2Fsearch%22%7D&timeout=50ms")
        #expect(none.status == 408 && none.text.contains("no held call arrived in time"), "\(none.text)")

        let reply = Task { try await running.client.get(running.server.url("/search")) }
        let remote = RemoteStubServer(url: running.server.url("/"))
        let call = try await remote.intercept(Get("/search"))
        let bad = try await running.call("POST", "/held/\(call.sequence)/respond", #"{"status": "OK"}"#)
        #expect(bad.status == 422 && bad.text.contains("status"), "\(bad.text)")
        let noFault = try await running.call("POST", "/held/\(call.sequence)/fail", #"{"response": {"status": 500}}"#)
        #expect(noFault.status == 422 && noFault.text.contains("a failure needs fault:"), "\(noFault.text)")
        #expect(try await call.respond(.text("after all")), "a refused answer sends nothing")
        #expect(try await reply.value.text == "after all")
    }
}
