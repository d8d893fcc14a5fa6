import Foundation
import HTTPCoding
import MicroHTTP
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Responses compressed as the request allows, per server and per stub; request
/// bodies decoded before matching. Read back with our zlib, Python's gzip
/// module and curl.
@Suite struct CompressionTests {
    static let big = #"{"items":[\#(Array(repeating: #"{"name":"Spider-Man","id":1009610}"#, count: 60).joined(separator: ","))]}"#

    static func stubs() -> [Stub] {
        Stubs {
            Get("/big").respond(.json(big).header("ETag", #""v1""#))
            Get("/small").respond(.json(#"{"a":1}"#))
            Get("/png").respond(StubResponse(status: 200, headers: ["Content-Type": "image/png"], body: Data(repeating: 7, count: 4096)))
            Get("/forced").respond(.json(#"{"a":1}"#)).compression(.compressed)
            Get("/plain").respond(.json(big)).compression(.identity)
            Get("/dynamic").respond { _ in .json(big) }
            Post("/echo").body(.jsonSubset(["name": "Ada"])).respond { .text($0.request.bodyText ?? "") }
        }
    }

    static func serve(compression: CompressionPolicy? = CompressionPolicy(), _ body: (StubServer) async throws -> Void) async throws {
        var configuration = StubServer.Configuration()
        configuration.compression = compression
        try await StubServer.serve(.stubs(stubs(), configuration: configuration), body)
    }

    static func raw(_ server: StubServer, _ path: String, acceptEncoding: String?) async throws -> ReceiveResult {
        let socket = try RawSocket(port: server.port)
        let accept = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
        try socket.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\(accept)Connection: close\r\n\r\n")
        return await socket.receiveResponse()
    }

    @Test func aCompressibleBodyIsGzippedWithVaryAWeakTagAndTheRightLength() async throws {
        try await Self.serve { server in
            for _ in 0..<2 { // the second answer comes from the prepared variant
                let reply = try await Self.raw(server, "/big", acceptEncoding: "gzip, deflate, br")
                #expect(reply.headers["content-encoding"] == "gzip")
                #expect(reply.headers["vary"] == "Accept-Encoding")
                #expect(reply.headers["etag"] == #"W/"v1""#)
                #expect(reply.headers["content-length"] == String(reply.body.count))
                #expect(reply.body.count < Self.big.utf8.count / 5)
                #expect(try ContentCoding.gzip.decode(reply.body) == Array(Self.big.utf8))
            }
            let identity = try await Self.raw(server, "/big", acceptEncoding: nil)
            #expect(identity.headers["content-encoding"] == nil)
            #expect(identity.headers["vary"] == "Accept-Encoding")
            #expect(identity.headers["etag"] == #""v1""#)
            #expect(identity.body == Array(Self.big.utf8))
        }
    }

    @Test func acceptEncodingIsNegotiated() async throws {
        try await Self.serve { server in
            let cases: [(String?, String?)] = [
                ("deflate", "deflate"), ("gzip;q=0.5, deflate", "deflate"), ("gzip;q=0, deflate;q=0", nil),
                ("*", "gzip"), ("br", nil), ("identity", nil), (nil, nil), ("GZIP", "gzip"),
            ]
            for (accept, expected) in cases {
                let reply = try await Self.raw(server, "/dynamic", acceptEncoding: accept)
                #expect(reply.headers["content-encoding"] == expected, "Accept-Encoding: \(accept ?? "(none)")")
                let coding = expected.flatMap { ContentCoding(name: $0) }
                #expect(try (coding?.decode(reply.body) ?? reply.body) == Array(Self.big.utf8))
            }
        }
    }

    @Test func thresholdTypeAndStubChoicesDecide() async throws {
        func codings(_ server: StubServer, _ paths: [String]) async throws -> [String?] {
            var found: [String?] = []
            for path in paths { found.append(try await Self.raw(server, path, acceptEncoding: "gzip").headers["content-encoding"]) }
            return found
        }
        try await Self.serve { server in
            let found = try await codings(server, ["/small", "/png", "/forced", "/plain"])
            #expect(found == [nil, nil, "gzip", nil])
        }
        try await Self.serve(compression: nil) { server in
            let found = try await codings(server, ["/big", "/forced"])
            #expect(found == [nil, "gzip"])
        }
    }

    @Test func pythonAndCurlReadTheCompressedAnswers() async throws {
        try await Self.serve { server in
            let python = """
                import gzip, sys, urllib.request
                request = urllib.request.Request(sys.argv[1], headers={"Accept-Encoding": "gzip"})
                with urllib.request.urlopen(request) as response:
                    assert response.headers["Content-Encoding"] == "gzip", response.headers
                    sys.stdout.write(gzip.decompress(response.read()).decode())
                """
            let child = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", python, server.url("/big").absoluteString])
            #expect(child.output == Self.big)
            #expect(child.status == 0)
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") else { return }
            let curl = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--compressed", server.url("/big").absoluteString])
            #expect(curl.output == Self.big)
            #expect(curl.status == 0)
        }
    }

    @Test func aGzippedRequestBodyIsMatchedDecodedAndACorruptOneGets400() async throws {
        try await Self.serve { server in
            let json = Array(#"{"name":"Ada","role":"admin"}"#.utf8)
            for coding in ContentCoding.allCases {
                let socket = try RawSocket(port: server.port)
                let body = coding.encode(json)
                try socket.send(Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: \(coding.rawValue)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
                let reply = await socket.receiveResponse()
                #expect(reply.status == 200, "\(coding)")
                #expect(reply.body == json)
            }
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /small HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n")
            #expect(await socket.receiveResponse().status == 200, "an empty body has nothing to decode")
            for (encoding, status) in [("gzip", 400), ("br", 415)] {
                let socket = try RawSocket(port: server.port)
                try socket.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Encoding: \(encoding)\r\nContent-Length: 9\r\n\r\nnot gzip!")
                let reply = await socket.receive()
                #expect(reply.status == status, "\(encoding)")
                #expect(reply.headers["content-type"] == "application/json")
                #expect(reply.ending == .closed)
            }
        }
    }
}
