import Foundation
import OpenAPIStubs
import PactFormat
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// Every stub corpus the repository keeps answers alike over the socket and
/// in process (``InProcessParityTests/differences(_:_:)``): the WireMock
/// corpus, the DSL stubs of the export round trip, OpenAPI document stubs and
/// the served pacts.
@Suite struct InProcessCorpusParityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Corpus lines as requests.
    static func sent(_ lines: [String]) -> [InProcessParityTests.Sent] {
        lines.map(CorpusLine.init).map { line in
            InProcessParityTests.Sent(
                method: line.method, target: line.target,
                headers: line.headers.map { header in
                    let parts = header.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                },
                body: line.body.map { Data($0.utf8) })
        }
    }

    static func expectAlike(_ stubs: [Stub], _ requests: [InProcessParityTests.Sent], least: Int, _ corpus: String) async throws {
        let result = try await InProcessParityTests.differences(stubs, requests)
        #expect(result.found.isEmpty, "\(corpus):\n\(result.found.joined(separator: "\n"))")
        #expect(result.compared >= least, "\(corpus): \(result.compared) of \(requests.count) requests compared")
    }

    @Test func theWireMockCorpusAnswersAlike() async throws {
        let corpus = Self.root.appendingPathComponent("Tests/WireMockFormatTests/Corpus")
        let lines = try JSONDecoder().decode([String].self, from: Data(contentsOf: corpus.appendingPathComponent("core-requests.json")))
        let stubs = try WireMockMappings.load(root: corpus.appendingPathComponent("core")).stubs
        try await Self.expectAlike(stubs, Self.sent(lines), least: lines.count * 9 / 10, "WireMock corpus")
    }

    @Test func theExportRoundTripsDSLStubsAnswerAlike() async throws {
        try await Self.expectAlike(DSLCorpus.stubs, Self.sent(DSLCorpus.requests), least: DSLCorpus.requests.count - 1, "DSL corpus")
    }

    @Test func anOpenAPIDocumentsStubsAnswerAlike() async throws {
        for name in ["fixtures/openapi/pets.yaml", "specs/marvel.openapi.yaml"] {
            let document = try OpenAPIDocument.read(Data(contentsOf: Self.root.appendingPathComponent(name)), file: name)
            let requests = document.operations.map { operation in
                InProcessParityTests.Sent(method: operation.method,
                                          target: operation.path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "1", options: .regularExpression))
            }
            try await Self.expectAlike(document.stubs(seed: 7), requests, least: requests.count, name)
        }
    }

    @Test func theServedPactsAnswerAlike() async throws {
        let folder = Self.root.appendingPathComponent("fixtures/pacts/interop")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.contains("drifted") }.sorted()
        #expect(names.count >= 11)
        for name in names + ["../items-v4.json"] {
            let pact = try PactFile.read(Data(contentsOf: folder.appendingPathComponent(name)), file: name)
            let requests = pact.interactions.map { interaction in
                InProcessParityTests.Sent(method: interaction.request.method, target: interaction.request.target,
                                          headers: interaction.request.headers.map { ($0.name, $0.value) },
                                          body: interaction.request.body.data.isEmpty ? nil : interaction.request.body.data)
            }
            try await Self.expectAlike(pact.stubs(), requests, least: requests.count, name)
        }
    }
}
