import Foundation
import MarvelStubs
import StubTesting
import Testing
import UnderstudyTestSupport

/// One ``AuthRule`` value guards a stub and is asserted on what arrived.
@Suite struct AuthRuleTests {
    @Test func oneRuleGuardsTheStubAndChecksTheJournal() async throws {
        let rule = AuthRule.apiKey(query: "key", value: "s3cret-key-value")
        try await withStubServer(.stubs { Get("/me").respond(.text("me")).guarded(by: rule) }) { server in
            let client = HTTPClient()
            defer { client.close() }
            let refused = try await client.get(server.url("/me?key=wrong-key-value"))
            let answered = try await client.get(server.url("/me?key=s3cret-key-value"))
            #expect(refused.status == 401)
            #expect(String(decoding: refused.body, as: UTF8.self) == #"{"error":"unauthorized","message":"missing or wrong key query parameter"}"#)
            #expect(answered.status == 200)
            let issues = await knownIssues { server.expectSigned(rule) }
            #expect(issues.map(\.text) == ["""
                Expected every request to carry query key=s3cr…(16 characters); 1 of 2 did not:
                  ✗ #1 GET /me?key=wrong-key-value — query key: expected s3cr…(16 characters), got wron…(15 characters)
                """])
        }
    }

    @Test func theMarvelRuleSaysWhyAndAnswersAsTheRealAPI() async throws {
        let rule = AuthRule.marvel(publicKey: "1234", privateKey: "abcd")
        let cases: [(query: String, status: Int, reason: String?)] = [
            ("ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150", 200, nil),
            ("ts=1&hash=ffd275c5130566a2916217b101f26150", 409, "no apikey parameter"),
            ("ts=1&apikey=9999&hash=ffd275c5130566a2916217b101f26150", 401, #"apikey: expected "1234", got [redacted]"#),
            ("ts=1&apikey=1234", 409, "no hash parameter"),
            ("apikey=1234&hash=ffd275c5130566a2916217b101f26150", 409, "no ts parameter"),
            ("ts=&apikey=1234&hash=ffd275c5130566a2916217b101f26150", 401, "ts is empty"),
        ]
        try await withStubServer(.stubs { Get("/v1/public/comics").guarded(by: rule) }) { server in
            let client = HTTPClient()
            defer { client.close() }
            for (query, status, reason) in cases {
                let reply = try await client.get(server.url("/v1/public/comics?\(query)"))
                #expect(reply.status == status, "\(query)")
                #expect(server.journal.entries.last.flatMap { rule.problem(with: $0.request) } == reason, "\(query)")
            }
        }
    }
}
