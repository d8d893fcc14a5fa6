import Foundation
import Testing
import UnderstudyTestSupport

/// The built `understudy` binary with WireMock folders: serve beside a spec,
/// lint with located errors, lenient loading, and export.
@Suite struct WireMockCommandTests {
    static let corpus = "Tests/WireMockFormatTests/Corpus/core"

    /// A scratch folder, removed when the test ends.
    final class Scratch {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-cli-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ path: String, _ text: String) throws {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    @Test func aWireMockRootServesBesideASpecAndMissesNameTheMapping() async throws {
        let served = try await CommandLineSpecTests.Served([Self.corpus, "specs/marvel.yaml"])
        let client = HTTPClient()
        defer { client.close() }
        let fromWireMock = try await client.get(URL(string: "\(served.url)/prio/b")!)
        #expect(fromWireMock.text == "exact b, priority 1")
        let fromSpec = try await client.get(URL(string: "\(served.url)/v1/public/comics?\(CommandLineSpecTests.signed)")!)
        #expect(fromSpec.status == 200)
        let miss = try await client.get(URL(string: "\(served.url)/q2?id=12")!)
        #expect(miss.status == 404)
        let (status, log) = await served.stop()
        #expect(status == 0)
        // The near miss names the mapping's file, line and JSON pointer.
        #expect(log.contains("core/mappings/query.json:6:"), "\(log)")
        #expect(log.contains("/mappings/3"))
    }

    @Test func lintLocatesMistakesAndLenientListsWhatItSkips() async throws {
        let root = try Scratch()
        try root.write("mappings/typo.json", """
            {
              "request": { "methd": "GET", "urlPath": "/x" },
              "response": { "status": 200 }
            }
            """)
        let typo = try await CommandLineSpecTests.finished(["lint", root.url.path])
        #expect(typo.status == 2)
        #expect(typo.errors.contains("mappings/typo.json:2:16: error: /request/methd: unknown field \"methd\"; did you mean \"method\"?"),
                "\(typo.errors)")

        try FileManager.default.removeItem(at: root.url.appendingPathComponent("mappings/typo.json"))
        try root.write("mappings/webhook.json", """
            {
              "request": { "method": "GET", "urlPath": "/t" },
              "response": { "body": "t" }, "postServeActions": { "webhook": {} }
            }
            """)
        try root.write("mappings/plain.json", #"{ "request": { "urlPath": "/p" }, "response": { "body": "plain" } }"#)
        let strict = try await CommandLineSpecTests.finished(["lint", root.url.path])
        #expect(strict.status == 2)
        #expect(strict.errors.contains("/postServeActions: webhooks and serve-event listeners are not supported (--lenient skips this mapping)"))
        let lenient = try await CommandLineSpecTests.finished(["lint", "--lenient", root.url.path])
        #expect(lenient.status == 0, "\(lenient.errors)")
        #expect(lenient.output.contains("\(root.url.path): 1 WireMock stubs, ok"))
        #expect(lenient.output.contains("mappings/webhook.json:3:52:"))
        #expect(lenient.output.contains("skipped: /postServeActions: webhooks and serve-event listeners are not supported"))
    }

    @Test func aMissingBodyFileIsAWarningThatStrictLintRefuses() async throws {
        let root = try Scratch()
        try root.write("mappings/gone.json", #"{ "request": { "urlPath": "/g" }, "response": { "bodyFileName": "gone.json" } }"#)
        try root.write("mappings/plain.json", #"{ "request": { "urlPath": "/p" }, "response": { "body": "plain" } }"#)
        let lint = try await CommandLineSpecTests.finished(["lint", root.url.path])
        #expect(lint.status == 0, "\(lint.errors)")
        #expect(lint.output.contains("\(root.url.path): 2 WireMock stubs, ok"))
        #expect(lint.errors.contains("mappings/gone.json:1:65: warning: /response/bodyFileName: bodyFileName \"gone.json\" does not exist"), "\(lint.errors)")
        let strict = try await CommandLineSpecTests.finished(["lint", "--strict", root.url.path])
        #expect(strict.status == 2)
        #expect(strict.errors.contains("mappings/gone.json:1:65: error: /response/bodyFileName: bodyFileName \"gone.json\" does not exist"), "\(strict.errors)")
    }

    @Test func exportWritesARootThatServesTheSameAnswers() async throws {
        let scratch = try Scratch()
        try scratch.write("api.yaml", """
            stubs:
              - request: { method: GET, path: /greeting }
                response: { status: 200, json: { text: hello } }
              - request: { method: GET, path: '/users/{id}' }
                guard: { bearer: t0ken-secret }
                response: { status: 200, body: user }
              - request: { method: GET, path: /signed }
                guard: { marvel: { publicKey: "1234", privateKey: "abcd" } }
                response: { status: 200, body: signed }
            """)
        let spec = scratch.url.appendingPathComponent("api.yaml").path
        let out = scratch.url.appendingPathComponent("wiremock").path

        let refused = try await CommandLineSpecTests.finished(["export", "--format", "wiremock", spec, "--out", out])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("api.yaml:7:"), "the Marvel-guarded stub, at its line: \(refused.errors)")
        #expect(refused.errors.contains("its guard Marvel signature"))
        #expect(refused.output.contains("nothing written"))
        #expect(!FileManager.default.fileExists(atPath: out + "/mappings"))

        let lenient = try await CommandLineSpecTests.finished(["export", spec, "--out", out, "--lenient"])
        #expect(lenient.status == 1, "something was left out")
        #expect(lenient.output.contains("exported 2 stubs as 3 mappings to \(out); 1 left out"), "\(lenient.output)")
        let again = try await CommandLineSpecTests.finished(["export", spec, "--out", out, "--lenient"])
        #expect(again.status == 2)
        #expect(again.errors.contains("already hold files; pass --replace"))

        // The export is a WireMock root: understudy serves it as one.
        let served = try await CommandLineSpecTests.Served([out])
        let client = HTTPClient()
        defer { client.close() }
        let greeting = try await client.get(URL(string: "\(served.url)/greeting")!)
        #expect(greeting.status == 200)
        #expect(greeting.text == #"{"text":"hello"}"#)
        let user = URL(string: "\(served.url)/users/7")!
        #expect(try await client.get(user).status == 401)
        #expect(try await client.get(user, headers: ["Authorization": "Bearer t0ken-secret"]).text == "user")
        _ = await served.stop()
    }

    @Test func serveOffersTheAdminAPIOnLoopbackAndNoAdminTakesItAway() async throws {
        let client = HTTPClient()
        defer { client.close() }
        let served = try await CommandLineSpecTests.Served([Self.corpus])
        let mapping = #"{"request": {"urlPath": "/added"}, "response": {"body": "added at run time"}}"#
        let created = try await client.send("POST", URL(string: "\(served.url)/__admin/mappings")!, body: Data(mapping.utf8))
        #expect(created.status == 201)
        #expect(try await client.get(URL(string: "\(served.url)/added")!).text == "added at run time")
        let (status, log) = await served.stop()
        #expect(status == 0)
        #expect(!log.contains("POST /__admin/mappings →"), "admin calls are not journaled, so not logged")
        #expect(log.contains("✓ 200 GET /added → "), "a posted stub is named by its id and where it came from")

        let closed = try await CommandLineSpecTests.Served([Self.corpus, "--no-admin"])
        #expect(try await client.get(URL(string: "\(closed.url)/__admin/mappings")!).status == 404)
        _ = await closed.stop()
    }
}
