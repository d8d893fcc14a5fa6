import Foundation
@testable import StubKit
import StubServer
import Synchronization
import Testing
import UnderstudyTestSupport

/// A stub that promises reuse (the Marvel fake's pages) builds each distinct
/// answer once; what the promise leaves out never reaches another request.
@Suite struct AnswerReuseTests {
    final class Calls: Sendable { let count = Atomic(0) }

    @Test func eachKeyIsBuiltOnceAndGuardsStillRunPerRequest() async throws {
        let calls = Calls()
        let guardRule = AuthRule("a key") { $0.queryValue("key") == "right" ? nil : AuthRule.Refusal("wrong key") }
        let stub = Get("/page").guarded(by: guardRule).respond { matched in
            let number = calls.count.add(1, ordering: .relaxed).newValue
            let tag = matched.request.headers.values(for: "If-None-Match").joined()
            return .json(#"{"build":\#(number),"limit":"\#(matched.request.queryValue("limit") ?? "")","tag":"\#(tag)"}"#)
        }.reusingAnswers(AnswerReuse(ignoringQuery: ["key", "ts"], varyingOn: ["If-None-Match"]))
        let server = try StubServer.start([stub])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }

        let first = try await client.get(server.url("/page?limit=5&key=right&ts=1"))
        let again = try await client.get(server.url("/page?ts=2&key=right&limit=5"))
        #expect(first.status == 200 && first.text == #"{"build":1,"limit":"5","tag":""}"#)
        #expect(again.text == first.text, "an ignored name, in any order, reuses the answer")
        #expect(try await client.get(server.url("/page?limit=5&key=wrong")).status == 401, "the guard runs on every request")
        #expect(try await client.get(server.url("/page?limit=6&key=right")).text == #"{"build":2,"limit":"6","tag":""}"#)
        #expect(try await client.get(server.url("/page?limit=5&key=right"), headers: ["If-None-Match": "x"]).text
                    == #"{"build":3,"limit":"5","tag":"x"}"#, "a named header is part of the key")
        #expect(try await client.get(server.url("/page?limit=5&limit=6&key=right")).text.contains(#""build":4"#))
        #expect(calls.count.load(ordering: .relaxed) == 4)
        #expect(server.journal.count == 6, "every request is journalled, reused or not")
    }

    @Test func aFailedBuildIsNotKept() async throws {
        let calls = Calls()
        let stub = Get("/flaky").respond { _ in
            if calls.count.add(1, ordering: .relaxed).newValue == 1 { return StubResponse(status: 503) }
            return .text("fine")
        }.reusingAnswers(AnswerReuse())
        let server = try StubServer.start([stub])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/flaky")).status == 503)
        #expect(try await client.get(server.url("/flaky")).text == "fine")
        #expect(try await client.get(server.url("/flaky")).text == "fine")
        #expect(calls.count.load(ordering: .relaxed) == 2)
    }
}
