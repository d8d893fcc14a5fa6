import Foundation
@testable import OpenAPIStubs
import StubKit
import Testing
import UnderstudyTestSupport

/// Bodies made from schemas when a document gives no example: every one
/// validates against its schema, seed 0 gives the plain value, and other
/// seeds vary what the schema leaves open.
@Suite(.offPool) struct MadeBodyTests {
    static let documents = ["fixtures/openapi/pets.yaml", "specs/marvel.openapi.yaml"]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every response schema of `document`, by pointer, each once.
    static func responseSchemas(_ document: OpenAPIDocument) -> [String] {
        var seen: Set<String> = []
        return document.operations.flatMap { $0.responses.flatMap { $0.media.compactMap(\.schemaPointer) } }.filter { seen.insert($0).inserted }
    }

    @Test(arguments: documents)
    func everyMadeBodyValidatesForEverySeed(_ path: String) throws {
        let document = try OpenAPIDocument(data: Data(contentsOf: Self.repository.appendingPathComponent(path)), file: path)
        let validator = SchemaValidator(document.source)
        let pointers = Self.responseSchemas(document)
        #expect(pointers.count >= 5)
        var made = 0
        for seed in UInt64(0)...6 {
            for pointer in pointers {
                let schema = try #require(document.source.resolve(pointer))
                var maker = SchemaExample(source: document.source, direction: .response, seed: seed)
                guard let value = maker.value(for: schema) else { continue }
                made += 1
                let violations = try validator.violations(of: value, againstSchemaAt: pointer, direction: .response)
                #expect(violations.isEmpty, "seed \(seed), \(pointer): \(value)\n\(violations.map(\.description).joined(separator: "\n"))")
            }
        }
        #expect(made >= pointers.count * 6, "a body is made for nearly every schema")
    }

    @Test func seedZeroIsPlainAndOtherSeedsVary() throws {
        let text = """
            openapi: 3.1.0
            info: {title: made, version: "1"}
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  required: [id, kind, born, tags]
                  properties:
                    id: {type: integer, minimum: 1, maximum: 1000000}
                    kind: {enum: [cat, dog, bird, fish]}
                    born: {type: string, format: date}
                    tag: {type: string, format: uuid}
                    tags: {type: array, items: {type: string, maxLength: 12}, uniqueItems: true, minItems: 2, maxItems: 6}
                    size: {type: number, example: 3.5}
            """
        let source = try OpenAPISource(data: Data(text.utf8), file: "made.yaml")
        let schema = try #require(source.resolve("#/components/schemas/Pet"))
        func made(_ seed: UInt64) -> JSONValue? {
            var maker = SchemaExample(source: source, direction: .response, seed: seed)
            return maker.value(for: schema)
        }
        let plain = try #require(made(0))
        guard case .object(let members) = plain else { Issue.record("not an object: \(plain)"); return }
        #expect(members["id"] == .number(1) && members["kind"] == .string("cat") && members["born"] == .string("2024-01-01"))
        #expect(members["size"] == .number(3.5), "seed 0 keeps the schema's example")
        #expect(made(0) == plain, "the same seed makes the same body")
        #expect(made(7) == made(7))
        let varied = Set((1...12).compactMap { made($0)?.description })
        #expect(varied.count == 12, "twelve seeds, twelve different bodies: \(varied)")
        for seed in UInt64(1)...12 {
            let violations = SchemaValidator(source).violations(of: made(seed) ?? .null, against: schema,
                                                                 schemaPointer: "#/components/schemas/Pet", direction: .response)
            #expect(violations.isEmpty, "seed \(seed): \(violations)")
        }
    }
}
