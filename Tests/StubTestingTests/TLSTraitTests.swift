import Foundation
import StubKit
import StubServer
import StubTesting
import Testing
import UnderstudyTestSupport

/// `.stubServer(tls: .generated) { … }`: an HTTPS server per test and the
/// authority a client trusts to reach it.
@Suite struct TLSTraitTests {
    @Test(.stubServer(tls: .generated) {
        Get("/secure").respond(.text("over tls"))
    })
    func aTestGetsAnHTTPSServerAndTheAuthorityToTrust() async throws {
        let server = try #require(StubServer.current)
        #expect(server.baseURL.scheme == "https")
        let authority = FileManager.default.temporaryDirectory.appendingPathComponent("trait-ca-\(UUID().uuidString).pem")
        try #require(server.certificateAuthorityPEM).write(to: authority, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: authority) }
        let reply = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"),
                                                    ["-sS", "--max-time", "10", "--cacert", authority.path, server.url("/secure").absoluteString])
        #expect(reply.status == 0 && reply.output == "over tls", "\(reply.errors)")
    }
}
