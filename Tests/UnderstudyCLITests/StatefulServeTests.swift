import Foundation
import Testing
import StubKit
import UnderstudyTestSupport

/// `understudy serve --stateful api.yaml`: the collections an OpenAPI
/// document describes served as stateful resources, each request checked
/// against its operation; walked by a Python `requests` client and checked
/// by schemathesis's stateful phase, which passes against it and catches a
/// create that does not keep what it created.
@Suite(.enabled(if: Schemathesis.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "schemathesis is not installed (scripts/test installs it in .build/venv-schemathesis; under CI its absence fails)"))
struct StatefulServeTests {
    static let document = "fixtures/openapi/users-crud.yaml"
    static let forgetful = "fixtures/openapi/users-crud-forgetful.yaml"

    @Test func aPythonClientWalksTheResourceTheDocumentDescribes() async throws {
        let st = try #require(Schemathesis.executable, "schemathesis is not installed")
        let served = try await CommandLineSpecTests.Served(["--stateful", Self.document])
        defer { served.kill() }
        let python = st.deletingLastPathComponent().appendingPathComponent("python")
        let script = CommandLineSpecTests.root.appendingPathComponent("Tests/UnderstudyCLITests/python/resource_walk.py").path
        let run = try await ChildProcess.finished(python, [script, served.url], directory: CommandLineSpecTests.root)
        #expect(run.status == 0, "\(run.output) \(run.errors)")
        let seen = try #require(JSONValue(exactly: Data(run.output.utf8)), "\(run.output) \(run.errors)")
        #expect(seen.value(at: "created") == ["id": 2, "name": "Grace", "email": "grace@example.com"],
                "the next id after the document's example, which seeds the list")
        #expect(seen.value(at: "listed") == ["Ada", "Grace"] && seen.value(at: "total") == 2)
        #expect(seen.value(at: "patched.email") == "g@example.com")
        #expect(seen.value(at: "stale") == 412 && seen.value(at: "refused") == 422 && seen.value(at: "afterDelete") == 404)
        // An item seeded without a required field: its answer breaks the document, and the log says so.
        let client = HTTPClient()
        defer { client.close() }
        let seeded = try await client.send("PUT", URL(string: served.url + "/__admin/resources?path=/users")!, body: Data(#"[{"id": 7}]"#.utf8))
        #expect(seeded.status == 200, "\(seeded.text)")
        #expect(try await client.get(URL(string: served.url + "/users/7")!).status == 200)
        let log = await served.readLog { $0.contains("the required property name is missing") }
        #expect(log.contains("/users (list, get, create, replace, patch, delete; id id)"), "\(log)")
        #expect(log.contains("422 POST /users"), "\(log)")
        let broken = log.components(separatedBy: "    - response").count - 1
        #expect(broken == 1, "only the seeded item's answer breaks the document: \(log)")
    }

    @Test func schemathesisStatefulPhasePassesAgainstTheResource() async throws {
        let run = try await Self.schemathesis([Self.document])
        #expect(run.status == 0, "schemathesis: \(run.output.suffix(4000)) \(run.errors.suffix(2000))")
        #expect(run.output.contains("No issues found"), "\(run.output.suffix(3000))")
        let links = try #require(run.output.split(separator: "\n").first { $0.contains("API Links:") }, "\(run.output.suffix(3000))")
        #expect(!links.contains(" 0 covered"), "the stateful phase followed links: \(links)")
    }

    @Test func schemathesisCatchesACreateThatDoesNotPersist() async throws {
        let run = try await Self.schemathesis([Self.forgetful, Self.document])
        #expect(run.status != 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("Created resource not found"), "schemathesis's ensure_resource_availability: \(run.output.suffix(4000))")
    }

    /// schemathesis's stateful phase alone, every check, a fixed seed, against `serve --stateful sources`.
    static func schemathesis(_ sources: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let st = try #require(Schemathesis.executable, "schemathesis is not installed")
        let served = try await CommandLineSpecTests.Served(["--stateful", "--quiet"] + sources)
        defer { served.kill() }
        let document = CommandLineSpecTests.root.appendingPathComponent(Self.document).path
        return try await ChildProcess.finished(st, ["run", document, "--url", served.url, "--phases", "stateful", "--checks", "all",
                                                    "--max-examples", "30", "--seed", "1", "--no-color"], directory: Schemathesis.scratch())
    }
}
