import Foundation
@testable import PactFormat
import StubKit
import Testing

/// The ledger parallel tests record into: the file put together from each
/// interaction's text, written once, reads as the whole pact written at
/// once; records from many tasks at a time all end up in the file.
@Suite struct PactLedgerTests {
    static let pact = """
        {"consumer": {"name": "App"}, "provider": {"name": "Api"},
         "interactions": [
           {"description": "a search", "providerState": "some items",
            "request": {"method": "GET", "path": "/items", "query": "q=ham",
                        "matchingRules": {"$.query.q": {"match": "regex", "regex": "[a-z]+"}}},
            "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                         "body": [{"id": 1, "note": "two\\nlines"}], "matchingRules": {"$.body": {"min": 1, "match": "type"}}}},
           {"description": "a miss", "request": {"method": "GET", "path": "/items/9"}, "response": {"status": 404}}],
         "metadata": {"pactSpecification": {"version": "2.0.0"}}}
        """

    @Test(arguments: [PactVersion.v2, .v3, .v4])
    func theFilePutTogetherReadsAsTheWholeWrittenAtOnce(_ version: PactVersion) throws {
        let interactions = try PactFile.read(Data(Self.pact.utf8), file: "pact.json").interactions
        let tricky = "\u{0}interactions\u{0}"
        for chosen in [interactions, []] {
            let whole = WrittenJSON.object([
                ("consumer", .object([("name", .string(tricky))])),
                ("provider", .object([("name", .string("Api"))])),
                ("interactions", .array(chosen.map { PactWriter.interaction($0, version) })),
                ("metadata", .object([
                    ("pactSpecification", .object([("version", .string(version == .v4 ? "4.0" : version == .v3 ? "3.0.0" : "2.0.0"))])),
                    ("understudy", .object([("version", .string("0.2"))])),
                ])),
            ]).text
            #expect(PactWriter.text(consumer: tricky, provider: "Api", interactions: chosen, version: version) == whole,
                    "a consumer named like the placeholder keeps its name")
        }
    }

    @Test func recordsFromManyTasksAllEndUpInTheFile() async throws {
        let template = try #require(try PactFile.read(Data(Self.pact.utf8), file: "pact.json").interactions.first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = PactRecording(consumer: "App", provider: "Api", directory: directory)
        let ledger = PactLedger()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    var interaction = template
                    interaction.description = "call \(index)"
                    let conflicts = try ledger.record([interaction], for: recording)
                    #expect(conflicts.isEmpty)
                }
            }
            try await group.waitForAll()
        }
        let written = try PactFile.load(recording.file).interactions.map(\.description)
        #expect(Set(written) == Set((0..<40).map { "call \($0)" }), "the newest merge is the file on disk")
        var clash = template
        clash.description = "call 3"
        clash.response.status = 500
        #expect(try ledger.record([clash], for: recording).map(\.interaction) == ["call 3"], "a different call 3 clashes and is not written")
    }
}
