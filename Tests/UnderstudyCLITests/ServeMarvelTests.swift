import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve --marvel`, run as a process: the README's main job.
@Suite struct ServeMarvelTests {
    @Test func servesTheDocumentedURLAndStopsCleanlyOnSIGTERM() async throws {
        let child = try ChildProcess(try BuiltProducts.url("understudy"), ["serve", "--marvel", "--ready-json"])
        let line = await child.readLine()
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "ready line: \(line)")
        let url = try #require(ready["url"] as? String)
        let port = try #require(ready["port"] as? Int)
        #expect(line == #"{"url":"http://127.0.0.1:\#(port)","port":\#(port),"ui":"http://127.0.0.1:\#(port)/__admin/ui"}"#,
                "exactly url, port and the request-log page")
        #expect(url.hasPrefix("http://127.0.0.1:"), "binds loopback by default")

        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "\(url)/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150")!)
        #expect(reply.status == 200)
        #expect(reply.text.contains(#""total":180"#))

        #expect(await child.stop().status == 0)
    }

    @Test func servingNothingIsAUsageError() async throws {
        let ended = try await ChildProcess.finished(try BuiltProducts.url("understudy"), ["serve"])
        let message = ended.errors
        #expect(ended.status == 2, "usage errors exit 2")
        #expect(message.contains("nothing to serve: name spec files or pass --marvel"))
    }
}
