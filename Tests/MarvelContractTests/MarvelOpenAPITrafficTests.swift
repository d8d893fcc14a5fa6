import Foundation
import MarvelFake
import OpenAPIStubs
import StubTesting
import Testing

/// The Marvel contract suite with `specs/marvel.openapi.yaml` as the fake's
/// contract: every request the typed client sends and every answer the fake
/// gives keep the document, and the mistakes break it exactly where expected.
@Suite struct MarvelOpenAPITrafficTests {
    static let document = try! OpenAPIDocument(data: Data(MarvelOpenAPI.document.utf8), file: "specs/marvel.openapi.yaml")

    static func fake() throws -> StubServer {
        try MarvelFake().start(configuration: StubServer.Configuration(contract: document))
    }

    @Test func everyRouteTheClientCallsKeepsTheDocument() async throws {
        // The scope fails this test for any request or response that breaks the document.
        try await withStubServer(.starting { try Self.fake() }) { server in
            let report = await Contract("Marvel routes under the document", against: server.baseURL) { url in
                MarvelRouteContractTests.routeClauses(url)
            }.run()
            #expect(report.failedCount == 0, "\(report)")
            #expect(server.journal.recordedCount == 41)
        }
    }

    @Test func theMistakesBreakTheDocumentWhereTheyShould() async throws {
        try await withStubServer(.starting { try Self.fake() }, allowsContractViolations: true) { server in
            _ = await Contract("Marvel mistakes under the document", against: server.baseURL) { url in
                MarvelErrorContractTests.mistakeClauses(url)
            }.run()
            let broken = server.contractViolations().flatMap(\.violations)
            #expect(broken.contains { $0.contains("query.limit: expected at most 100, got 101") }, "\(broken)")
            #expect(broken.contains { $0.contains("query.limit: expected at least 1, got 0") }, "\(broken)")
            #expect(broken.contains { $0.contains("query.comics: expected at most 10 items, got 11") }, "\(broken)")
            #expect(broken.allSatisfy { $0.hasPrefix("request: ") }, "every answer, errors included, keeps the document: \(broken)")
        }
    }
}
