import Foundation
@testable import MicroHTTP
import StubTLS
import Testing
import UnderstudyTestSupport

/// Over TLS an answer's head is held for its body only where libmicrohttpd
/// sends the body right after it; every other answer's head goes at once.
@Suite struct TLSAnswerSegmentsTests {
    @Test func aHeadIsHeldOnlyWhereABodyFollowsIt() {
        #expect(TLSAnswerSegments.bodyFollowsHead(status: 200, bodyCount: 1, noBody: false))
        #expect(TLSAnswerSegments.bodyFollowsHead(status: 404, bodyCount: 1473, noBody: false))
        #expect(!TLSAnswerSegments.bodyFollowsHead(status: 200, bodyCount: 0, noBody: false))
        #expect(!TLSAnswerSegments.bodyFollowsHead(status: 200, bodyCount: 10, noBody: true), "HEAD, CONNECT")
        for status in [100, 101, 199, 204, 304] {
            #expect(!TLSAnswerSegments.bodyFollowsHead(status: status, bodyCount: 10, noBody: false), "\(status)")
        }
    }

    /// Every shape of answer over one kept TLS connection arrives whole, and
    /// no head was left held for a body that did not come.
    @Test func everyAnswerShapeOverOneTLSConnectionArrivesAndNoHeadIsLeftHeld() async throws {
        let authority = try ThrowawayCertificateAuthority()
        let leaf = try authority.issue(.server(hosts: ["127.0.0.1"]))
        var configuration = DaemonConfiguration()
        configuration.tls = TLSCredentials(certificateChainPEM: leaf.certificatePEM, privateKeyPEM: leaf.privateKeyPEM)
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        let daemon = try Daemon(configuration) { request in
            switch request.path {
            case "/small": return .response(HTTPResponse(status: 200, body: Array("small".utf8)))
            case "/large": return .response(HTTPResponse(status: 200, body: large))
            case "/none": return .response(HTTPResponse(status: 204))
            case "/same": return .response(HTTPResponse(status: 304, body: Array("ignored".utf8)))
            case "/empty": return .response(HTTPResponse(status: 200))
            default: return .response(HTTPResponse(status: 404, body: Array("missing".utf8)))
            }
        }
        defer { daemon.stop() }
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("segments-ca-\(UUID().uuidString).pem")
        try authority.certificatePEM.write(to: ca, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: ca) }
        let script = """
        import http.client, ssl, sys
        context = ssl.create_default_context(cafile=sys.argv[2])
        connection = http.client.HTTPSConnection("127.0.0.1", int(sys.argv[1]), context=context, timeout=30)
        for method, path in [("GET", "/small"), ("HEAD", "/small"), ("GET", "/large"), ("GET", "/none"),
                             ("GET", "/same"), ("GET", "/empty"), ("HEAD", "/large"), ("GET", "/gone"), ("GET", "/small")]:
            connection.request(method, path)
            response = connection.getresponse()
            print(method, path, response.status, len(response.read()))
        """
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(daemon.port), ca.path])
        #expect(run.status == 0, "\(run.errors.suffix(2000))")
        #expect(run.output.split(separator: "\n") == [
            "GET /small 200 5", "HEAD /small 200 0", "GET /large 200 100000", "GET /none 204 0",
            "GET /same 304 0", "GET /empty 200 0", "HEAD /large 200 0", "GET /gone 404 7", "GET /small 200 5",
        ], "\(run.output)")
        #expect(daemon.tlsHeadsSentAlone == 0)
    }
}
