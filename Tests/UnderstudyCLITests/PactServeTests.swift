import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve PACT.json`: a pact's interactions served as stubs, and
/// the real `pact verifier` agreeing that what we serve satisfies the pact.
@Suite(.enabled("the pact tools are not here (scripts/test installs pact-python-cli; under CI their absence fails)") { await PactTool.shouldRun() })
struct PactServeTests {
    static let pact = "fixtures/pacts/items-v4.json"

    @Test func thePactVerifierPassesEveryInteractionWeServe() async throws {
        let served = try await CommandLineSpecTests.Served([Self.pact])
        let port = try #require(URL(string: served.url)?.port)
        let path = CommandLineSpecTests.root.appendingPathComponent(Self.pact).path
        let run = try await PactTool.run(["verifier", "-f", path, "--hostname", "127.0.0.1", "--port", "\(port)", "--no-colour"])
        #expect(run.status == 0, "pact verifier: \(run.output) \(run.errors)")
        for description in ["a request for item 1", "a search for items", "creating an item"] {
            #expect(run.output.contains(description), "verified \(description)")
        }
        #expect(!run.output.contains("FAILED"))
        _ = await served.stop()
    }

    @Test func aRequestOutsideThePactIsMissedAndNamesTheInteraction() async throws {
        let served = try await CommandLineSpecTests.Served([Self.pact])
        let client = HTTPClient()
        defer { client.close() }
        let search = try await client.get(URL(string: "\(served.url)/items?q=saw")!)
        #expect(search.status == 200, "the query rule takes any lower-case word")
        let miss = try await client.get(URL(string: "\(served.url)/items?q=SAW")!)
        #expect(miss.status == 404)
        #expect(miss.text.contains("a search for items"), "the near miss names the interaction: \(miss.text)")
        let extra = try await client.get(URL(string: "\(served.url)/items?q=saw&page=2")!)
        #expect(extra.status == 404, "a parameter the pact does not name misses, as in pact stub")
        _ = await served.stop()
    }

    @Test func theProviderStateHeaderPicksTheInteraction() async throws {
        let scratch = try WireMockCommandTests.Scratch()
        try scratch.write("states.json", """
            {"consumer": {"name": "App"}, "provider": {"name": "Items"},
             "interactions": [
               {"description": "item 1 when it exists", "providerState": "item 1 exists",
                "request": {"method": "GET", "path": "/items/1"}, "response": {"status": 200, "body": {"id": 1}}},
               {"description": "item 1 when there are none", "providerState": "no items",
                "request": {"method": "GET", "path": "/items/1"}, "response": {"status": 404}}],
             "metadata": {"pactSpecification": {"version": "2.0.0"}}}
            """)
        let served = try await CommandLineSpecTests.Served([scratch.url.appendingPathComponent("states.json").path,
                                                      "--provider-state-header", "X-Provider-State"])
        let client = HTTPClient()
        defer { client.close() }
        let url = URL(string: "\(served.url)/items/1")!
        #expect(try await client.get(url).status == 200, "without the header the first interaction answers")
        #expect(try await client.get(url, headers: ["X-Provider-State": "no items"]).status == 404)
        #expect(try await client.get(url, headers: ["X-Provider-State": "item 1 exists"]).text == #"{"id":1}"#)
        _ = await served.stop()
    }
}
