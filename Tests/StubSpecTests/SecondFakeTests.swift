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

    /// Its keywords for spec files and the admin API: `libraryPage: { books: [ … ] }`
    /// and `guard: { libraryToken: TOKEN }`.
    static let plugin = StubPlugin(
        name: "Library",
        recipes: [.init("libraryPage") { input in
            guard let fields = input.members(input.value, allowed: ["books"]), case .array(let items)? = fields["books"] else {
                if input.problems.isEmpty { input.fail("libraryPage needs books: a list of titles") }
                return nil
            }
            var titles: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let title) = item else {
                    input.fail("a title is text, got \(item)", at: "/books/\(index)")
                    continue
                }
                titles.append(title)
            }
            return titles.count == items.count ? .named(books(titles)) : nil
        }],
        guards: [.init("libraryToken", testValue: "t0k3n",
                       read: { input in input.string(input.value, at: "").map(token) },
                       sign: { value, _, headers in
                           guard case .string(let token) = value else { return }
                           headers.removeAll { $0.name == "X-Library-Token" }
                           headers.append(HTTPHeaders.Field(name: "X-Library-Token", value: token))
                       },
                       carries: { _, headers in headers.contains { $0.name == "X-Library-Token" } })]
    )

    static let titles = ["Dune", "Emma", "Ulysses", "Walden", "Beloved"]

    static var stubs: [Stub] {
        [Get("/books").respond(.named(books(titles))).guarded(by: token("t0k3n"))]
    }
}

/// The library plug-in is handed to each read (`plugins:`), not registered:
/// the registry is the process's, and other suites' messages list the
/// keywords registered there.
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

    @Test func aSpecFileCarriesItsKeywordsOnceThePluginIsRegistered() async throws {
        let spec = try StubSpec.parse("""
            stubs:
              - request: { method: GET, path: /books }
                guard: { libraryToken: t0k3n }
                response: { libraryPage: { books: [Dune, Emma, Ulysses] } }
            """, name: "library.yaml", directory: URL(fileURLWithPath: "/"), plugins: [LibraryFake.plugin])
        let server = try StubServer.start(.stubs(spec.stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let second = try await client.get(server.url("/books?page=2"), headers: ["X-Library-Token": "t0k3n"])
        #expect(second.text == #"{"page":2,"total":3,"books":["Ulysses"]}"#)
        #expect(try await client.get(server.url("/books")).status == 403)
        let example = try #require(spec.entries.first?.example)
        #expect(example.credentials == .named(keyword: "libraryToken", value: "t0k3n"), "the example verify replays carries the guard's credentials")
        let signed = example.signed(with: example.credentials, plugins: [LibraryFake.plugin])
        #expect(signed.headers.contains { $0.name == "X-Library-Token" && $0.value == "t0k3n" }, "and the plug-in signs it")
        let answered = try await client.send(signed.method, server.url(signed.target),
                                             headers: Dictionary(uniqueKeysWithValues: signed.headers.map { ($0.name, $0.value) }))
        #expect(answered.status == 200)
    }

    @Test func whatIsWrongUnderAPluginKeywordIsPlacedAtItsLine() {
        do {
            _ = try StubSpec.parse("""
                stubs:
                  - request: { method: GET, path: /books }
                    response:
                      libraryPage:
                        bookz: [Dune]
                  - request: { method: GET, path: /more }
                    response:
                      libraryPage:
                        books:
                          - Dune
                          - { title: Emma }
                """, name: "library.yaml", directory: URL(fileURLWithPath: "/"), plugins: [LibraryFake.plugin])
            Issue.record("a misspelled key and a list item of the wrong kind are refused")
        } catch let error as StubValidationError {
            #expect(error.problems.map(\.description) == [
                #"library.yaml:5:16: error: stubs[0].response.libraryPage.bookz: unknown key "bookz"; did you mean "books"?"#,
                #"library.yaml:11:13: error: stubs[1].response.libraryPage.books[1]: a title is text, got {"title":"Emma"}"#,
            ])
        } catch {
            Issue.record("expected a StubValidationError, got \(error)")
        }
    }

    @Test func whatAPluginWritesReadsBackTheSame() async throws {
        let read = try StubSpec.parse(try SpecWriter.document(LibraryFake.stubs), name: "remote", directory: URL(fileURLWithPath: "/"),
                                      plugins: [LibraryFake.plugin])
        let server = try StubServer.start(.stubs(read.stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let last = try await client.get(server.url("/books?page=3"), headers: ["X-Library-Token": "t0k3n"])
        #expect(last.text == #"{"page":3,"total":5,"books":["Beloved"]}"#, "what a remote server is sent serves as declared")
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
