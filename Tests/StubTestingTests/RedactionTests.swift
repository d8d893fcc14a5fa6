import Foundation
import StubKit
import MarvelStubs
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// Secrets that arrive (Marvel's `hash` and `apikey`, `Authorization`,
/// cookies) are masked wherever a request is shown, unless the server is told
/// not to; the journal keeps them whole for assertions.
@Suite struct RedactionTests {
    static let hash = "ffd275c5130566a2916217b101f26150"
    static let target = "/v1/public/comics?ts=1&apikey=1234&hash=\(hash)"
    static let headers = ["Authorization": "Bearer sekrit-token-value", "Cookie": "session=cookie-sekrit"]
    static let secrets = [hash, "apikey=1234", "sekrit-token-value", "cookie-sekrit"]

    static let stubs = Stubs {
        Get("/v1/public/comics").query("hash", "0000").header("Authorization", .present).respond(.text("never"))
    }

    @Test func anUnmatchedReportAndIts404BodyMaskSecrets() async throws {
        try await withStubServer(.stubs(Self.stubs), allowsUnmatched: true) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url(Self.target), headers: Self.headers)
            #expect(reply.status == 404)
            let shown = [reply.text, reply.header("Understudy-Mismatch") ?? ""] + server.takeIssues().map { "\($0)" }
            for text in shown {
                for secret in Self.secrets { #expect(!text.contains(secret), "\(secret) shown in:\n\(text)") }
            }
            #expect(reply.text.contains("hash=[redacted …6150]"))
            #expect(reply.text.contains(#""value" : "[redacted]""#), "the Authorization and Cookie headers are masked")
            #expect(reply.text.contains("got [redacted …6150]") || reply.text.contains(#""actual" : "[redacted …6150]""#))
            // The journal keeps what arrived, for assertions such as signing checks.
            let recorded = try #require(server.journal.entries.first?.request)
            #expect(recorded.query.first { $0.name == "hash" }?.value == Self.hash)
            #expect(recorded.headers.values(for: "Authorization") == ["Bearer sekrit-token-value"])
        }
    }

    @Test func redactionNoneShowsEverything() async throws {
        var configuration = StubServer.Configuration.default
        configuration.redaction = .none
        try await withStubServer(.stubs(Self.stubs, configuration: configuration), allowsUnmatched: true) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url(Self.target), headers: Self.headers)
            for secret in Self.secrets { #expect(reply.text.contains(secret), "\(secret) missing with redaction .none") }
        }
    }

    @Test func failureMessagesMaskSecrets() async throws {
        try await withStubServer(.stubs(Self.stubs), allowsUnmatched: true) { server in
            let client = HTTPClient()
            defer { client.close() }
            _ = try await client.get(server.url(Self.target), headers: Self.headers)
            let issues = await knownIssues {
                server.expectReceived(Get("/v1/public/comics").query("hash", "0000"), .exactly(1))
                server.expectSigned(.marvel(publicKey: "1234", privateKey: "wrong"))
            }
            #expect(issues.count == 2)
            for issue in issues {
                for secret in Self.secrets { #expect(!issue.text.contains(secret), "\(secret) shown in:\n\(issue.text)") }
            }
            #expect(issues.first?.text.contains("query hash: expected == \"0000\", got [redacted …6150]") == true,
                    "\(issues.first?.text ?? "")")
        }
    }

    @Test(arguments: [
        ("/p?hash=abc&apikey=1234&limit=5", "/p?hash=[redacted]&apikey=[redacted]&limit=5"),
        ("/p?HASH=abc", "/p?HASH=[redacted]"),
        ("/p?h%61sh=abc", "/p?h%61sh=[redacted]"),
        ("/p?limit=5", "/p?limit=5"),
        ("/p?hash", "/p?hash"),
        ("/p", "/p"),
    ])
    func targetsMaskNamedQueryItems(target: String, shown: String) {
        #expect(Redaction.secrets.target(target) == shown)
        #expect(Redaction.none.target(target) == target)
    }
}

/// Assertions say when the journal has evicted what they might have counted.
@Suite struct JournalCapNoteTests {
    @Test func aCountAfterEvictionSaysTheJournalIsFull() async throws {
        var configuration = StubServer.Configuration.default
        configuration.journalCapacity = 2
        try await withStubServer(.stubs([Get("/x")], configuration: configuration)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for _ in 0..<3 { _ = try await client.get(server.url("/x")) }
            let issues = await knownIssues { server.expectReceived(Get("/x"), .exactly(3)) }
            #expect(issues.first?.text.contains(
                "Note: the journal is full; it keeps the newest 2 requests and has evicted 1 older ones, which no assertion can see") == true,
                "\(issues.first?.text ?? "")")
        }
    }
}
