import Foundation
import StubKit
import MarvelStubs
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// Assertions made to fail on purpose, with their messages pinned, so the
/// diagnostics users read stay exact.
@Suite struct FailureMessageTests {
    static let stubs = Stubs {
        Get("/characters").query("nameStartsWith", "Spi").respond(.text("spiders"))
        Get("/comics").respond(.text("comics"))
        Post("/login").respond(.status(204))
        Get("/me").respond(.text("me"))
    }

    /// Sends `targets` (`METHOD /path`) in order.
    static func send(_ server: StubServer, _ targets: [String]) async throws {
        let client = HTTPClient()
        defer { client.close() }
        for target in targets {
            let parts = target.split(separator: " ", maxSplits: 1).map(String.init)
            _ = try await client.send(parts[0], server.url(parts[1]))
        }
    }

    @Test func aWrongCountListsEveryRequestWithItsFirstMismatch() async throws {
        try await withStubServer(.stubs(Self.stubs), allowsUnmatched: true) { server in
            try await Self.send(server, ["GET /characters?nameStartsWith=Spi", "GET /characters?nameStartsWith=Sp", "GET /comics"])
            let issues = await knownIssues {
                server.expectReceived(Get("/characters").query("nameStartsWith", "Spi"), .exactly(2))
            }
            #expect(issues.map(\.text) == ["""
                Expected exactly 2 requests matching GET /characters where query nameStartsWith == "Spi"; received 1.
                Requests received (3):
                  ✓ #1 GET /characters?nameStartsWith=Spi
                  ✗ #2 GET /characters?nameStartsWith=Sp — query nameStartsWith: expected == "Spi", got "Sp"
                  ✗ #3 GET /comics — path: expected /characters, got /comics
                """])
            #expect(issues.first?.sourceLocation?.line == #line - 9)
            #expect(issues.first?.sourceLocation?.fileID == "StubTestingTests/FailureMessageTests.swift")
        }
    }

    @Test func neverAndAtLeastSayWhatTheyCounted() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            try await Self.send(server, ["GET /comics", "GET /comics"])
            let issues = await knownIssues {
                server.expectNever(Get("/comics"))
                server.expectReceived(Get("/me"), .atLeast(1))
                server.expectReceived(Get("/comics"), .between(3...5))
            }
            #expect(issues.map { $0.text.split(separator: "\n").first.map(String.init) ?? "" } == [
                "Expected no requests matching GET /comics; received 2.",
                "Expected at least 1 request matching GET /me; received 0.",
                "Expected between 3 and 5 requests matching GET /comics; received 2.",
            ])
            #expect(server.expectReceived(Get("/comics"), count: 2))
        }
    }

    @Test func anOutOfOrderSequenceShowsWhereItBroke() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            try await Self.send(server, ["GET /me", "POST /login", "GET /comics"])
            #expect(server.expectInOrder(Post("/login"), Get("/comics")))
            let issues = await knownIssues {
                server.expectInOrder(Post("/login"), Get("/me"))
            }
            #expect(issues.map(\.text) == ["""
                Expected requests in this order:
                  1. POST /login
                  2. GET /me
                Step 2 found no request after #2 (one came earlier).
                Requests received (3):
                  #1 GET /me  (matches step 2)
                  #2 POST /login  → step 1
                  #3 GET /comics — for step 2, path: expected /me, got /comics
                """])
        }
    }

    @Test func aBadMarvelSignatureNamesTheFieldAndTheExpectedHash() async throws {
        try await withStubServer(.stubs { Get("/v1/public/comics") }) { server in
            try await Self.send(server, [
                "GET /v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150",
                "GET /v1/public/comics?ts=1&apikey=1234&hash=00000000000000000000000000000000",
                "GET /v1/public/comics?ts=1&hash=ffd275c5130566a2916217b101f26150",
            ])
            let issues = await knownIssues {
                server.expectSigned(.marvel(publicKey: "1234", privateKey: "abcd"))
            }
            #expect(issues.map(\.text) == ["""
                Expected every request to carry Marvel signature (apikey 1234, ts, hash); 2 of 3 did not:
                  ✗ #2 GET /v1/public/comics?ts=1&apikey=[redacted]&hash=[redacted …0000] — hash: expected md5(ts + privateKey + apikey) = ffd275c5130566a2916217b101f26150 for ts "1", got [redacted …0000]
                  ✗ #3 GET /v1/public/comics?ts=1&hash=[redacted …6150] — no apikey parameter
                """])
            #expect(!issues[0].text.contains("abcd"), "the private key must never be printed")
        }
    }

    @Test func aWrongBearerTokenIsMaskedAndNothingReceivedIsAFailure() async throws {
        try await withStubServer(.stubs { Get("/me") }) { server in
            let client = HTTPClient()
            defer { client.close() }
            let issues = await knownIssues {
                server.expectSigned(.bearer("s3cret-token-value"))
            }
            _ = try await client.get(server.url("/me"), headers: ["Authorization": "Bearer wrong-token-value"])
            let mismatch = await knownIssues {
                server.expectSigned(.bearer("s3cret-token-value"), matching: Get("/me"))
            }
            #expect(issues.map(\.text) == [
                "Expected every request to carry Authorization: Bearer s3cr…(18 characters), but no such request was received.",
            ])
            #expect(mismatch.map(\.text) == ["""
                Expected every request matching GET /me to carry Authorization: Bearer s3cr…(18 characters); 1 of 1 did not:
                  ✗ #1 GET /me — Authorization: expected Bearer s3cr…(18 characters), got Bearer wron…(17 characters)
                """])
        }
    }

    @Test func unequalJSONListsPathsAndShowsALineDiff() async {
        let actual = Data(#"{"data":{"count":19,"results":[{"name":"Spider Man"}]},"code":200}"#.utf8)
        #expect(expectJSONEqual(actual, #"{"code": 200, "data": {"count": 19, "results": [{"name": "Spider Man"}]}}"#))
        let issues = await knownIssues {
            expectJSONEqual(actual, #"{"code":200,"status":"Ok","data":{"count":20,"results":[{"name":"Spider-Man"}]}}"#)
        }
        #expect(issues.map(\.text) == ["""
            JSON differs from the expected document (3 differences):
              $.data.count: expected 20, actual 19
              $.data.results[0].name: expected "Spider-Man", actual "Spider Man"
              $.status: missing key, expected "Ok"
            Diff (− expected, + actual):
              {
                "code": 200,
                "data": {
            −     "count": 20,
            +     "count": 19,
                  "results": [
                    {
            −         "name": "Spider-Man"
            +         "name": "Spider Man"
                    }
                  ]
            −   },
            −   "status": "Ok"
            +   }
              }
            """])
    }

    @Test func aWaitThatTimesOutSaysWhatArrivedInstead() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            try await Self.send(server, ["GET /comics"])
            let line = #line + 2
            do {
                _ = try await server.next(matching: Post("/login"), timeout: .milliseconds(50))
                Issue.record("expected a timeout")
            } catch let timeout as RequestWaitTimeout {
                #expect(timeout.description == """
                    StubTestingTests/FailureMessageTests.swift:\(line):42: no request matching POST /login arrived within 0.05 seconds
                      1 other request arrived:
                        #1 GET /comics — method: expected POST, got GET
                    """)
            }
        }
    }

    @Test func aThrowingResponseClosureIsReportedAtTheStubOnTheNextAssertion() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "fixture missing" } }
        let stubLine = #line + 1
        let stubs = Stubs { Get("/broken").respond { _ in throw Broken() } }
        try await withStubServer(.stubs(stubs)) { server in
            try await Self.send(server, ["GET /broken"])
            let issues = await knownIssues {
                server.expectReceived(Get("/broken"), .once)
            }
            #expect(issues.count == 1)
            #expect(issues.first?.text == "request #1: the response closure of GET /broken (declared at StubTestingTests/FailureMessageTests.swift:\(stubLine):32) threw: fixture missing")
            #expect(issues.first?.sourceLocation?.line == stubLine)
            #expect(server.pendingIssues.isEmpty, "reported once, then gone")
        }
    }

    @Test func unmatchedRequestsFailAtTheEndOfWithStubServerAtItsCall() async throws {
        let line = #line + 2
        let issues = await knownIssues {
            try await withStubServer(.stubs(Self.stubs)) { server in
                try await Self.send(server, ["GET /comic", "DELETE /me"])
            }
        }
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { $0.sourceLocation?.line == line })
        let first = issues.first?.text ?? ""
        #expect(first.hasPrefix("Request #1 matched no stub; the server answered 404.\nUnderstudy: no stub matched GET /comic\n"))
        #expect(first.contains("1. GET /comics — declared at StubTestingTests/FailureMessageTests.swift:"))
        #expect(first.contains("✗ path: expected /comics, got /comic"))
        #expect(issues.last?.text.contains("no stub matched DELETE /me") == true)
    }

    @Test func expectUnmatchedAcknowledgesThemSoTheScopeEndsClean() async throws {
        try await withStubServer(.stubs(Self.stubs)) { server in
            try await Self.send(server, ["GET /nowhere", "GET /comics"])
            #expect(server.expectUnmatched(.once))
            #expect(server.pendingIssues.isEmpty)
        }
    }
}
