import Foundation
import Testing
import UnderstudyTestSupport

/// A URL-encoded form body, matched as the Pact tools match one: by field,
/// in any order across names (a repeated name's values in order), `+` and
/// `%20` both a space, a body rule at `$.name` on that field's values, and no
/// field left out or added. `pact stub` and `understudy serve`, serving the
/// same pact, must answer each variation alike.
@Suite(.serialized, .enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactFormInteropTests {
    static let pact = PactInteropTests.folder.appendingPathComponent("form-body-v3.json").path

    /// Path, body and whether the pact's request takes it.
    static let variations: [(path: String, body: String, taken: Bool)] = [
        ("/oauth/token", "grant_type=client_credentials&scope=read+write&client_id=app1", true),
        ("/oauth/token", "scope=read+write&grant_type=client_credentials&client_id=app1", true),
        ("/oauth/token", "grant_type=client_credentials&scope=read%20write&client_id=app1", true),
        ("/oauth/token", "grant_type=client_credentials&scope=read+write&client_id=app77", true),
        ("/oauth/token", "grant_type=client_credentials&scope=read+write&client_id=bob", false),
        ("/oauth/token", "grant_type=client_credentials&scope=read+write&client_id=app1&extra=1", false),
        ("/oauth/token", "grant_type=client_credentials&client_id=app1", false),
        ("/oauth/token", "grant_type=client_credentials&scope=write+read&client_id=app1", false),
        ("/search", "tag=red&tag=blue&q=caf%C3%A9", true),
        ("/search", "q=caf%C3%A9&tag=red&tag=blue", true),
        ("/search", "tag=red&q=caf%C3%A9&tag=blue", true),
        ("/search", "tag=blue&tag=red&q=caf%C3%A9", false),
        ("/search", "tag=red&tag=blue&q=cafe", false),
        ("/search", "tag=red&tag=blue", false),
    ]

    @Test func bothServersTakeAndRefuseTheSameForms() async throws {
        let stub = try await PactStub(serving: Self.pact)
        defer { stub.kill() }
        let served = try await CommandLineSpecTests.Served([Self.pact, "--quiet"])
        defer { served.kill() }
        let client = HTTPClient()
        for (server, base) in [("pact stub", "http://127.0.0.1:\(stub.port)"), ("understudy serve", served.url)] {
            for variation in Self.variations {
                let url = try #require(URL(string: base + variation.path))
                let reply = try await client.send("POST", url, body: Data(variation.body.utf8),
                                                  headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"])
                #expect((reply.status == 200) == variation.taken,
                        "\(server) answered \(reply.status) to \(variation.path) with \(variation.body): \(reply.text.prefix(300))")
            }
        }
    }
}
