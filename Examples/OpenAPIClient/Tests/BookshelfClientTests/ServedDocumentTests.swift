import BookshelfClient
import Foundation
import OpenAPIRuntime
import OpenAPIStubs
import StubTesting
import Testing

/// The generated client against Understudy serving the very document it was
/// generated from: examples, bodies made from schemas, `Prefer`, and the
/// refusal of a request that breaks the document, all decoded into the
/// client's typed outputs. The document is also the server's contract, so
/// any request or answer that breaks it fails the test.
@Suite struct ServedDocumentTests {
    static let setup = ServerSetup.stubs(Bookshelf.document.stubs(), configuration: StubServer.Configuration(contract: Bookshelf.document))

    @Test func theFirstExampleIsDecodedIntoTypedBooks() async throws {
        try await withStubServer(Self.setup) { server in
            let books = try await Client.bookshelf(at: Bookshelf.serverURL(server)).listBooks(query: .init(limit: 10)).ok.body.json
            #expect(books.map(\.value1.title) == ["Piranesi", "The Dispossessed"])
            #expect(books.first?.value1.genre == .fantasy && books.first?.value2.id == 2)
            let empty = try await Client.bookshelf(at: Bookshelf.serverURL(server), middlewares: [Prefer("example=empty")]).listBooks().ok.body.json
            #expect(empty.isEmpty)
            server.expectReceived(Get("/api/v2/books").query("limit", "10"), .once)
        }
    }

    @Test func anOperationWithoutExamplesGetsABodyMadeFromItsSchema() async throws {
        try await withStubServer(Self.setup) { server in
            let book = try await Client.bookshelf(at: Bookshelf.serverURL(server)).getBook(path: .init(bookId: 7)).ok.body.json
            #expect(book.value2.id >= 1 && !book.value1.title.isEmpty && !book.value1.author.isEmpty)
            let missing = try await Client.bookshelf(at: Bookshelf.serverURL(server), middlewares: [Prefer("code=404")]).getBook(path: .init(bookId: 7))
            guard case .notFound(let notFound) = missing else { Issue.record("expected .notFound, got \(missing)"); return }
            #expect(try notFound.body.applicationProblemJson.status == 404)
            let removed = try await Client.bookshelf(at: Bookshelf.serverURL(server)).removeBook(path: .init(bookId: 7))
            #expect(removed == .noContent(.init()))
        }
    }

    @Test func aRequestThatBreaksTheDocumentIsRefusedWithATypedProblem() async throws {
        try await withStubServer(Self.setup, allowsContractViolations: true) { server in
            let answer = try await Client.bookshelf(at: Bookshelf.serverURL(server))
                .addBook(body: .json(.init(title: "", author: "Ann Leckie", genre: .scifi, tags: ["ships", "ships"])))
            guard case .unprocessableContent(let refused) = answer else { Issue.record("expected 422, got \(answer)"); return }
            let problem = try refused.body.applicationProblemJson
            #expect(problem.status == 422 && problem.detail?.contains("2 violations of POST /books (addBook)") == true, "\(problem)")
            let broken = server.contractViolations().flatMap(\.violations)
            #expect(broken.contains { $0.contains("body/title") } && broken.contains { $0.contains("body/tags") }, "\(broken)")
        }
    }

    @Test func aServerURLWithoutTheBasePathReachesNoOperation() async throws {
        try await withStubServer(Self.setup, allowsUnmatched: true, allowsContractViolations: true) { server in
            let answer = try await Client.bookshelf(at: server.baseURL).listBooks()
            guard case .undocumented(let status, _) = answer else { Issue.record("expected an undocumented 404, got \(answer)"); return }
            #expect(status == 404)
            #expect(server.journal.entries.first?.request.path == "/books", "the transport appends /books to whatever base it is given")
        }
    }

    @Test func aServerURLWithATrailingSlashDoublesIt() async throws {
        try await withStubServer(Self.setup, allowsUnmatched: true, allowsContractViolations: true) { server in
            let slashed = URL(string: Bookshelf.serverURL(server).absoluteString + "/")!
            _ = try? await Client.bookshelf(at: slashed).listBooks()
            #expect(server.journal.entries.first?.request.path == "/api/v2//books")
        }
    }
}
