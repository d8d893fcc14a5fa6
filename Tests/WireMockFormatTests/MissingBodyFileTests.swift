import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// A `bodyFileName` that does not exist, as WireMock 2.35.1 treats it: the
/// root loads, the other mappings answer, that mapping answers `500` naming
/// the file until the file appears; loading says so as a warning. A path
/// that escapes `__files/` is still refused.
@Suite struct MissingBodyFileTests {
    static func root() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data(#"{"request":{"url":"/here"},"response":{"status":200,"body":"here"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/here.json"))
        try Data("""
            {"request": {"url": "/missing"},
             "response": {"status": 201, "headers": {"Content-Type": "application/json"}, "bodyFileName": "later/absent.json"}}
            """.utf8).write(to: root.appendingPathComponent("mappings/missing.json"))
        return root
    }

    @Test func theRootLoadsWithAWarningAndThatMappingAnswers500UntilTheFileExists() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let loaded = try WireMockMappings.load(root: root)
        #expect(loaded.stubs.count == 2)
        let warning = try #require(loaded.warnings.first)
        #expect(loaded.warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.description.hasPrefix("\(root.lastPathComponent)/mappings/missing.json:2:95: warning: /response/bodyFileName: bodyFileName \"later/absent.json\" does not exist"), "\(warning)")

        try await StubServer.serve(.stubs(loaded.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            #expect(try await client.get(server.baseURL.appendingPathComponent("here")).text == "here")
            let missing = try await client.get(server.baseURL.appendingPathComponent("missing"))
            #expect(missing.status == 500)
            #expect(missing.text.contains("later/absent.json"), "\(missing.text)")

            try FileManager.default.createDirectory(at: root.appendingPathComponent("__files/later"), withIntermediateDirectories: true)
            try Data(#"{"late":true}"#.utf8).write(to: root.appendingPathComponent("__files/later/absent.json"))
            let found = try await client.get(server.baseURL.appendingPathComponent("missing"))
            #expect(found.status == 201 && found.text == #"{"late":true}"#, "read at request time, as WireMock reads it")
        }
    }

    @Test func aBodyFileOutsideFilesIsStillRefused() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"request":{"url":"/escape"},"response":{"bodyFileName":"../../etc/passwd"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/escape.json"))
        #expect {
            _ = try WireMockMappings.load(root: root)
        } throws: { error in
            "\(error)".contains("mappings/escape.json:1:") && "\(error)".contains("outside")
        }
    }

    @Test(.enabled("needs the WireMock jar (scripts/test installs it)") { await RealWireMock.shouldRun() })
    func theRealWireMockAnswersTheSameStatuses() async throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let wireMock = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { ours.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for (path, status) in [("here", 200), ("missing", 500)] {
            for port in [wireMock.port, ours.port] {
                let reply = try await client.get(URL(string: "http://127.0.0.1:\(port)/\(path)")!)
                #expect(reply.status == status, "port \(port) /\(path): \(reply.status)")
                if status == 500 { #expect(reply.text.contains("later/absent.json"), "port \(port): the answer names the file") }
            }
        }
        await wireMock.stop()
    }
}
