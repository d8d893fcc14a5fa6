import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy admin URL …` against `understudy serve`, both as processes:
/// what a CI script does between launching an app and checking what it sent.
@Suite struct AdminCommandTests {
    @Test func aScriptAddsStubsCountsWaitsAndResets() async throws {
        let scratch = try WireMockCommandTests.Scratch()
        try scratch.write("base.yaml", """
            stubs:
              - request: { method: GET, path: /health }
                response: { body: ok }
            """)
        try scratch.write("extra.yaml", """
            stubs:
              - request: { method: GET, path: /greeting }
                response: { file: greeting.json }
            """)
        try scratch.write("greeting.json", #"{"text":"hello"}"#)
        let served = try await CommandLineSpecTests.Served([scratch.url.appendingPathComponent("base.yaml").path])
        let url = served.url
        let client = HTTPClient()
        defer { client.close() }

        let added = try await CommandLineSpecTests.finished(["admin", url, "stubs", "add", scratch.url.appendingPathComponent("extra.yaml").path])
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output.contains("added 1 stub: "))
        let greeting = try await client.get(URL(string: "\(url)/greeting")!)
        #expect(greeting.text == #"{"text":"hello"}"#, "the fixture was read here and travelled with the stub")
        _ = try await client.get(URL(string: "\(url)/nothing?apikey=secret-key")!)

        let count = try await CommandLineSpecTests.finished(["admin", url, "count", "GET /greeting", "--expect", "1"])
        #expect(count.status == 0 && count.output == "1\n", "\(count.output) \(count.errors)")
        let wrong = try await CommandLineSpecTests.finished(["admin", url, "count", "{method: GET, path: /greeting}", "--expect", "2"])
        #expect(wrong.status == 1)
        #expect(wrong.errors.contains("expected 2 requests matching GET /greeting, received 1"))

        let waited = try await CommandLineSpecTests.finished(["admin", url, "wait", "GET /greeting", "--timeout", "5"])
        #expect(waited.status == 0 && waited.output == "GET /greeting\n", "\(waited.errors)")
        let timedOut = try await CommandLineSpecTests.finished(["admin", url, "wait", "POST /never", "--timeout", "0.2"])
        #expect(timedOut.status == 1)
        #expect(timedOut.errors.contains("no request matching POST /never arrived within 0.2 seconds"), "\(timedOut.errors)")

        let unmatched = try await CommandLineSpecTests.finished(["admin", url, "requests", "--unmatched"])
        #expect(unmatched.status == 0)
        #expect(unmatched.output.contains("#2 GET /nothing?apikey=[redacted] → 404 (no stub matched)"), "\(unmatched.output)")
        #expect(!unmatched.output.contains("secret-key"), "secrets stay masked")
        let all = try await CommandLineSpecTests.finished(["admin", url, "requests"])
        #expect(all.output.contains("#1 GET /greeting → 200 (stub "), "\(all.output)")

        let reset = try await CommandLineSpecTests.finished(["admin", url, "reset"])
        #expect(reset.status == 0)
        #expect(try await client.get(URL(string: "\(url)/greeting")!).status == 404)
        #expect(try await client.get(URL(string: "\(url)/health")!).text == "ok")
        _ = await served.stop()
    }

    @Test func badInputAndAnUnreachableServerExitTwo() async throws {
        let scratch = try WireMockCommandTests.Scratch()
        try scratch.write("bad.yaml", """
            stubs:
              - request: { method: GET, path: /x }
                respnse: { body: typo }
            """)
        let file = scratch.url.appendingPathComponent("bad.yaml").path
        let bad = try await CommandLineSpecTests.finished(["admin", "http://127.0.0.1:9", "stubs", "add", file])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("bad.yaml:3:"), "located before anything is sent: \(bad.errors)")
        let pattern = try await CommandLineSpecTests.finished(["admin", "http://127.0.0.1:9", "count", "nonsense"])
        #expect(pattern.status == 2)
        #expect(pattern.errors.contains("a pattern is \"METHOD /path\""))
        // Port 9 (discard) has no listener on loopback.
        let unreachable = try await CommandLineSpecTests.finished(["admin", "http://127.0.0.1:9", "reset"])
        #expect(unreachable.status == 2)
        #expect(unreachable.errors.contains("POST http://127.0.0.1:9/__admin/reset failed"), "\(unreachable.errors)")
    }
}
