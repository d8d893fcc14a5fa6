import Foundation
import HTTPCoding
import MarvelFake
import MicroHTTP
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// The fake speaks HTTP as the API does: gzip when asked, CORS for browsers
/// (preflights and every answer), HEAD as GET without the body.
@Suite struct MarvelFakeHTTPTests {
    static let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"

    static func raw(_ port: Int, _ lines: [String]) async throws -> ReceiveResult {
        let socket = try RawSocket(port: port)
        try socket.send((lines + ["Connection: close", "", ""]).joined(separator: "\r\n"))
        return await socket.receiveResponse()
    }

    @Test func answersAreGzippedWhenAskedAndTheETagStillRevalidates() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let path = "/v1/public/characters?limit=5&\(Self.signed)"
        let plain = try await Self.raw(server.port, ["GET \(path) HTTP/1.1", "Host: x"])
        let zipped = try await Self.raw(server.port, ["GET \(path) HTTP/1.1", "Host: x", "Accept-Encoding: gzip"])
        #expect(plain.headers["content-encoding"] == nil)
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.headers["vary"] == "Accept-Encoding")
        #expect(try ContentCoding.gzip.decode(zipped.body) == plain.body)
        // The API's unquoted tag is not an RFC entity-tag; it is sent unchanged, as the API does.
        let tag = try #require(plain.headers["etag"])
        #expect(zipped.headers["etag"] == tag)
        let revalidated = try await Self.raw(server.port, ["GET \(path) HTTP/1.1", "Host: x", "Accept-Encoding: gzip", "If-None-Match: \(tag)"])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        let error = try await Self.raw(server.port, ["GET /v1/public/characters?limit=500&\(Self.signed) HTTP/1.1", "Host: x", "Accept-Encoding: gzip"])
        #expect(error.status == 409 && error.headers["content-encoding"] == "gzip")
        #expect(String(decoding: try ContentCoding.gzip.decode(error.body), as: UTF8.self).contains("You may not request more than 100 items."))
    }

    @Test func aBrowserPreflightIsAllowedForGETAndOtherMethodsStill405() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let preflight = try await Self.raw(server.port, ["OPTIONS /v1/public/comics?\(Self.signed) HTTP/1.1", "Host: x",
                                                   "Origin: https://app.example", "Access-Control-Request-Method: GET"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-origin"] == "*")
        #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS")
        let plainOptions = try await Self.raw(server.port, ["OPTIONS /v1/public/comics HTTP/1.1", "Host: x"])
        #expect(plainOptions.status == 405 && plainOptions.headers["access-control-allow-origin"] == "*")
    }

    @Test func headAnswersAsGetWithoutTheBody() async throws {
        let server = try MarvelFake().start()
        defer { server.stop() }
        let get = try await Self.raw(server.port, ["GET /v1/public/comics?limit=3&\(Self.signed) HTTP/1.1", "Host: x"])
        let head = try await Self.raw(server.port, ["HEAD /v1/public/comics?limit=3&\(Self.signed) HTTP/1.1", "Host: x"])
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == get.headers["content-length"])
        #expect(head.headers["etag"] == get.headers["etag"])
        let unsigned = try await Self.raw(server.port, ["HEAD /v1/public/comics HTTP/1.1", "Host: x"])
        #expect(unsigned.status == 409 && unsigned.body.isEmpty)
    }
}
