import Foundation
import OpenAPIKit
import OpenAPIKit30
@testable import OpenAPIStubs
import StubKit
import Testing
import Yams
import UnderstudyTestSupport

/// The structure check's YAML decoder (a `Decoder` over the parsed node
/// tree with each mapping's keys indexed) decodes every document as Yams'
/// own decoder does, scalars included, and places an error by the same
/// coding path.
@Suite(.offPool) struct NodeDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var documents: [URL] {
        let folders = ["fixtures/openapi", "specs", "docs/examples"].map { root.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "yaml" && OpenAPIDocument.looksLikeOpenAPI((try? Data(contentsOf: $0)) ?? Data()) }
        }.sorted { $0.path < $1.path }
    }

    /// Each document as the structure check reads it (the node tree
    /// `OpenAPISource` parsed), against Yams' decoder reading the text, as
    /// the check did before.
    @Test func everyDocumentOfOursDecodesAsYamsDecodesIt() throws {
        let documents = Self.documents
        #expect(documents.count >= 4, "\(documents)")
        for url in documents {
            let data = try Data(contentsOf: url)
            let source = try OpenAPISource(data: data, file: url.lastPathComponent)
            switch source.dialect {
            case .openAPI30:
                let ours = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root)
                #expect(ours == (try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data)), "\(url.lastPathComponent)")
            case .openAPI31:
                let ours = try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: source.root)
                #expect(ours == (try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)), "\(url.lastPathComponent)")
            }
        }
    }

    static let tricky = """
        openapi: 3.0.3
        info: { title: Tricky, version: 1.0, x-number: 7, x-list: [1, two, 3.5, null, true] }
        x-base: &base { description: shared, content: { application/json: { schema: { type: number, minimum: 1.5, default: 2, x-note: "08" } } } }
        paths:
          /a:
            get:
              responses:
                "200":
                  <<: *base
                  description: ok
                default: { description: "~" }
        """

    @Test func scalarsMergeKeysAndExtensionsReadTheSame() throws {
        let data = Data(Self.tricky.utf8)
        let source = try OpenAPISource(data: data, file: "tricky.yaml")
        let ours = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root)
        #expect(ours == (try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data)))
        #expect(ours.info.version == "1.0", "a version written as a number stays the string it was written as")
    }

    @Test func aStructureErrorHasTheSameCodingPath() throws {
        let data = Data(Self.tricky.replacingOccurrences(of: "description: ok", with: "description: [not, text]").utf8)
        let source = try OpenAPISource(data: data, file: "broken.yaml")
        let ours = #expect(throws: (any Error).self) { try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root) }
        let yams = #expect(throws: (any Error).self) { try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data) }
        let path = { (error: (any Error)?) in error.map { OpenAPIKit30.OpenAPI.Error(from: $0).codingPathString } }
        #expect(path(ours) == path(yams))
        #expect(path(ours)?.isEmpty == false)
    }

    /// The check reads no extension's value (`errorsOnly`), yet refuses
    /// what a full read refuses: a key without `x-` where OpenAPI has no such
    /// field, with the same coding path, in YAML and in JSON.
    @Test func readingExtensionKeysOnlyRefusesWhatAFullReadRefuses() throws {
        for url in Self.documents {
            let source = try OpenAPISource(data: try Data(contentsOf: url), file: url.lastPathComponent)
            if source.dialect == .openAPI30 {
                _ = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root, errorsOnly: true)
            } else {
                _ = try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: source.root, errorsOnly: true)
            }
        }
        let typo = Self.tricky.replacingOccurrences(of: "default: { description: \"~\" }", with: "default: { description: \"~\", sumary: typo }")
        let source = try OpenAPISource(data: Data(typo.utf8), file: "typo.yaml")
        let shallow = #expect(throws: (any Error).self) {
            try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root, errorsOnly: true)
        }
        let full = #expect(throws: (any Error).self) { try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root) }
        let described = { (error: (any Error)?) in error.map { OpenAPIKit30.OpenAPI.Error(from: $0).localizedDescription } }
        #expect(described(shallow) == described(full))
        #expect(described(shallow)?.contains("sumary") == true, "\(String(describing: described(shallow)))")

        let json = #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": {"sumary": "typo", "responses": {}}}}}"#
        let refused = #expect(throws: StubValidationError.self) { try OpenAPIDocument.read(Data(json.utf8), file: "typo.json") }
        #expect(refused?.problems.first.map { "\($0)" }?.contains("sumary") == true, "\(String(describing: refused))")
    }

    /// A document with `count` paths (each with one operation) and as many
    /// schemas; the paths named in `broken` carry a response whose
    /// description is a list, which OpenAPI refuses.
    static func manyPaths(_ count: Int, broken: Set<Int> = []) -> String {
        var text = "openapi: 3.1.0\ninfo: {title: Many, version: 1.0}\npaths:\n"
        for index in 0..<count {
            let description = broken.contains(index) ? "[not, text]" : "ok"
            text += "  /items\(index):\n    get:\n      responses:\n        '200': {description: \(description), "
            text += "content: {application/json: {schema: {$ref: '#/components/schemas/Item\(index)'}}}}\n"
        }
        text += "components:\n  schemas:\n"
        for index in 0..<count { text += "    Item\(index): {type: object, properties: {id: {type: integer}}, example: {id: \(index)}}\n" }
        return text
    }

    /// Large maps are decoded in parts on every core when only the error
    /// counts: the same document decodes, and the error is the one a whole
    /// decode gives (the document's first), placed by the same coding path.
    @Test func aLargeMapDecodedInPartsRefusesWhatAWholeDecodeRefuses() throws {
        let whole = try OpenAPISource(data: Data(Self.manyPaths(300).utf8), file: "many.yaml")
        _ = try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: whole.root, errorsOnly: true)
        #expect(try OpenAPIDocument.read(Data(Self.manyPaths(300).utf8), file: "many.yaml").operations.count == 300)

        let broken = Data(Self.manyPaths(300, broken: [40, 250]).utf8)
        let source = try OpenAPISource(data: broken, file: "broken.yaml")
        let inParts = #expect(throws: (any Error).self) {
            try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: source.root, errorsOnly: true)
        }
        let yams = #expect(throws: (any Error).self) { try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: broken) }
        let path = { (error: (any Error)?) in error.map { OpenAPIKit.OpenAPI.Error(from: $0).codingPathString } }
        #expect(path(inParts) == path(yams))
        #expect(path(inParts)?.contains("items40") == true, "\(String(describing: path(inParts)))")
    }
}
