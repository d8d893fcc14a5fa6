import Foundation
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// `server.next(matching:timeout:)` for code that calls the server on its own task.
@Suite struct NextRequestTests {
    static let stubs = Stubs {
        Post("/events").respond(.status(202))
        Get("/ping").respond(.text("pong"))
    }

    @Test func itReturnsARequestSentLaterFromAnotherTask() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            let url = server.url("/events")
            let sender = Task {
                let client = HTTPClient()
                defer { client.close() }
                _ = try await client.get(server.url("/ping"))
                _ = try await client.send("POST", url, body: Data(#"{"event":"opened"}"#.utf8))
            }
            let event = try await server.next(matching: Post("/events"), timeout: .seconds(10))
            #expect(event.bodyText == #"{"event":"opened"}"#)
            expectJSONEqual(event.body, #"{ "event": "opened" }"#)
            try await sender.value
        }
    }

    @Test func itReturnsRequestsThatAlreadyArrivedOnceEachInOrder() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for number in 1...3 {
                _ = try await client.send("POST", server.url("/events?n=\(number)"))
            }
            let first = try await server.next(matching: Post("/events"))
            let second = try await server.next(matching: Post("/events"))
            let third = try await server.next(matching: Post("/events").query("n", "3"))
            #expect([first, second, third].map { $0.queryValue("n") } == ["1", "2", "3"])
            await #expect(throws: RequestWaitTimeout.self) {
                try await server.next(matching: Post("/events"), timeout: .milliseconds(20))
            }
        }
    }

    @Test func cancellingTheWaitingTaskEndsTheWait() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            let waiter = Task { try await server.next(matching: Get("/never"), timeout: .seconds(600)) }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
    }
}
