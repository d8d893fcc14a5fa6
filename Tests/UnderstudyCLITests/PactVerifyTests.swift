import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy verify --pact` and the real `pact verifier`, on the same pact
/// against the same drifted provider: the same verdict for every interaction,
/// the same exit code, and the same state-change calls.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactVerifyTests {
    static let pact = "docs/examples/pacts/ShopApp-Shop.json"
    static let provider = "docs/examples/shop-provider.yaml"

    @Test func oursAndThePactVerifierAgreeOnEveryInteraction() async throws {
        let served = try await CommandLineSpecTests.Served([Self.provider, "--quiet"])
        let port = try #require(URL(string: served.url)?.port)
        let pactPath = CommandLineSpecTests.root.appendingPathComponent(Self.pact).path
        let stateChange = "\(served.url)/_pact/state"

        let ours = try await CommandLineSpecTests.finished(["verify", "--pact", Self.pact, "--against", served.url, "--state-change-url", stateChange])
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("pact-report-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: report) }
        let theirs = try await PactTool.run(["verifier", "-f", pactPath, "--hostname", "127.0.0.1", "--port", "\(port)", "--no-colour",
                                             "--state-change-url", stateChange, "-j", report.path])
        #expect(ours.status == 1 && theirs.status == 1, "both fail the drifted provider: \(ours.output) \(theirs.output)")

        let results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let interactions = try #require(results["interactionResults"] as? [[String: Any]])
        #expect(interactions.count == 6)
        for interaction in interactions {
            let description = try #require(interaction["description"] as? String)
            let passed = interaction["result"] as? String == "OK"
            let line = try #require(ours.output.split(separator: "\n").first { $0.contains(description) }, "our row for \(description)")
            #expect(line.hasPrefix("ok") == passed, "\(description): pact verifier says \(passed ? "pass" : "fail"), we say \(line)")
        }
        #expect(ours.output.contains("1 ok, 4 failed, 1 pending failures (not counted)"), "\(ours.output)")
        #expect(ours.output.contains("body $.name: expected string (like \"Hammer\"), got number 42"))

        // Both asked the provider to set up the same states, with the same bodies.
        let client = HTTPClient()
        defer { client.close() }
        let journal = try await client.get(URL(string: "\(served.url)/__admin/journal")!)
        let entries = (try JSONSerialization.jsonObject(with: journal.body) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        let setups = entries.compactMap { entry -> String? in
            guard let request = entry["request"] as? [String: Any], request["target"] as? String == "/_pact/state",
                  let body = request["body"] as? String, let data = Data(base64Encoded: body),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
            return "\(json["action"] ?? "")|\(json["state"] ?? "")|\(json["params"].map { "\($0)" } ?? "")"
        }
        #expect(setups.count == 12, "six interactions, each set up once by each tool: \(setups)")
        #expect(Set(setups.prefix(6)) == Set(setups.suffix(6)), "the same setup calls: \(setups)")
        #expect(setups.contains { $0.hasPrefix("setup|item 1 exists|") })
        _ = await served.stop()
    }
}
