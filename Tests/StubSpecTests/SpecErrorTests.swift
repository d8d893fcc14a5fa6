import Foundation
import StubKit
import MarvelStubs
import StubSpec
import Testing

/// Bad spec files name file, line, column and key, YAML and JSON alike.
@Suite struct SpecErrorTests {
    /// Marvel's spec keywords come from its plug-in, registered as the command line registers it.
    init() { StubPlugins.register(.marvel) }

    static func problems(_ text: String, name: String = "bad.yaml", directory: URL = URL(fileURLWithPath: "/tmp")) -> [String] {
        do {
            _ = try StubSpec.parse(text, name: name, directory: directory)
            return []
        } catch let error as StubValidationError {
            return error.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aMisspelledKeyIsNamedWithItsLineAndASuggestion() {
        #expect(Self.problems("""
            stubs:
              - request: { method: GET, path: /x }
                response:
                  staus: 200
            """) == [#"bad.yaml:4:7: error: stubs[0].response.staus: unknown key "staus"; did you mean "status"?"#])
    }

    @Test func anExampleItsOwnStubWouldNotMatchIsAnErrorAtTheExample() {
        #expect(Self.problems("""
            stubs:
              - request: { method: GET, path: /search, query: { q: spider } }
                example: { query: { q: venom } }
            """) == [#"bad.yaml:3:14: error: stubs[0].example: the example GET /search?q=venom does not match its own stub: ✗ query q: expected == "spider", got "venom""#])
    }

    @Test func guardNoneLiftsTheSpecsGuardForOneStub() throws {
        let spec = try StubSpec.parse("""
            guard: { bearer: t0ken }
            stubs:
              - { id: private, request: { method: GET, path: /me } }
              - { id: public, guard: none, request: { method: GET, path: /health } }
            """, name: "guarded.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(spec.entries.map(\.stub.guards.count) == [1, 0])
        #expect(spec.entries.map { $0.example?.credentials } == [.bearer("t0ken"), nil])
        #expect(Self.problems("stubs:\n  - { guard: nobody, request: { path: /x } }\n")
            == ["bad.yaml:2:14: error: stubs[0].guard: a guard is one of marvel, bearer, apiKey (or none, on a stub, to lift the spec's guard)"])
    }

    @Test func aWrongTypeNamesTheKeyPath() {
        #expect(Self.problems("""
            stubs:
              - request: { method: GET, path: /x }
                response: { status: OK }
                times: 0
            """) == [
            #"bad.yaml:3:25: error: stubs[0].response.status: expected an integer, got "OK""#,
            "bad.yaml:4:12: error: stubs[0].times: expected an integer in 1...9223372036854775807, got 0",
        ])
    }

    @Test func aJSONSpecIsLocatedTheSameWay() {
        #expect(Self.problems("""
            {
              "stubs": [
                { "request": { "method": "GET", "path": "/x" },
                  "response": { "status": 200, "delay": "soon" } }
              ]
            }
            """, name: "bad.json") == [#"bad.json:4:36: error: stubs[0].response.delay: unknown key "delay"; expected one of status, headers, body, base64, json, file, template, templateJSON, events, chunks, held, marvel, marvelError, proxy, every, end"#])
    }

    @Test func brokenSyntaxPointsAtTheMark() {
        let found = Self.problems("stubs:\n  - request: { method: GET, path: /x\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("bad.yaml:3:") == true, "\(found)")
        #expect(found.first?.contains("YAML:") == true)
    }

    @Test func aFixtureCannotEscapeItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = Self.problems("""
            stubs:
              - request: { path: /secret }
                response: { file: ../../../etc/passwd }
              - request: { path: /missing }
                response: { file: nowhere.json }
            """, directory: folder)
        #expect(found.count == 2)
        #expect(found[0].hasPrefix("bad.yaml:3:23: error: stubs[0].response.file: fixture \"../../../etc/passwd\" resolves to"))
        #expect(found[0].contains("outside the fixtures folder"))
        #expect(found[1].hasPrefix("bad.yaml:5:23: error: stubs[1].response.file: cannot read fixture \"nowhere.json\""))
    }

    @Test func aJSONFixtureThatIsNotJSONIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        #expect(Self.problems(
            "stubs:\n  - request: { path: /x }\n    response: { file: broken.json }\n",
            directory: folder
        ) == [#"bad.yaml:3:23: error: stubs[0].response.file: fixture "broken.json" is named .json but is not valid JSON"#])
    }

    @Test func aContractFileIsLocatedTheSameWay() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("c-\(UUID().uuidString).contract.yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try "contract: x\nserve: marvel\nchecks:\n  - name: a\n    request: { path: /x\n".write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try ContractSpec.load(file, name: "c.contract.yaml")
            Issue.record("expected an error")
        } catch let error as StubValidationError {
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.location.line == 6, "\(error)")
            #expect(error.problems.first?.message.hasPrefix("YAML:") == true)
        }
    }

    @Test func aShadowedStubIsRefusedAtItsLine() {
        let found = Self.problems("""
            stubs:
              - request: { method: GET, path: /x }
              - request: { method: GET, path: /x, query: { a: "1" } }
            """)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("bad.yaml:3:5: error: stubs[1]: can never match") == true, "\(found)")
    }

    @Test func theShippedMarvelSpecLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spec = try StubSpec.load(root.appendingPathComponent("specs/marvel.yaml"), name: "specs/marvel.yaml")
        #expect(spec.entries.count == 10)
        #expect(spec.entries.filter { $0.example != nil && !$0.verify.skip }.count == 8)
    }

    @Test func compressionIsReadAndAnUnknownValueNamed() throws {
        let spec = try StubSpec.parse("""
            stubs:
              - { request: { path: /a }, compression: compressed }
              - { request: { path: /b }, compression: identity }
              - { request: { path: /c } }
            """, name: "c.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(spec.stubs.map(\.compression) == [.compressed, .identity, nil])
        #expect(Self.problems("stubs:\n  - { request: { path: /a }, compression: brotli }\n")
            == [#"bad.yaml:2:43: error: stubs[0].compression: compression is compressed or identity, not "brotli""#])
    }
}
