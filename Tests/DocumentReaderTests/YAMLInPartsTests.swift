import DocumentReader
import Foundation
import Testing
import Yams

/// A YAML document read in parts, on every core, gives the tree one pass
/// gives, marks and styles included; what it cannot vouch for it leaves to
/// the one pass, which then says what is wrong.
@Suite struct YAMLInPartsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Parts of one byte: every text is cut at every key it can be.
    static func inParts(_ text: String, resolver: Resolver = .default) -> Node? {
        YAMLInParts.compose(text, resolver: resolver, parts: 3, pieceBytes: 1)
    }

    @Test func everyYAMLFileReadsInPartsAsInOnePass() throws {
        let folders = ["fixtures", "specs", "docs", "fuzz/corpus", "../shared/data", "../shared/reference"].map { Self.root.appendingPathComponent($0) }
        let files = folders.flatMap { folder in
            let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (walk?.allObjects as? [URL] ?? []).filter { ["yaml", "yml"].contains($0.pathExtension) }
        }.sorted { $0.path < $1.path }
        #expect(files.count >= 20, "found \(files.count) YAML files")
        var cut = 0
        for url in files {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for resolver in [Resolver.default, .basic] {
                let whole = try? Yams.compose(yaml: text, resolver)
                guard let parts = Self.inParts(text, resolver: resolver) else { continue } // a list at the root is read in one pass
                let one = try #require(whole, "\(url.path) reads in parts but not in one pass")
                #expect(parts.difference(from: one) == nil, "\(url.path): \(parts.difference(from: one) ?? "")")
                cut += 1
            }
        }
        #expect(cut >= files.count * 2 / 3, "read \(cut) of \(files.count * 2) in parts")
    }

    /// Texts whose every cut is tried: each reads in parts as in one pass, or not in parts at all.
    static let tricky: [String] = [
        // A double-quoted scalar over lines, one of them shaped like a key.
        "a:\n  b: \"one\n  c: two\"\n  d: 3\n  e: 4\n  f: 5\n",
        // A flow collection over lines.
        "a:\n  b: [1,\n  2]\n  c: {x: 1,\n  y: 2}\n  d: 4\n",
        // A block scalar whose text looks like keys.
        "a:\n  b: |\n    c: 1\n    d: 2\n  e: >-\n    f: 3\n\n    g: 4\n  h: 5\n",
        // A plain scalar over lines.
        "a:\n  b: one\n    two\n  c: three\n   four\n  d: 5\n",
        // A sequence at its key's indentation, and one indented.
        "a:\n  b:\n  - 1\n  - 2\n  c:\n    - 3\n  d: 4\n  e: 5\n",
        // Comments at every indentation, blank lines, trailing spaces.
        "# lead\na:   \n\n  # one\n  b: 1   \n# two\n  c: 2\n\n\n  d: 3 # three\n  e: 4\n",
        // Windows line ends.
        "a:\r\n  b: 1\r\n  c: 2\r\n  d:\r\n    e: 3\r\n    f: 4\r\n  g: 5\r\n",
        // The document's opening marker, quoted keys, numbers as keys.
        "---\n\"a\":\n  '200': x\n  \"404\": y\n  500: z\n  b: w\nc: 1\n",
        // An anchor in one part and its alias in another.
        "a:\n  b: &x {k: v}\n  c: 1\n  d: 2\n  e: *x\n  f: 3\n",
        // A key repeated across parts.
        "a:\n  b: 1\n  c: 2\n  d: 3\n  b: 4\n",
        // A tag, an anchor, a comment after a key that holds a mapping.
        "a: !!map\n  b: 1\n  c: 2\nd: &y\n  e: 1\n  f: 2\ng: # note\n  h: 1\n  i: 2\n",
        // A key whose line ends in a tag or an anchor that ends with a colon (found by the fuzz target).
        "a: !!t:\n  b: 1\n  c: 2\nd: &x:\n  e: 1\n  f: 2\n",
        // What comes before the first key, when that key's value is cut: a BOM, a NUL, the opening marker.
        "\u{FEFF}a:\n  b: 1\n  c: 2\n",
        "\u{0}\u{0}---\na:\n  b: 1\n  c: 2\n",
        "# lead\n---\n\na:\n  b: 1\n  c: 2\n",
        // Complex keys, and an entry that is not a key at all.
        "a:\n  ? b\n  : 1\n  c: 2\n  d 3\n  e: 4\n",
        // Indentation that steps back inside a mapping.
        "a:\n    b: 1\n    c: 2\n  d: 3\n    e: 4\n",
        // A tab after the indentation, wide characters, a lone CR.
        "a:\n  b: 1\n  \tc: 2\n  é: ü\n  日本: 語\n",
        "a:\n  b: 1\r  c: 2\n  d: 3\n",
        // Directives and a second document.
        "%YAML 1.1\n---\na:\n  b: 1\n  c: 2\n",
        "a:\n  b: 1\n  c: 2\n---\nd:\n  e: 1\n",
        "a:\n  b: 1\n  c: 2\n...\n",
        // A root that is not a block mapping.
        "- a: 1\n  b: 2\n- c: 3\n",
        "{a: 1,\n b: 2}\n",
    ]

    @Test(arguments: tricky) func aCutReadsAsOnePassOrNotAtAll(_ text: String) throws {
        for resolver in [Resolver.default, .basic] {
            guard let parts = Self.inParts(text, resolver: resolver) else { continue }
            let whole = try #require(try? Yams.compose(yaml: text, resolver), "reads in parts, not in one pass: \(text.debugDescription)")
            #expect(parts.difference(from: whole) == nil, "\(text.debugDescription): \(parts.difference(from: whole) ?? "")")
        }
    }

    /// What the `yaml-parts` fuzz target found, read as it reads bytes.
    @Test func theFuzzTargetsFindingsReadAsOnePassOrNotAtAll() throws {
        let folder = Self.root.appendingPathComponent("fuzz/regressions/yaml-parts")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for url in files {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            try aCutReadsAsOnePassOrNotAtAll(text)
        }
    }

    @Test func whatMustBeCutIsCutAndWhatCannotBeIsNot() throws {
        let cut = [2, 3, 4, 5, 6, 7, 10, 14].map { Self.tricky[$0] }
        for text in cut { #expect(Self.inParts(text) != nil, "not cut: \(text.debugDescription)") }
        let refused = [0, 1, 8, 9, 12, 13, 18, 19, 20, 21, 22, 23].map { Self.tricky[$0] }
        for text in refused { #expect(Self.inParts(text) == nil, "cut: \(text.debugDescription)") }
    }

    @Test func aLargeDocumentIsCutAtEveryLevelAndReadsTheSame() throws {
        var text = "openapi: 3.1.0\ninfo:\n  title: Large\n  version: 1.0\npaths:\n"
        for index in 0..<400 {
            text += "  /resources\(index):\n    get:\n      operationId: list\(index)\n      responses:\n"
            text += "        '200':\n          description: |\n            a page\n            of: items\n"
        }
        text += "components:\n  schemas:\n"
        for index in 0..<400 {
            text += "    Item\(index):\n      type: object\n      required: [id]\n      properties:\n        id: {type: integer}\n"
        }
        let parts = try #require(YAMLInParts.compose(text, parts: 2, pieceBytes: 4096))
        let whole = try #require(try Yams.compose(yaml: text))
        #expect(parts.difference(from: whole) == nil)
        #expect(parts["paths"]?["/resources399"]?["get"]?["operationId"]?.string == "list399")
        #expect(parts["components"]?["schemas"]?.mapping?.count == 400)
        #expect(YAMLInParts.compose(text, parts: 1) == nil, "one core: one pass")
        #expect(YAMLInParts.compose("a: 1\n", parts: 2) == nil, "a small text: one pass")
    }
}
