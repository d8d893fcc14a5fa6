import Foundation
import MarvelFake
import Testing

/// `specs/marvel.openapi.yaml` is what `MarvelOpenAPI.document` writes from
/// the fake's own tables; this keeps the committed file from drifting.
/// `UNDERSTUDY_WRITE_SPECS=1 swift test --filter MarvelOpenAPIDocumentTests` rewrites it.
@Suite struct MarvelOpenAPIDocumentTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/marvel.openapi.yaml")

    @Test func theCommittedDocumentIsTheGeneratedOne() throws {
        let generated = MarvelOpenAPI.document
        if ProcessInfo.processInfo.environment["UNDERSTUDY_WRITE_SPECS"] == "1" {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == generated, "specs/marvel.openapi.yaml differs from MarvelOpenAPI.document; regenerate it with UNDERSTUDY_WRITE_SPECS=1")
        #expect(generated.components(separatedBy: "\n    get:\n").count - 1 == 39, "the 39 routes")
    }
}
