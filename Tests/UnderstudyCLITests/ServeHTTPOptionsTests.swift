import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve --cors --compress --max-* --threads`: the server-wide
/// HTTP options reach every answer of the running binary.
@Suite struct ServeHTTPOptionsTests {
    static func raw(_ url: String, _ lines: [String]) async throws -> ReceiveResult {
        let port = try #require(URL(string: url)?.port)
        let socket = try RawSocket(port: port)
        try socket.send((lines + ["Host: x", "Connection: close", "", ""]).joined(separator: "\r\n"))
        return await socket.receiveResponse()
    }

    @Test func corsCompressionAndLimitsComeFromTheCommandLine() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml", "--cors", "--compress", "--compress-min-bytes", "100",
                                                      "--max-header-fields", "5"])
        let signed = CommandLineSpecTests.signed
        let page = try await Self.raw(served.url, ["GET /v1/public/comics?\(signed) HTTP/1.1", "Accept-Encoding: gzip", "Origin: https://a.example"])
        #expect(page.status == 200)
        #expect(page.headers["content-encoding"] == "gzip")
        #expect(page.headers["access-control-allow-origin"] == "*")
        let missing = try await Self.raw(served.url, ["GET /nowhere HTTP/1.1", "Origin: https://a.example"])
        #expect(missing.status == 404 && missing.headers["access-control-allow-origin"] == "*")
        let preflight = try await Self.raw(served.url, ["OPTIONS /v1/public/comics HTTP/1.1", "Origin: https://a.example",
                                                  "Access-Control-Request-Method: GET"])
        #expect(preflight.status == 204)
        let flooded = try await Self.raw(served.url, ["GET /v1/public/comics HTTP/1.1"] + (1...5).map { "X-\($0): v" })
        #expect(flooded.status == 431)
        #expect(flooded.text.contains(#""limit":"maxHeaderFields","value":5"#))
        let (status, log) = await served.stop()
        #expect(status == 0, "\(log)")
        #expect(log.contains("204 OPTIONS /v1/public/comics → CORS preflight"), "\(log)")
    }

    /// Three threads: three loops' daemons on the one port, callers at once each answered.
    @Test func theThreadsComeFromTheCommandLine() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.yaml", "--threads", "3", "--quiet"])
        let signed = CommandLineSpecTests.signed
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<6 {
                group.addTask {
                    let client = HTTPClient()
                    defer { client.close() }
                    for call in 0..<5 {
                        let page = try await client.get(URL(string: "\(served.url)/v1/public/comics?\(signed)")!)
                        #expect(page.status == 200, "caller \(caller), call \(call)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let (status, log) = await served.stop()
        #expect(status == 0, "\(log)")
    }

    @Test func badValuesAreRefusedBeforeServing() async throws {
        let result = try await CommandLineSpecTests.finished(["serve", "specs/marvel.yaml", "--max-cookies", "0"])
        #expect(result.status == 2) // the command line's usage error
        #expect(result.errors.contains("--max-cookies must be at least 1, not 0"))
        let threads = try await CommandLineSpecTests.finished(["serve", "specs/marvel.yaml", "--threads", "0"])
        #expect(threads.status == 2)
        #expect(threads.errors.contains("--threads must be 1...1024, not 0"))
    }
}
