import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireMockFormat

/// `multipartPatterns` answered by the real WireMock 2.35.1 and by
/// Understudy from the same root: `ANY` and `ALL`, parts by their
/// `Content-Disposition` name and filename, part headers and part bodies,
/// each with near variants that must miss on both.
@Suite struct MultipartDifferentialTests {
    static let mappings = #"""
        {"mappings": [
          {"request": {"method": "POST", "urlPath": "/upload",
             "multipartPatterns": [{"matchingType": "ANY", "headers": {"Content-Disposition": {"contains": "name=\"file\""}},
                                    "bodyPatterns": [{"contains": "hello"}]}]},
           "response": {"status": 200, "body": "upload"}},
          {"request": {"method": "POST", "urlPath": "/all-text",
             "multipartPatterns": [{"matchingType": "ALL", "headers": {"Content-Type": {"contains": "text/plain"}}}]},
           "response": {"status": 200, "body": "all-text"}},
          {"request": {"method": "POST", "urlPath": "/meta",
             "multipartPatterns": [{"headers": {"Content-Disposition": {"contains": "name=\"meta\""}},
                                    "bodyPatterns": [{"equalToJson": {"a": 1}}]},
                                   {"headers": {"Content-Disposition": {"contains": "filename=\"a.txt\""}}}]},
           "response": {"status": 200, "body": "meta"}}
        ]}
        """#

    /// A multipart body of `parts` (disposition parameters, content type, text).
    static func body(_ parts: [(String, String?, String)], boundary: String = "XyZ") -> String {
        var text = ""
        for (disposition, type, content) in parts {
            text += "--\(boundary)\r\nContent-Disposition: form-data; \(disposition)\r\n"
            if let type { text += "Content-Type: \(type)\r\n" }
            text += "\r\n\(content)\r\n"
        }
        return text + "--\(boundary)--\r\n"
    }

    static let cases: [(name: String, path: String, contentType: String, body: String, matches: Bool)] = [
        ("file part says hello", "/upload", "multipart/form-data; boundary=XyZ",
         body([("name=\"a\"", "text/plain", "x"), ("name=\"file\"; filename=\"h.txt\"", "text/plain", "hello there")]), true),
        ("file part says bye", "/upload", "multipart/form-data; boundary=XyZ", body([("name=\"file\"", "text/plain", "bye")]), false),
        ("hello in another part", "/upload", "multipart/form-data; boundary=XyZ",
         body([("name=\"other\"", "text/plain", "hello"), ("name=\"file\"", nil, "bye")]), false),
        ("quoted boundary", "/upload", "multipart/form-data; boundary=\"q-1\"", body([("name=\"file\"", nil, "hello")], boundary: "q-1"), true),
        ("not multipart", "/upload", "text/plain", "name=\"file\" hello", false),
        ("every part text", "/all-text", "multipart/mixed; boundary=XyZ",
         body([("name=\"a\"", "text/plain", "1"), ("name=\"b\"", "text/plain; charset=utf-8", "2")]), true),
        ("one part not text", "/all-text", "multipart/mixed; boundary=XyZ",
         body([("name=\"a\"", "text/plain", "1"), ("name=\"b\"", "application/json", "{}")]), false),
        ("meta and file", "/meta", "multipart/form-data; boundary=XyZ",
         body([("name=\"meta\"", "application/json", #"{ "a" : 1 }"#), ("name=\"up\"; filename=\"a.txt\"", "text/plain", "x")]), true),
        ("meta differs", "/meta", "multipart/form-data; boundary=XyZ",
         body([("name=\"meta\"", "application/json", #"{"a":2}"#), ("name=\"up\"; filename=\"a.txt\"", "text/plain", "x")]), false),
        ("no file", "/meta", "multipart/form-data; boundary=XyZ", body([("name=\"meta\"", "application/json", #"{"a":1}"#)]), false),
    ]

    static func send(_ item: (name: String, path: String, contentType: String, body: String, matches: Bool), to port: Int) async throws -> WireAnswer {
        let socket = try RawSocket(port: port)
        try socket.send("POST \(item.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: \(item.contentType)\r\n"
                        + "Content-Length: \(item.body.utf8.count)\r\n\r\n" + item.body)
        return WireAnswer(await socket.receive())
    }

    @Test func understudyMatchesThePartsAsStated() async throws {
        let loaded = try WireMockMappings.read(Data(Self.mappings.utf8), file: "multipart.json", bodyFiles: nil)
        let server = try StubServer.start(.stubs(loaded.stubs))
        defer { server.stop() }
        for item in Self.cases {
            let answer = try await Self.send(item, to: server.port)
            #expect((answer.status == 200) == item.matches, "\(item.name): \(answer.status)")
        }
        let missed = try await Self.send(Self.cases[1], to: server.port)
        #expect(missed.text.contains(#"part \"file\" (text/plain, 3 bytes): body expected contains \"hello\", got \"bye\""#),
                "the near-miss report names the part: \(missed.text)")
    }

    @Test(.enabled("needs the WireMock jar (scripts/test installs it)") { await RealWireMock.shouldRun() })
    func theRealWireMockAgreesOnEveryCase() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-multipart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(Self.mappings.utf8).write(to: root.appendingPathComponent("mappings/multipart.json"))
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let ours = try StubServer.start(.stubs(try WireMockMappings.load(root: root).stubs))
        defer { ours.stop() }
        for item in Self.cases {
            let theirs = try await Self.send(item, to: jar.port), mine = try await Self.send(item, to: ours.port)
            #expect(theirs.status == mine.status, "\(item.name): WireMock \(theirs.status), Understudy \(mine.status)")
            if theirs.status == 200 { #expect(theirs.text == mine.text, "\(item.name)") }
        }
        await jar.stop()
    }
}
