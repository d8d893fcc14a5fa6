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
            Get("/echo").respond { matched in .text(matched.request.queryValue("q") ?? "") }
            Get("/slow").respond(.text("late")).delay(.milliseconds(1))
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
            _ = try await client.get(server.url("/echo?q=one"))
            _ = try await client.get(server.url("/echo?q=two"))
            _ = try await client.get(server.url("/echo?q=one"))
            _ = try await client.get(server.url("/slow"))
        }
        let pact = try PactFile.load(recording.file)
        #expect(pact.consumer == "UsersApp" && pact.provider == "Users" && pact.version == .v4)
        #expect(pact.interactions.map(\.description) == ["a user by id", "creating a user", "GET /echo?q=one", "GET /echo?q=two"],
                "a closure's answers are one interaction per distinct request; the delayed and the unused stubs are left out")
        let echo = try #require(pact.interactions.last)
        #expect(echo.response.body == .bytes(Data("two".utf8), contentType: "text/plain; charset=utf-8"), "the response the closure made")
        #expect(echo.request.requestPattern.match(RecordedRequest(method: "GET", target: "/echo?q=three")) == nil,
                "a closure's request is stated exactly: it may depend on any part of it")
        let user = try #require(pact.interactions.first)
        #expect(user.providerStates == [PactProviderState(name: "user 42 exists", params: ["id": 42])])
        #expect(user.request.path == "/users/7")
        #expect(user.request.requestPattern.match(RecordedRequest(method: "GET", target: "/users/99?fields=id")) != nil, "the template and the regex travel as rules")
        #expect(user.request.requestPattern.match(RecordedRequest(method: "GET", target: "/users/x?fields=id")) == nil)
        let create = try #require(pact.interactions.dropFirst().first)
        #expect(create.request.requestPattern.match(RecordedRequest(method: "POST", target: "/users", headers: ["Content-Type": "application/json"],
                                                                  body: Data(#"{"name":"Linus"}"#.utf8))) != nil)
        #expect(create.response.status == 201)

        guard await PactTool.shouldRun() else { return }
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

    /// The calls a consumer test makes, against any server.
    static func calls(_ base: URL, _ client: HTTPClient) async throws {
        _ = try await client.get(base.appendingPathComponent("users/7").appending(queryItems: [URLQueryItem(name: "fields", value: "name,age")]))
        _ = try await client.send("POST", base.appendingPathComponent("users"), body: Data(#"{"name":"Grace"}"#.utf8),
                                  headers: ["Content-Type": "application/json"])
        _ = try await client.get(base.appendingPathComponent("echo").appending(queryItems: [URLQueryItem(name: "q", value: "one")]))
    }

    /// A pact we write, loaded by the real `pact mock`: it expects every
    /// interaction until the same calls arrive, then `pact mock verify` is satisfied.
    @Test(.enabled("the pact tools are not here (scripts/test installs pact-python-cli)") { await PactTool.shouldRun() })
    func pactMockLoadsOurPactAndTheSameCallsSatisfyIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recording = PactRecording(consumer: "UsersApp", provider: "Users", directory: folder)
        let client = HTTPClient()
        defer { client.close() }
        try await withStubServer(.stubs(Self.stubs()), pact: recording) { server in try await Self.calls(server.baseURL, client) }

        let (master, control, mockPort) = try await Self.mockServer(for: recording.file)
        defer { master.kill() }

        let early = try await PactTool.run(["mock", "verify", "-p", control, "-h", "127.0.0.1", "-m", mockPort])
        #expect(early.status == 2, "before any call every interaction is missing: \(early.output) \(early.errors)")
        #expect((early.output + early.errors).contains("Expected request was not received"))

        try await Self.calls(try #require(URL(string: "http://127.0.0.1:\(mockPort)")), client)
        let verified = try await PactTool.run(["mock", "verify", "-p", control, "-h", "127.0.0.1", "-m", mockPort])
        #expect(verified.status == 0, "the same calls satisfy pact mock: \(verified.output) \(verified.errors)")
        if early.status != 2 || verified.status != 0 {
            // The reference tool itself misbehaved: say how its master ended and what it wrote.
            let ended = await master.stop()
            let wrote = "\(ended.output.suffix(4000))\n\(ended.errors.suffix(4000))"
            Issue.record("pact mock start (port \(control)) ended with status \(ended.status) when stopped; it wrote:\n\(wrote)")
        }
    }

    /// A `pact mock` master (its control port) with a mock server for `pact`
    /// (its port), on ports the system picks.
    ///
    /// pact mock 2.0.0 cannot verify a mock server whose generated id is all
    /// digits: its verify handler reads such an id as a port (`u16`), the
    /// parse overflows and the handler panics (verify.rs:96), so every
    /// `mock verify` fails with "Failed to connect to the master mock server".
    /// About one id in 130 is all digits (3 of 400 creates measured here; it
    /// failed this test in 1 of 30 full runs). An id is known once the mock
    /// server is created, before anything is verified, so a master that drew
    /// such an id is stopped and a fresh one started.
    private static func mockServer(for pact: URL) async throws -> (master: ChildProcess, control: String, mockPort: String) {
        guard let executable = await PactTool.executable() else { throw PactToolMissing() }
        for _ in 0..<5 {
            let master = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [
                "PACT_DO_NOT_TRACK=true", executable.path, "mock", "start", "-p", "0", "-h", "127.0.0.1",
                "-o", pact.deletingLastPathComponent().path, "--no-file-log", "--no-term-log", "--log-level", "info"])
            let masterPort = await master.readLine(matching: #"Master server started on port \d+"#).flatMap { $0.split(separator: " ").last.map(String.init) }
            let control = try #require(masterPort, "pact mock printed no port")
            let created = try await PactTool.run(["mock", "create", "-p", control, "-h", "127.0.0.1", "-f", pact.path])
            #expect(created.status == 0, "pact mock create: \(created.output) \(created.errors)")
            let line = try #require(created.output.firstMatch(of: /Mock server (\w+) started on port (\d+)/), "no mock port in \(created.output)")
            guard line.output.1.contains(where: { !$0.isNumber }) else {
                await master.stop()
                continue
            }
            return (master, control, String(line.output.2))
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "pact mock drew an all-digit mock server id 5 times running"])
    }
}
