import Foundation
import StubKit
import StubServer
import StubTLS
import Testing
import UnderstudyTestSupport

/// A header the stub sets arrives as set: compression and CORS add their
/// `Vary` fields beside the stub's own, never in its place, over plain HTTP
/// and over TLS alike (WireMock's Jetty sends `Vary: User-Agent` and `Vary:
/// Accept-Encoding` for such a stub).
@Suite struct HeadersAsSetTests {
    static let body = String(repeating: #"{"name":"Spider-Man"}"#, count: 100)

    static func configuration(tls: ServerTLS? = nil) -> StubServer.Configuration {
        var configuration = StubServer.Configuration()
        configuration.compression = CompressionPolicy()
        configuration.cors = CORSPolicy(allowedOrigins: ["https://app.example"])
        configuration.tls = tls
        return configuration
    }

    static let stubs = Stubs {
        Get("/varied").respond(.json(body).header("Vary", "User-Agent"))
        Get("/listed").respond(.json(body).header("Vary", "accept-encoding, Origin"))
        Get("/own-cors").respond(.json(body).header("Access-Control-Allow-Origin", "*"))
    }

    static func get(_ server: StubServer, _ path: String, gzip: Bool) async throws -> ReceiveResult {
        let socket = try RawSocket(port: server.port)
        let accept = gzip ? "Accept-Encoding: gzip\r\n" : ""
        try socket.send("GET \(path) HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example\r\n\(accept)Connection: close\r\n\r\n")
        return await socket.receiveResponse()
    }

    @Test(arguments: [true, false])
    func theStubsVaryStaysAndEachLayerAddsItsOwn(gzip: Bool) async throws {
        try await StubServer.serve(.stubs(Self.stubs, configuration: Self.configuration())) { server in
            for _ in 0..<2 { // the second answer comes from the prepared variant
                let varied = try await Self.get(server, "/varied", gzip: gzip)
                #expect(varied.headerValues("Vary") == ["User-Agent", "Accept-Encoding", "Origin"])
                #expect(varied.headers["content-encoding"] == (gzip ? "gzip" : nil))
                let listed = try await Self.get(server, "/listed", gzip: gzip)
                #expect(listed.headerValues("Vary") == ["accept-encoding", "Origin"], "a field already listed is not listed twice")
            }
            let own = try await Self.get(server, "/own-cors", gzip: gzip)
            #expect(own.headerValues("Access-Control-Allow-Origin") == ["*"], "the stub's own CORS header is kept, not doubled")
            #expect(own.headerValues("Vary") == ["Accept-Encoding", "Origin"])
        }
    }

    @Test func overTLSTheHeadersArriveTheSame() async throws {
        try await StubServer.serve(.stubs(Self.stubs, configuration: Self.configuration(tls: .generated))) { server in
            let ca = FileManager.default.temporaryDirectory.appendingPathComponent("vary-\(UUID().uuidString).pem")
            try Data(try #require(server.certificateAuthorityPEM).utf8).write(to: ca)
            defer { try? FileManager.default.removeItem(at: ca) }
            let curl = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"), [
                "-sS", "--max-time", "10", "--cacert", ca.path, "-D", "-", "-o", "/dev/null",
                "-H", "Accept-Encoding: gzip", "-H", "Origin: https://app.example", server.baseURL.absoluteString + "/varied",
            ])
            #expect(curl.status == 0, "\(curl.errors)")
            let vary = curl.output.split(separator: "\r\n").filter { $0.lowercased().hasPrefix("vary:") }
            #expect(vary == ["Vary: User-Agent", "Vary: Accept-Encoding", "Vary: Origin"], "\(curl.output)")
        }
    }
}
