import Foundation
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

private let includeOptional = true

/// The trait's plain trailing-closure form takes any number of stubs, with
/// `if`, `for` and options, and every stub keeps the line it was written on.
@Suite struct TraitFormsTests {
    @Test(.stubServer {
        Get("/a").respond(.text("a"))
        Get("/b").respond(.text("b"))
    })
    func twoStubsOnAdjacentLinesEachKeepTheirOwnLine() async throws {
        let server = try #require(StubServer.current)
        let body = #line - 5 // the line of Get("/a")
        #expect(server.stubs.map(\.location.line) == [body, body + 1])
        #expect(server.stubs.map(\.location.column) == [9, 9])
        #expect(server.stubs.map(\.location.fileID) == ["StubTestingTests/TraitFormsTests.swift", "StubTestingTests/TraitFormsTests.swift"])
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/a")).text == "a")
        #expect(try await client.get(server.url("/b")).text == "b")
    }

    @Test(.stubServer(allowsUnmatched: true) {
        Get("/one")
        Post("/two")
        if includeOptional { Put("/three") } else { Put("/never") }
        for n in 4...5 { Delete("/items/\(n)") }
        Group("/v1") { Get("/grouped") }
    })
    func fiveStubsWithIfForAndOptionsEachKeepTheirLine() async throws {
        let server = try #require(StubServer.current)
        let first = #line - 8 // the line of Get("/one")
        #expect(server.stubs.map(\.request.description) == ["GET /one", "POST /two", "PUT /three", "DELETE /items/4", "DELETE /items/5", "GET /v1/grouped"])
        #expect(server.stubs.map(\.location.line) == [first, first + 1, first + 2, first + 3, first + 3, first + 4])
        #expect(server.stubs.map(\.location.column) == [9, 9, 30, 26, 26, 24])
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/unknown")).status == 404)
    }

    @Test(.stubServer([Get("/x").id("x"), Get("/y")]))
    func aListKeepsItsStubsAndTheirIDs() throws {
        let server = try #require(StubServer.current)
        #expect(server.stubs.map(\.location.line) == [#line - 3, #line - 3])
        #expect(server.stubs.first?.id == "x")
        #expect(server.stubs.last?.id.rawValue.hasPrefix("StubTestingTests/TraitFormsTests.swift:\(#line - 5)#") == true)
    }

    static let prepared = try! StubSet { Get("/prepared").respond(.text("p")) }

    @Test(.stubServer(.prepared(Self.prepared)))
    func aPreparedSetIsServedAsItIs() throws {
        let server = try #require(StubServer.current)
        #expect(server.stubs.map(\.location.line) == [#line - 5])
    }

    @Test(.stubServer(.starting { try StubServer.start([Get("/custom").respond(.text("c"))]) }))
    func aServerStartedElsewhere() async throws {
        let server = try #require(StubServer.current)
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(server.url("/custom")).text == "c")
    }

    @Test func withStubServerAndContractTakeTheSameSetup() async throws {
        try await withStubServer(.stubs {
            Get("/first")
            Get("/second")
        }) { server in
            #expect(server.stubs.map(\.location.line) == [#line - 3, #line - 2])
        }
        let client = HTTPClient()
        defer { client.close() }
        let report = await Contract("two stubs", serving: .stubs {
            Get("/first").respond(.text("1"))
            Get("/second").respond(.text("2"))
        }) { server in
            Decodes("first") { try await client.get(server.url("/first")).text }
        }.run()
        #expect(report.results.allSatisfy { $0.failure == nil })
    }
}
