import BookshelfClient
import Foundation
import OpenAPIStubs
import StubTesting
import Testing

/// Hand-written DSL stubs for the generated client, checked against the
/// document before they serve: a stub that drifts from the document is named
/// at its line, before the client ever decodes it.
@Suite struct DSLStubTests {
    static func stubs() -> [Stub] {
        Stubs {
            Group("/api/v2") {
                Get("/books").query("genre", "poetry").respond(.json("""
                    [{"id": 9, "title": "Ariel", "author": "Sylvia Plath", "genre": "poetry", "tags": ["bees"]}]
                    """))
                Get("/books/{id:int}").respond(.json("""
                    {"id": 9, "title": "Ariel", "author": "Sylvia Plath", "genre": "poetry", "published": "1965-03-01"}
                    """))
                Post("/books").body(.jsonSubset(#"{"genre": "poetry"}"#)).respond(.json("""
                    {"id": 10, "title": "Crossing the Water", "author": "Sylvia Plath", "genre": "poetry"}
                    """, status: 201))
            }
        }
    }

    @Test func theStubsKeepTheDocument() {
        let report = Self.stubs().validate(against: Bookshelf.document)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.checked == 3)
        expectStubs(Self.stubs(), conformTo: Bookshelf.document)
    }

    @Test(.stubServer(configuration: StubServer.Configuration(contract: Bookshelf.document)) { DSLStubTests.stubs() })
    func theClientDecodesWhatTheStubsServe() async throws {
        let server = try #require(StubServer.current)
        let client = Client.bookshelf(at: Bookshelf.serverURL(server))
        let poems = try await client.listBooks(query: .init(genre: .poetry)).ok.body.json
        #expect(poems.map(\.value1.title) == ["Ariel"])
        let ariel = try await client.getBook(path: .init(bookId: 9)).ok.body.json
        #expect(ariel.value1.published == "1965-03-01")
        let added = try await client.addBook(body: .json(.init(title: "Crossing the Water", author: "Sylvia Plath", genre: .poetry))).created.body.json
        #expect(added.value2.id == 10)
        server.expectReceived(Post("/api/v2/books"), .once)
    }

    @Test func aDriftedStubIsNamedAtItsLineWithTheRuleItBreaks() async throws {
        let drifted = Stubs {
            Get("/api/v2/books/{id:int}").respond(.json(#"{"id": 9, "title": "Ariel", "author": "Sylvia Plath", "genre": "horror"}"#))
        }
        let problems = drifted.validate(against: Bookshelf.document).problems
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.stub.line == #line - 5 && problem.stub.fileID.hasSuffix("DSLStubTests.swift"))
        #expect(problem.message.contains("body/genre") && problem.message.contains("horror"), "\(problem.message)")
        #expect(problem.rule?.fileID.hasSuffix("openapi.yaml") == true && problem.rule?.pointer?.contains("Genre") == true, "\(problem)")

        // The generated client would have failed on it at run time, far from the stub.
        try await withStubServer(.stubs(drifted)) { server in
            _ = await #expect(throws: (any Error).self) {
                _ = try await Client.bookshelf(at: Bookshelf.serverURL(server)).getBook(path: .init(bookId: 9))
            }
        }
    }
}
