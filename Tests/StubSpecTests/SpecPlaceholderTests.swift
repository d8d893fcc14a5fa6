import Foundation
import MarvelStubs
import StubKit
import StubSpec
import Testing

/// `placeholders:` in a spec (what a recording writes instead of secrets),
/// and recorded specs written as YAML reading back as the same stubs.
@Suite struct SpecPlaceholderTests {
    static let spec = """
        placeholders:
          API_TOKEN: the token the API was recorded with
        guard: { bearer: "${API_TOKEN}" }
        stubs:
          - request: { method: GET, path: /me, query: { echo: "${API_TOKEN}", other: "${NOT_DECLARED}" } }
            response: { status: 200, json: { token: "${API_TOKEN}", count: "12" } }
          - request: { method: GET, path: /file }
            response: { file: token.json }
        """

    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"token":"${API_TOKEN}"}"#.utf8).write(to: folder.appendingPathComponent("token.json"))
        return folder
    }

    @Test func declaredPlaceholdersAreReadFromTheEnvironmentEverywhereFixturesIncluded() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try StubSpec.parse(Self.spec, name: "recorded.yaml", directory: directory, environment: ["API_TOKEN": "12345"])
        let me = RecordedRequest(method: "GET", target: "/me?echo=12345&other=%24%7BNOT_DECLARED%7D", headers: ["Authorization": "Bearer 12345"])
        #expect(spec.stubs[0].request.match(me) != nil, "declared names are replaced; others stay as written")
        #expect(spec.stubs[0].guards.first?.refusal(of: me) == nil, "the guard wants the token from the environment")
        guard case .fixed(let response) = spec.stubs[0].response, case .fixed(let file) = spec.stubs[1].response else {
            Issue.record("expected fixed responses")
            return
        }
        #expect(JSONValue(data: response.body) == .object(["token": "12345", "count": "12"]), "a replaced value stays text")
        #expect(String(decoding: file.body, as: UTF8.self) == #"{"token":"12345"}"#)
    }

    @Test func anUnsetPlaceholderIsAnErrorAtItsLine() throws {
        let error = #expect(throws: StubValidationError.self) {
            try StubSpec.parse(Self.spec, name: "recorded.yaml", directory: URL(fileURLWithPath: "/"), environment: [:])
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("recorded.yaml:2:3") && text.contains("API_TOKEN is not set in the environment"), "\(text)")
    }

    @Test func anUnsetPlaceholderIsANoteWhenOnlyChecking() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = try StubSpec.parse(Self.spec, name: "recorded.yaml", directory: directory, environment: [:], unsetPlaceholders: .noted)
        #expect(spec.notes.map(\.severity) == [.note])
        #expect(spec.notes.first.map { "\($0)" }?.contains("recorded.yaml:2:3") == true)
        #expect(spec.notes.first?.message.contains("API_TOKEN is not set in the environment: checked with ${API_TOKEN} as written") == true)
        let me = RecordedRequest(method: "GET", target: "/me?echo=%24%7BAPI_TOKEN%7D&other=%24%7BNOT_DECLARED%7D")
        #expect(spec.stubs[0].request.match(me) != nil, "the placeholder is left as written")
    }

    @Test func aMalformedPlaceholderNameIsRefused() {
        let spec = "placeholders: [\"not a name\"]\nstubs: []\n"
        let error = #expect(throws: StubValidationError.self) {
            try StubSpec.parse(spec, name: "bad.yaml", directory: URL(fileURLWithPath: "/"), environment: [:])
        }
        #expect(error.map { "\($0)" }?.contains("bad.yaml:1:") == true)
    }

    @Test func stubsWrittenAsYAMLReadBackAsTheSameStubs() throws {
        StubPlugins.register(.marvel) // the travelling stubs include a Marvel envelope; a filtered run registers nothing else
        let awkward = ["yes", "1", "", "null", "a: b", "#x", " lead", "trail ", "two\nlines", "ünïcode", "${X}", "-dash", "[list]", "del\u{7F}c1\u{85}\u{9B}bom\u{FEFF}ls\u{2028}"]
        let stubs = SpecWriterTests.travelling + Stubs {
            Get("/awkward").query("v", .oneOf(awkward)).respond(.json(JSONValue.object(["items": .array(awkward.map(JSONValue.string))]).description))
        }
        var written: [WrittenJSON] = []
        for stub in stubs { written.append(try SpecWriter.stub(stub)) }
        let yaml = WrittenYAML.text(.object([("stubs", .array(written))]))
        let read = try StubSpec.parse(yaml, name: "written.yaml", directory: URL(fileURLWithPath: "/nonexistent"), environment: [:])
        #expect(try SpecWriter.document(read.stubs) == SpecWriter.document(stubs), "YAML reads back into the same values as JSON")
    }
}
