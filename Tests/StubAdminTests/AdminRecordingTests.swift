import Foundation
import StubAdmin
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// `/__admin/recordings/…` in WireMock's shapes, on our server and, for the
/// reference, on the real WireMock jar recording the same upstream.
@Suite struct AdminRecordingTests {
    static func upstream() throws -> StubServer {
        try StubServer.start(.stubs(Stubs {
            Get("/items").respond(.json(#"{"items":[1,2]}"#))
        }))
    }

    /// POSTs `body` (JSON text) to `path` under `base`.
    static func post(_ client: HTTPClient, _ base: String, _ path: String, _ body: String = "") async throws -> HTTPClient.Reply {
        try await client.send("POST", URL(string: base + path)!, body: Data(body.utf8), headers: ["Content-Type": "application/json"])
    }

    /// A server with the admin API mounted, a client, and the server's base URL, for `body`.
    static func withAdmin(_ body: (StubServer, HTTPClient, String) async throws -> Void) async throws {
        let server = try StubServer.start([])
        defer { server.stop() }
        AdminAPI.mount(on: server)
        let client = HTTPClient()
        defer { client.close() }
        try await body(server, client, server.baseURL.absoluteString)
    }

    /// Starts, sends one request through, stops; the stop answer's JSON.
    static func record(_ client: HTTPClient, _ base: String, target: URL) async throws -> [String: Any] {
        let start = try await post(client, base, "/__admin/recordings/start", #"{"targetBaseUrl":"\#(target.absoluteString)"}"#)
        #expect(start.status == 200, "\(start.text)")
        let status = try await client.get(URL(string: base + "/__admin/recordings/status")!)
        #expect(status.text.contains("Recording"))
        let proxied = try await client.get(URL(string: base + "/items")!, headers: ["X-Client": "bench"])
        #expect(proxied.status == 200 && proxied.text.contains("items"))
        let stop = try await post(client, base, "/__admin/recordings/stop")
        #expect(stop.status == 200, "\(stop.text)")
        return try #require(try JSONSerialization.jsonObject(with: stop.body) as? [String: Any])
    }

    @Test func startStopAndStatusAnswerInWireMocksShapesAndTheStubsServeAtOnce() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        try await Self.withAdmin { _, client, base in
            #expect(try await client.get(URL(string: base + "/__admin/recordings/status")!).text.contains("NeverStarted"))
            let stopped = try await Self.record(client, base, target: upstream.baseURL)
            let mappings = try #require(stopped["mappings"] as? [[String: Any]])
            #expect(mappings.count == 1)
            let request = mappings.first?["request"] as? [String: Any]
            #expect((request?["urlPath"] as? String ?? request?["url"] as? String) == "/items", "\(String(describing: request))")
            let ours = try #require(stopped["understudy"] as? [String: Any])
            #expect((ours["spec"] as? String)?.contains("- id: get-items") == true)

            // A snapshot turns what the journal holds of proxied requests into stubs again, without serving them.
            // Its own record spec applies: here, matching on the X-Client header the proxied request sent.
            let snapshot = try await Self.post(client, base, "/__admin/recordings/snapshot", #"{"persist":false,"captureHeaders":{"X-Client":{}}}"#)
            let snapped = try JSONSerialization.jsonObject(with: snapshot.body) as? [String: Any]
            let snappedMappings = snapped?["mappings"] as? [[String: Any]]
            #expect(snappedMappings?.count == 1, "\(snapshot.text)")
            #expect(((snappedMappings?.first?["request"] as? [String: Any])?["headers"] as? [String: Any])?["X-Client"] != nil, "\(snapshot.text)")

            upstream.stop() // the recorded stub answers now, not the upstream
            let replayed = try await client.get(URL(string: base + "/items")!)
            #expect(replayed.status == 200 && replayed.text.contains("items"))
            #expect(try await client.get(URL(string: base + "/__admin/recordings/status")!).text.contains("Stopped"))
        }
    }

    @Test func badRecordSpecsAreRefusedByPointerAndStopWithoutStartIs409() async throws {
        try await Self.withAdmin { _, client, base in
            let noTarget = try await Self.post(client, base, "/__admin/recordings/start", "{}")
            #expect(noTarget.status == 422 && noTarget.text.contains("/targetBaseUrl"))
            let unknown = try await Self.post(client, base, "/__admin/recordings/start", #"{"targetBaseUrl":"http://example.test","transformers":["x"]}"#)
            #expect(unknown.status == 422 && unknown.text.contains("/transformers"), "never ignored: \(unknown.text)")
            let badURL = try await Self.post(client, base, "/__admin/recordings/start", #"{"targetBaseUrl":"ftp://example.test"}"#)
            #expect(badURL.status == 422)
            #expect(try await Self.post(client, base, "/__admin/recordings/stop").status == 409)
        }
    }

    @Test(.enabled("needs the WireMock jar") { await RealWireMock.shouldRun() })
    func theRealWireMockAnswersTheSameCallsInTheSameShape() async throws {
        let upstream = try Self.upstream()
        defer { upstream.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let client = HTTPClient()
        defer { client.close() }
        let theirs = try await Self.record(client, "http://127.0.0.1:\(jar.port)", target: upstream.baseURL)
        let mappings = try #require(theirs["mappings"] as? [[String: Any]])
        #expect(mappings.count == 1, "WireMock records one mapping for one request, as we do")
        #expect(((mappings.first?["response"] as? [String: Any])?["status"] as? Int) == 200)
        await jar.stop()
    }
}
