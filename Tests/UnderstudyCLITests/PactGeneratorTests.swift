import Foundation
import Testing
import UnderstudyTestSupport

/// A pact's response generators, applied by `understudy serve` for every
/// answer the way `pact stub` applies them: the same pact, both servers, the
/// same kinds of values where the example had fixed ones. Beyond `pact stub`,
/// we also fill `ProviderState` values from the interaction's state
/// parameters and point `MockServerURL` values at ourselves (as `pact mock`
/// does); `pact stub` keeps those examples.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactGeneratorTests {
    static let pact = "fixtures/pacts/generators-v4.json"

    /// What a generated answer must hold, from a server at `base`.
    static func check(_ reply: HTTPClient.Reply, base: String, who: String, fillsStatesAndURLs: Bool = true) throws {
        #expect(reply.status == 201, "\(who): \(reply.text)")
        let body = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "\(who): \(reply.text)")
        #expect(body["id"] as? Int == (fillsStatesAndURLs ? 42 : 1), "\(who): ProviderState fills the id from the state's params: \(body)")
        #expect(reply.header("Location") == (fillsStatesAndURLs ? "/users/42" : "/users/1"), "\(who): and the Location header")
        let token = try #require(body["token"] as? String)
        #expect(token != "00000000-0000-4000-8000-000000000000" && UUID(uuidString: token) != nil, "\(who): a fresh UUID, got \(token)")
        let code = try #require(body["code"] as? String)
        #expect(code.range(of: #"^[A-Z]{2}-\d{2}$"#, options: .regularExpression) != nil, "\(who): a string the regex matches, got \(code)")
        #expect(body["self"] as? String == (fillsStatesAndURLs ? "\(base)/users/1" : "http://provider.example/users/1"),
                "\(who): the URL points at the answering server")
        let created = try #require(body["created"] as? String)
        #expect(created != "2000-01-01T00:00:00" && created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil,
                "\(who): now in the format, got \(created)")
        let lucky = try #require(body["lucky"] as? Int)
        #expect((10...19).contains(lucky), "\(who): RandomInt within min and max, got \(lucky)")
    }

    @Test func oursAndPactStubBothMakeTheGeneratedValues() async throws {
        let client = HTTPClient()
        defer { client.close() }
        let served = try await CommandLineSpecTests.Served([Self.pact, "--quiet"])
        defer { served.kill() }
        try Self.check(try await client.send("POST", URL(string: "\(served.url)/users")!), base: served.url, who: "understudy serve")

        guard let executable = await PactTool.executable() else { throw PactToolMissing() }
        let path = CommandLineSpecTests.root.appendingPathComponent(Self.pact).path
        let stub = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["PACT_DO_NOT_TRACK=true", executable.path, "stub", "-f", path, "-p", "0"])
        defer { stub.kill() }
        let port = await stub.readLine(matching: #"started on port \d+"#).flatMap { Int($0.split(separator: " ").last ?? "") }
        let base = "http://127.0.0.1:\(try #require(port, "pact stub printed no port"))"
        try Self.check(try await client.send("POST", URL(string: "\(base)/users")!), base: base, who: "pact stub", fillsStatesAndURLs: false)
    }
}
