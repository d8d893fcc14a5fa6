import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// A proxy stub as WireMock's `proxyBaseUrl` mapping: exported, served by the
/// real WireMock and read back by Understudy, all three forwarding alike.
@Suite(.enabled("needs the WireMock jar (scripts/test installs it)") { await RealWireMock.shouldRun() })
struct ProxyMappingTests {
    @Test func aProxyStubForwardsTheSameFromUnderstudyWireMockAndTheReadBack() async throws {
        let upstream = try StubServer.start(.stubs(Stubs {
            Get("/users/1").header("X-Added", .equals("yes")).respond(.json(#"{"id":1,"name":"Ann"}"#))
        }))
        defer { upstream.stop() }
        let stubs = Stubs {
            Get("/api/local").respond(.text("local"))
            Route("/api/{rest*}").proxy(to: upstream.baseURL, removingPrefix: "/api", adding: ["X-Added": "yes"])
        }
        let export = WireMockExport(stubs: stubs)
        #expect(export.notExported.isEmpty, "\(export.notExported)")
        let mapping = try #require(export.files.first { $0.path.contains("api") && $0.path.hasSuffix(".json") && String(decoding: $0.contents, as: UTF8.self).contains("proxyBaseUrl") })
        let text = String(decoding: mapping.contents, as: UTF8.self)
        #expect(text.contains(#""proxyUrlPrefixToRemove": "/api""#) && text.contains(#""X-Added": "yes""#), "\(text)")

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try export.write(to: root)
        let wireMock = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let original = try StubServer.start(.stubs(stubs))
        defer { original.stop() }
        let readBack = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { readBack.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for port in [original.port, wireMock.port, readBack.port] {
            let forwarded = try await client.get(URL(string: "http://127.0.0.1:\(port)/api/users/1")!)
            #expect(forwarded.status == 200 && forwarded.text.contains("Ann"), "port \(port): \(forwarded.status) \(forwarded.text)")
            let local = try await client.get(URL(string: "http://127.0.0.1:\(port)/api/local")!)
            #expect(local.text == "local", "port \(port)")
        }
        #expect(upstream.journal.count == 3, "each server forwarded once, with the added header")
        await wireMock.stop()
    }

    @Test func aProxyMappingThatAlsoStatesABodyIsRefusedAtItsPointer() {
        let mapping = #"{"request":{"urlPattern":"/x.*"},"response":{"proxyBaseUrl":"http://example.test","body":"ignored?"}}"#
        #expect {
            _ = try WireMockMappings.read(Data(mapping.utf8), file: "proxy.json", bodyFiles: nil)
        } throws: { error in
            "\(error)".contains("/response/body") && "\(error)".contains("upstream's")
        }
    }
}
