import Foundation
import StubTesting
import Testing
import UnderstudyTestSupport

/// A test's exercised stubs written to a consumer pact, read back by our
/// reader and accepted by the real `pact verifier` against the same stubs.
@Suite struct PactRecordingTests {
    static func stubs() -> [Stub] {
        Stubs {
            Get("/users/{id:int}").query("fields", .matches("^[a-z,]+$"))
                .respond(.json(#"{"id":42,"name":"Ada"}"#)).named("a user by id").given("user 42 exists", ["id": 42])
            Post("/users").body(.like(["name": "Ada"], rules: ["$.name": .type()]))
                .respond(StubResponse(status: 201, headers: ["Location": "/users/43"])).named("creating a user")
            Get("/now").respond { _ in .text("\(Date())") }
            Get("/unused").respond(.text("never called"))
        }
    }

    @Test func exercisedStubsBecomeInteractionsWithTheirRules() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = PactRecording(consumer: "UsersApp", provider: "Users", directory: folder)
        let client = HTTPClient()
        defer { client.close() }
        try await withStubServer(.stubs(Self.stubs()), pact: recording) { server in
            _ = try await client.get(server.url("/users/7?fields=name,age"))
            _ = try await client.send("POST", server.url("/users"), body: Data(#"{"name":"Grace"}"#.utf8), headers: ["Content-Type": "application/json"])
            _ = try await client.get(server.url("/now"))
        }
        let pact = try PactFile.load(recording.file)
        #expect(pact.consumer == "UsersApp" && pact.provider == "Users" && pact.version == .v4)
        #expect(pact.interactions.map(\.description) == ["a user by id", "creating a user"], "the closure and the unused stub are left out")
        let user = try #require(pact.interactions.first)
        #expect(user.providerStates == [PactProviderState(name: "user 42 exists", params: ["id": 42])])
        #expect(user.request.path == "/users/7")
        #expect(user.request.requestPattern.match(RecordedRequest(method: "GET", target: "/users/99?fields=id")) != nil, "the template and the regex travel as rules")
        #expect(user.request.requestPattern.match(RecordedRequest(method: "GET", target: "/users/x?fields=id")) == nil)
        let create = try #require(pact.interactions.last)
        #expect(create.request.requestPattern.match(RecordedRequest(method: "POST", target: "/users", headers: ["Content-Type": "application/json"],
                                                                  body: Data(#"{"name":"Linus"}"#.utf8))) != nil)
        #expect(create.response.status == 201)

        guard PactTool.shouldRun else { return }
        let server = try StubServer.start(.stubs(Self.stubs()))
        defer { server.stop() }
        let port = try #require(server.url("/").port)
        let run = try await PactTool.run(["verifier", "-f", recording.file.path, "--hostname", "127.0.0.1", "--port", "\(port)", "--no-colour"])
        #expect(run.status == 0, "the real pact verifier accepts the pact against the same stubs: \(run.output) \(run.errors)")
    }

    @Test func oneDescriptionWithTwoContentsFailsWithBothPlaces() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = PactRecording(consumer: "A", provider: "B", directory: folder, version: .v3)
        let client = HTTPClient()
        defer { client.close() }
        try await withStubServer(.stubs { Get("/x").respond(.text("one")).named("the x") }, pact: recording) { server in
            _ = try await client.get(server.url("/x"))
        }
        let issues = await knownIssues {
            try await withStubServer(.stubs { Get("/x").respond(.text("two")).named("the x") }, pact: recording) { server in
                _ = try await client.get(server.url("/x"))
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.text.contains("two interactions are both described as \"the x\" but differ") == true, "\(issues.first?.text ?? "")")
        #expect(try PactFile.load(recording.file).version == .v3)
    }
}
