import Foundation
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// A tiny typed client, so contract failures can be pinned without the
/// Marvel client's moving parts (timestamps).
private struct Greeting: Codable, Equatable, Sendable {
    var text: String
    var count: Int
}

private enum GreetingError: Error, Equatable {
    case notFound
    case status(Int)
}

private struct GreetingClient: Sendable {
    let server: StubServer
    let token: String

    func greeting(_ path: String) async throws -> Greeting {
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url(path), headers: ["Authorization": "Bearer \(token)"])
        switch reply.status {
        case 200: return try JSONDecoder().decode(Greeting.self, from: reply.body)
        case 404: throw GreetingError.notFound
        default: throw GreetingError.status(reply.status)
        }
    }
}

@Suite struct ContractTests {
    static let stubs = Stubs {
        Get("/hello").respond(.json(#"{"text":"hello","count":1}"#))
        Get("/drifted").respond(.json(#"{"text":"hello","total":1}"#))
        Get("/gone").respond(.status(404))
        Get("/teapot").respond(.status(418))
    }

    @Test func passingClausesReportNothingAndCount() async {
        let report = await Contract("greetings", serving: .stubs(Self.stubs)) { server in
            let client = GreetingClient(server: server, token: "t0ken-value")
            Decodes("hello decodes") { try await client.greeting("/hello") }
            Decodes("hello's value", equals: Greeting(text: "hello", count: 1)) { try await client.greeting("/hello") }
            Fails("gone maps to notFound", with: GreetingError.notFound) { try await client.greeting("/gone") }
            Authenticated(.bearer("t0ken-value"))
        }.check()
        #expect(report.passedCount == 4)
        #expect(report.failedCount == 0)
        #expect(report.description.hasSuffix("4 passed, 0 failed"))
    }

    @Test func eachFailedClauseIsItsOwnIssueAtTheClauseNamingTheStub() async {
        let helloLine = Self.stubs[0].location.line, driftedLine = Self.stubs[1].location.line
        let contractLine = #line + 3
        var report: ContractReport?
        let issues = await knownIssues {
            report = await Contract("greetings", serving: .stubs(Self.stubs)) { server in
                let client = GreetingClient(server: server, token: "wrong-token")
                Decodes("drifted decodes") { try await client.greeting("/drifted") }
                Decodes("hello's value", equals: Greeting(text: "hello", count: 2)) { try await client.greeting("/hello") }
                Fails("teapot maps to notFound", with: GreetingError.notFound) { try await client.greeting("/teapot") }
                Fails("hello fails", with: GreetingError.notFound) { try await client.greeting("/hello") }
                Authenticated(.bearer("t0ken-value"))
            }.check()
        }
        #expect(issues.count == 5)
        #expect(issues.map { $0.sourceLocation?.line } == (1...5).map { contractLine + $0 + 1 })
        #expect(report?.failedCount == 5)
        let texts = issues.map(\.text)
        guard texts.count == 5 else { return }
        #expect(texts[0] == """
            Contract "greetings", clause "drifted decodes" (StubTestingTests/ContractTests.swift:\(contractLine + 2):24):
            Expected the response to decode, but the call threw:
              DecodingError: key "count" not found at the top level
            Requests it sent:
              #1 GET /drifted — answered by GET /drifted declared at StubTestingTests/ContractTests.swift:\(driftedLine):12
            """)
        #expect(texts[1] == """
            Contract "greetings", clause "hello's value" (StubTestingTests/ContractTests.swift:\(contractLine + 3):24):
            Decoded a value different from the expected one.
            JSON differs from the expected document (1 difference):
              $.count: expected 2, actual 1
            Diff (− expected, + actual):
              {
            −   "count": 2,
            +   "count": 1,
                "text": "hello"
              }
            Requests it sent:
              #2 GET /hello — answered by GET /hello declared at StubTestingTests/ContractTests.swift:\(helloLine):12
            """)
        #expect(texts[2].hasPrefix("""
            Contract "greetings", clause "teapot maps to notFound" (StubTestingTests/ContractTests.swift:\(contractLine + 4):22):
            Expected the call to throw a different error.
              expected: GreetingError.notFound
              actual:   GreetingError.status(418)
            """))
        #expect(texts[3].hasPrefix("""
            Contract "greetings", clause "hello fails" (StubTestingTests/ContractTests.swift:\(contractLine + 5):22):
            Expected the call to throw GreetingError.notFound, but it returned Greeting:
              ▿ StubTestingTests.Greeting
                - text: "hello"
                - count: 1
            """))
        #expect(texts[4] == """
            Contract "greetings", clause "every request carries Authorization: Bearer t0ke…(11 characters)" (StubTestingTests/ContractTests.swift:\(contractLine + 6):30):
            4 of 4 requests did not carry Authorization: Bearer t0ke…(11 characters):
              ✗ #1 GET /drifted (sent by "drifted decodes" at StubTestingTests/ContractTests.swift:\(contractLine + 2):24) — Authorization: expected Bearer t0ke…(11 characters), got Bearer wron…(11 characters)
              ✗ #2 GET /hello (sent by "hello's value" at StubTestingTests/ContractTests.swift:\(contractLine + 3):24) — Authorization: expected Bearer t0ke…(11 characters), got Bearer wron…(11 characters)
              ✗ #3 GET /teapot (sent by "teapot maps to notFound" at StubTestingTests/ContractTests.swift:\(contractLine + 4):22) — Authorization: expected Bearer t0ke…(11 characters), got Bearer wron…(11 characters)
              ✗ #4 GET /hello (sent by "hello fails" at StubTestingTests/ContractTests.swift:\(contractLine + 5):22) — Authorization: expected Bearer t0ke…(11 characters), got Bearer wron…(11 characters)
            """)
    }

    @Test func aServerThatCannotStartIsOneFailedClause() async {
        let report = await Contract("broken", serving: [Get("/a").query("q", .matches("(unclosed"))]) { _ in
            Authenticated(.bearer("x"))
        }.run()
        #expect(report.results.map(\.name) == ["server start"])
        #expect(report.results.first?.failure?.contains("The stub server could not start") == true)
    }
}
