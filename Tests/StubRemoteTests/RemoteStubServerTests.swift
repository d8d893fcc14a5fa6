import Foundation
import StubAssertions
import StubKit
import StubRemote
import Testing
import UnderstudyTestSupport

/// `RemoteStubServer` against `understudy serve` in another process: what an
/// iOS UI test does with a server on the host.
@Suite struct RemoteStubServerTests {
    @Test func addedStubsAnswerAndTheJournalNamesWhereTheTestDeclaredThem() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let line = #line + 2
        let ids = try await server.add {
            Get("/users/{id:int}").respond(.json(#"{"name":"Ada"}"#)).named("a user")
            Post("/events").respondInSequence([.text("first", status: 201), .text("then", status: 202)])
        }
        #expect(ids.count == 2)

        let client = HTTPClient()
        defer { client.close() }
        let user = try await client.get(server.url("/users/7"))
        #expect(user.status == 200 && user.text == #"{"name":"Ada"}"#)
        #expect(try await client.send("POST", server.url("/events")).status == 201)
        #expect(try await client.send("POST", server.url("/events")).status == 202, "the sequence runs on the server")
        #expect(try await client.get(server.url("/health")).text == "ok", "the server's own stubs still answer")

        let journal = try await server.journal()
        let first = try #require(journal.entries.first)
        #expect(first.request.target == "/users/7")
        #expect(first.stubID == ids[0].rawValue)
        #expect(first.declared?.line == line, "the journal points at the test's own line")
        #expect(first.declared?.fileID.hasSuffix("RemoteStubServerTests.swift") == true)
        #expect(await server.expectReceived(Post("/events"), count: 2))
        #expect(await server.expectInOrder(Get("/users/7"), Post("/events"), Get("/health")))
    }

    @Test func replaceRemoveAndResetChangeWhatTheServerAnswers() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let client = HTTPClient()
        defer { client.close() }
        let ids = try await server.add { Get("/flag").respond(.text("off")).id("flag") }
        #expect(ids == [StubID("flag")])
        try await server.replace(Get("/flag").respond(.text("on")).id("flag"))
        #expect(try await client.get(server.url("/flag")).text == "on")

        try await server.remove("flag")
        #expect(try await client.get(server.url("/flag")).status == 404)
        let missing = await #expect(throws: RemoteAdminError.self) { try await server.remove("flag") }
        #expect(missing?.status == 404)

        _ = try await server.add { Get("/extra").respond(.text("x")) }
        try await server.reset()
        #expect(try await client.get(server.url("/extra")).status == 404, "reset drops what the test added")
        #expect(try await client.get(server.url("/health")).text == "ok", "and keeps the server's own stubs")
        let journal = try await server.journal()
        #expect(journal.entries.map(\.request.target) == ["/extra", "/health"], "reset emptied the journal first")
    }

    @Test func aClosureIsRefusedAtTheCallAndNothingIsSent() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let line = #line + 1
        let error = await #expect(throws: StubNotPortable.self) {
            try await server.add { Get("/now").respond { _ in .text("\(Date())") } }
        }
        #expect(error?.location.line == line)
        #expect(error?.description.contains("a Swift closure makes its response") == true)
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/now")).status == 404)
    }

    @Test func aStubTheServerRefusesComesBackLocated() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        let error = await #expect(throws: RemoteAdminError.self) {
            try await server.add { Get("/x").query("id", .matches("([")) }
        }
        #expect(error?.status == 422)
        let detail = error?.detail ?? ""
        #expect(detail.contains("POST /__admin/stubs:"), "names the body: \(detail)")
        #expect(detail.contains("stubs[0].request.query.id.matches"), "and the key: \(detail)")
    }

    @Test func nextReturnsTheRequestAnAppSentAndATimeoutSaysWhatCameInstead() async throws {
        let served = try await ServedProcess.start()
        let server = RemoteStubServer(url: served.url)
        try await server.add { Post("/analytics").respond(StubResponse(status: 204)) }
        // The app's request comes from another process (curl), as from a simulator,
        // whether or not the wait is already parked on the server.
        let curl = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", "-d", #"{"event":"launch"}"#,
            server.url("/analytics").absoluteString,
        ])
        let event = try await server.next(matching: Post("/analytics"), timeout: .seconds(30))
        #expect(event.bodyText == #"{"event":"launch"}"#)
        #expect(await curl.readToEnd().output == "204")

        let line = #line + 1
        let timeout = await #expect(throws: RemoteWaitTimeout.self) {
            try await server.next(matching: Get("/never"), timeout: .milliseconds(200))
        }
        #expect(timeout?.location.line == line)
        #expect(timeout?.description.contains("no request matching GET /never arrived within 0.2 seconds") == true)
    }

    @Test func anAdminTokenIsSentWhenGivenAndRequiredWhenSet() async throws {
        let served = try await ServedProcess.start(["--admin-token", "s3cret-token"])
        let anonymous = RemoteStubServer(url: served.url)
        let refused = await #expect(throws: RemoteAdminError.self) { try await anonymous.reset() }
        #expect(refused?.status == 401)
        try await RemoteStubServer(url: served.url, token: "s3cret-token").reset()
    }
}
