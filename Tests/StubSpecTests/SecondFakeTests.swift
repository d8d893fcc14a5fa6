import Foundation
import StubKit
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// A second fake, written only against the core's plug-in door (a
/// ``NamedRecipe`` and an ``AuthRule`` with a ``WrittenForm``), as the Marvel
/// fake is: a library's books, two to a page, behind a token. Nothing in
/// StubKit or the engine names it.
enum LibraryFake {
    /// Two books a page, the page from `?page=` (1 when absent); `page: 0` is refused.
    static func books(_ titles: [String]) -> NamedRecipe {
        NamedRecipe(WrittenForm(keyword: "libraryPage") { ["books": .array(titles.map(JSONValue.string))] }) { matched in
            let page = Int(matched.request.queryValue("page") ?? "1") ?? 0
            guard page >= 1 else { return .json(#"{"error":"page starts at 1"}"#, status: 400) }
            let shown = titles.dropFirst((page - 1) * 2).prefix(2).map { "\"\($0)\"" }
            return .json(#"{"page":\#(page),"total":\#(titles.count),"books":[\#(shown.joined(separator: ","))]}"#)
        }
    }

    /// `X-Library-Token: token`, or 403 with the library's own body.
    static func token(_ token: String) -> AuthRule {
        let refused = StubResponse.json(#"{"error":"the library needs a token"}"#, status: 403)
        return AuthRule("X-Library-Token", form: WrittenForm(keyword: "libraryToken") { .string(token) }) { request in
            request.headers["X-Library-Token"] == token ? nil : AuthRule.Refusal("no library token", response: refused)
        }
    }

    static let titles = ["Dune", "Emma", "Ulysses", "Walden", "Beloved"]

    static var stubs: [Stub] {
        [Get("/books").respond(.named(books(titles))).guarded(by: token("t0k3n"))]
    }
}

@Suite struct SecondFakeTests {
    @Test func aPagedTokenGuardedFakeServesThroughTheEngineAsMarvelDoes() async throws {
        let server = try StubServer.start(.stubs(LibraryFake.stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let token = ["X-Library-Token": "t0k3n"]

        let first = try await client.get(server.url("/books"), headers: token)
        #expect(first.status == 200)
        #expect(first.text == #"{"page":1,"total":5,"books":["Dune","Emma"]}"#)
        let last = try await client.get(server.url("/books?page=3"), headers: token)
        #expect(last.text == #"{"page":3,"total":5,"books":["Beloved"]}"#)
        let refused = try await client.get(server.url("/books?page=2"))
        #expect(refused.status == 403)
        #expect(refused.text.contains("the library needs a token"))
        #expect(server.journal.entries.map(\.status) == [200, 200, 403])
    }

    /// What a spec document (the form a remote server is sent) says of it.
    @Test func itsRecipeAndGuardAreWrittenUnderTheirOwnKeywords() throws {
        let text = try SpecWriter.document(LibraryFake.stubs)
        #expect(text.contains(#""libraryPage": {"#), "\(text)")
        #expect(text.contains(#""libraryToken": "t0k3n""#), "\(text)")
        #expect(text.contains(#""Ulysses""#), "\(text)")
    }

    @Test func aThrowingRecipeIsAnsweredWith500NamingTheStub() async throws {
        struct Closed: Error {}
        let broken = NamedRecipe(WrittenForm(keyword: "closed") { .null }) { _ in throw Closed() }
        let server = try StubServer.start([Get("/closed").respond(.named(broken))])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(server.url("/closed"))
        #expect(reply.status == 500)
        #expect(reply.text.contains("Closed"))
        #expect(server.takeIssues().count == 1, "the error is an issue for the test, as a closure's is")
    }
}
