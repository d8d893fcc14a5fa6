import Foundation
import Testing
import UnderstudyTestSupport

/// A folder of spec files named to `serve`, `lint` or `export` stands for
/// the YAML and JSON files directly in it; contract files are `check`'s, and
/// `lint` checks them too.
@Suite struct SourceFolderTests {
    /// A temporary folder holding `files` (path: text); the caller removes it.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-folder-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static let spec = "stubs:\n  - request: { method: GET, path: /a }\n    response: { status: 200, body: from a }\n"
    static let pact = #"{"consumer": {"name": "C"}, "provider": {"name": "P"}, "interactions": [{"description": "b", "request": {"method": "GET", "path": "/b"}, "response": {"status": 204}}]}"#
    static let contract = "contract: A\nspec: a.yaml\nchecks:\n  - name: a answers\n    request: { path: /a }\n    expect: { status: 200 }\n"

    @Test func lintReadsEachSpecPactAndContractDirectlyInTheFolder() async throws {
        let folder = try Self.folder(["a.yaml": Self.spec, "b.json": Self.pact, "a.contract.yaml": Self.contract,
                                      "notes.txt": "not a spec", "nested/ignored.yaml": "not: [read"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await CommandLineSpecTests.finished(["lint", folder.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\(folder.path)/a.yaml: 1 stubs, ok"), "\(run.output)")
        #expect(run.output.contains("\(folder.path)/b.json: 1 pact interactions, ok"), "\(run.output)")
        #expect(run.output.contains("\(folder.path)/a.contract.yaml: contract, 1 checks, ok"), "\(run.output)")
    }

    @Test func aBrokenFileInTheFolderIsNamedWithItsLine() async throws {
        let folder = try Self.folder(["a.yaml": Self.spec, "b.yaml": "stubs:\n  - request: { method: GET, path: /b }\n    respond: {}\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await CommandLineSpecTests.finished(["lint", folder.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("\(folder.path)/b.yaml:3:5: error:"), "\(run.errors)")
        #expect(run.output.contains("\(folder.path)/a.yaml: 1 stubs, ok"), "the good file is still checked: \(run.output)")
    }

    @Test func aFolderOfNothingToServeIsRefusedWithWhy() async throws {
        let folder = try Self.folder(["notes.txt": "no specs here"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await CommandLineSpecTests.finished(["lint", folder.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("must be a WireMock root, with a mappings/ folder, or hold spec files"), "\(run.errors)")
    }

    @Test func serveAnswersFromEveryFileInTheFolder() async throws {
        let folder = try Self.folder(["a.yaml": Self.spec, "b.json": Self.pact, "a.contract.yaml": Self.contract])
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try await CommandLineSpecTests.Served([folder.path, "--quiet"])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(URL(string: served.url + "/a")!).text == "from a")
        #expect(try await client.get(URL(string: served.url + "/b")!).status == 204)
        #expect(await served.stop().0 == 0)
    }
}

/// `understudy serve` streams what a spec file's `events:` declare.
@Suite struct ServeEventStreamTests {
    @Test func aSpecFilesEventsAreServedAsAStream() async throws {
        let folder = try SourceFolderTests.folder(["feed.yaml": """
            stubs:
              - request: { method: GET, path: /feed }
                response:
                  events:
                    - { data: one, id: "1" }
                    - { event: update, data: two }
                  every: 5ms
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try await CommandLineSpecTests.Served([folder.appendingPathComponent("feed.yaml").path, "--quiet"])
        defer { served.kill() }
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "--no-buffer", "-sS", served.url + "/feed"])
        #expect(run.output == "id: 1\ndata: one\n\nevent: update\ndata: two\n\n", "\(run.output.debugDescription)")
        #expect(await served.stop().0 == 0)
    }
}
