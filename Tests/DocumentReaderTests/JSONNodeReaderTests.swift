import DocumentReader
import Foundation
import StubKit
import Testing
import Yams

/// A JSON document is read straight into the node tree libyaml would make
/// of it: the same tree, marks and styles included, for every JSON file we
/// and the shared data keep; what is not strict JSON is left to Yams.
@Suite struct JSONNodeReaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var jsonFiles: [URL] {
        let folders = ["fixtures", "specs", "docs/examples", "fuzz/corpus", "../shared/data"].map { root.appendingPathComponent($0) }
        return folders.flatMap { folder in
            let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "json" }
        }.sorted { $0.path < $1.path }
    }

    @Test func everyJSONFileReadsAsYamsReadsIt() throws {
        let files = Self.jsonFiles
        #expect(files.count >= 100, "found \(files.count) JSON files")
        var read = 0
        for url in files {
            guard let text = try? String(contentsOf: url, encoding: .utf8), let yams = try? Yams.compose(yaml: text) else { continue }
            guard let ours = JSONNodeReader.compose(text) else { continue }
            read += 1
            #expect(ours.difference(from: yams) == nil, "\(url.path)")
        }
        #expect(read >= files.count * 3 / 4, "read \(read) of \(files.count) JSON files itself")
    }

    static let tricky: [String] = [
        #"{"a": [1, -0, -0.5e3, 1E+2, 2.5e-3, true, false, null], "b": {}, "c": []}"#,
        "{\r\n  \"crlf\": \"line\",\r  \"cr\": 1,\n\t\"tab\": [\n  ]\n}",
        #"{"é": "ü", "x": "naïve \u00e9 \n\t\"\\\/ \u0041", "y": "日本語", "z": {"deep": [[[]]]}}"#,
        #"[{"version": 1.0}, "1.0", 3]"#,
    ]

    @Test(arguments: tricky) func escapesNumbersLineEndsAndWideCharactersReadTheSame(_ text: String) throws {
        let ours = try #require(JSONNodeReader.compose(text))
        let yams = try #require(try Yams.compose(yaml: text))
        #expect(ours.difference(from: yams) == nil)
    }

    @Test func marksCountLinesAndUnicodeScalars() throws {
        let text = "{\n  \"é\": \"日本\", \"k\": 5\n}"
        let node = try #require(JSONNodeReader.compose(text))
        let pairs = try #require(node.mapping).map { $0 }
        #expect((pairs[0].key.mark?.line, pairs[0].key.mark?.column) == (2, 3))
        #expect((pairs[1].key.mark?.line, pairs[1].key.mark?.column) == (2, 14), "columns count scalars, not bytes")
        #expect((pairs[1].value.mark?.line, pairs[1].value.mark?.column) == (2, 19))
        #expect(node.difference(from: try #require(try Yams.compose(yaml: text))) == nil)
    }

    @Test func anEscapedSurrogatePairIsOneCharacter() throws {
        let node = try #require(JSONNodeReader.compose(#"{"smile": "\ud83d\ude00"}"#))
        #expect(node["smile"]?.string == "😀")
    }

    /// Not strict JSON, or JSON libyaml refuses: Yams reads it (or refuses it) as before.
    static let notStrictJSON: [String] = [
        #"{"a": 1,}"#, #"{"a": 1, "a": 2}"#, #"{'a': 1}"#, #"{a: 1}"#, #"{"a": 01}"#, #"{"a": 1.}"#, #"{"a": .5}"#,
        "{\"a\": \"tab\there\"}", #"{"a": "\ud800"}"#, #"{"a": "\x41"}"#, "5", "\"text\"", "", "\u{FEFF}{\"a\": 1}",
        "{\"a\": 1} # comment", "{\"a\": 1} {}", "[1 2]", "{\"a\" 1}", "[tru]", "{\"a\": -}",
        // JSON, but with characters libyaml refuses (found by the json-nodes fuzz target)
        "{\"a\": \"x\u{7F}y\"}", "{\"a\": \"\u{80}\"}", "{\"a\": \"\u{9F}\"}", "{\"a\": \"\u{FFFE}\"}", "[\"\\n\u{7F}\"]",
        // JSON, but YAML wants a key's `:` on its line, within 1,024 characters
        "[\r\n  {\"k\"\n: \"v\"}]", "{\"" + String(repeating: "k", count: 1030) + "\": 1}",
        // JSON, but YAML reads a tab outside the brackets as starting a token
        "\r\r\t\t[]", "[]\n\t",
        // JSON, but YAML reads these as line breaks: NEL, U+2028, U+2029
        "{\"a\": \"x\u{85}y\"}", "[\"x\u{2028}y\"]", "[\"\\t\u{2029}\"]",
    ]

    @Test(arguments: notStrictJSON) func whatIsNotStrictJSONIsLeftToYams(_ text: String) {
        #expect(JSONNodeReader.compose(text) == nil)
    }

    @Test func nestingOver512DeepIsLeftToYams() {
        #expect(JSONNodeReader.compose(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)) != nil)
        #expect(JSONNodeReader.compose(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == nil)
    }

    /// Read without typing plain scalars, a plain key and a quoted one with
    /// the same text are one key, as in JSON; typed, `1` is an integer key
    /// and `"1"` a string key.
    @Test func untypedPlainScalarsMakeOnlyTextKeys() throws {
        let text = "1: one\n\"1\": also one\n"
        #expect(try DocumentText.compose(text, name: "k.yaml")?.mapping?.count == 2)
        let refused = #expect(throws: StubValidationError.self) { try DocumentText.compose(text, name: "k.yaml", typingPlainScalars: false) }
        #expect(refused?.problems.first?.message.contains("duplicate key") == true)
        let json = try #require(try DocumentText.compose(#"{"n": 1}"#, name: "n.json", typingPlainScalars: false))
        #expect(json["n"]?.int == 1, "a constructor still reads the number")
    }

    @Test func aRepeatedKeyIsStillReportedWhereYamsReportsIt() {
        let refused = #expect(throws: StubValidationError.self) { try DocumentText.compose("{\n\"a\": 1,\n\"a\": 2}", name: "r.json") }
        #expect(refused?.problems.first?.message.contains("duplicate key") == true, "\(String(describing: refused))")
    }
}
