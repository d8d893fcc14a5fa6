import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve --marvel`, run as a process: the README's main job.
@Suite struct ServeMarvelTests {
    /// Reads the first line the process prints.
    static func firstLine(of pipe: Pipe) -> String {
        var buffer = Data()
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        return String(decoding: buffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test func servesTheDocumentedURLAndStopsCleanlyOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = try BuiltProducts.url("understudy")
        process.arguments = ["serve", "--marvel", "--ready-json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = Self.firstLine(of: output)
        let ready = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "ready line: \(line)")
        let url = try #require(ready["url"] as? String)
        let port = try #require(ready["port"] as? Int)
        #expect(line == #"{"url":"http://127.0.0.1:\#(port)","port":\#(port)}"#, "exactly url and port")
        #expect(url.hasPrefix("http://127.0.0.1:"), "binds loopback by default")

        let client = HTTPClient()
        defer { client.close() }
        let reply = try await client.get(URL(string: "\(url)/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150")!)
        #expect(reply.status == 200)
        #expect(reply.text.contains(#""total":180"#))

        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test func servingNothingIsAUsageError() throws {
        let process = Process()
        process.executableURL = try BuiltProducts.url("understudy")
        process.arguments = ["serve"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(process.terminationStatus == 2, "usage errors exit 2")
        #expect(message.contains("nothing to serve: name spec files or pass --marvel"))
    }
}
