import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelFake
import MarvelModels
import OpenAPIStubs
import StubTesting
import Testing
import UnderstudyTestSupport

/// The Marvel contract suite with `specs/marvel.openapi.yaml` as the fake's
/// contract: every request the typed client sends and every answer the fake
/// gives keep the document, and the mistakes break it exactly where expected.
@Suite(.offPool) struct MarvelOpenAPITrafficTests {
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

    /// A JSONP answer (`callback`) keeps the document: it declares
    /// `application/javascript` beside JSON.
    @Test func jsonpAnswersKeepTheDocument() async throws {
        try await withStubServer(.starting { try Self.fake() }) { server in
            let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
            let comic = MarvelCatalog.standard.comics[0].id
            for target in ["/v1/public/comics?limit=1&callback=show&\(signed)", "/v1/public/comics/\(comic)?callback=show&\(signed)"] {
                let (data, response) = try await URLSession.shared.data(from: server.url(target))
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/javascript; charset=utf-8")
                #expect(String(decoding: data, as: UTF8.self).hasPrefix("show("))
            }
        }
    }

    /// Another verb breaks the document on the request side only: the 405
    /// answer, with its `Allow`, is one the document declares.
    @Test func theAnswerToAnotherVerbKeepsTheDocument() async throws {
        try await withStubServer(.starting { try Self.fake() }, allowsContractViolations: true) { server in
            var post = URLRequest(url: server.url("/v1/public/comics"))
            post.httpMethod = "POST"
            let (_, response) = try await URLSession.shared.data(for: post)
            #expect((response as? HTTPURLResponse)?.statusCode == 405)
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Allow") == "GET, HEAD")
            let broken = server.contractViolations().flatMap(\.violations)
            #expect(!broken.isEmpty && broken.allSatisfy { $0.hasPrefix("request: ") }, "\(broken)")
        }
    }
}
