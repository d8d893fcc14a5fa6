import Foundation
import StubAdmin
import StubKit
import StubServer
import Testing

/// A mapping body posted again is not read again (`MappingMemory`), and
/// nothing a test can see tells the two apart: each post is a stub of its
/// own with its own id, a body that names a file reads the file as it is
/// now, and a body that is refused is refused every time.
@Suite struct MappingMemoryTests {
    static let body = #"{"request": {"method": "GET", "url": "/items/1"}, "response": {"status": 200, "jsonBody": {"id": 1}}}"#

    static func post(_ api: AdminAPI, _ body: String, to path: String = "/mappings") -> (status: Int, json: [String: Any], text: String) {
        let answer = api.answer(RecordedRequest(method: "POST", target: "/__admin" + path, body: Data(body.utf8), remoteAddress: "127.0.0.1:1"))
        let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:]
        return (answer.status, json, String(decoding: answer.body, as: UTF8.self))
    }

    @Test func theSameBodyPostedAgainIsAStubOfItsOwnWithItsOwnId() throws {
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server)
        // Read, read and kept, then taken as kept.
        let posts = (0..<3).map { _ in Self.post(api, Self.body) }
        #expect(posts.allSatisfy { $0.status == 201 })
        let ids = posts.compactMap { $0.json["id"] as? String }
        #expect(ids.count == 3 && Set(ids).count == 3)
        for id in ids {
            #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "a version 4 UUID: \(id)")
            #expect(UUID(uuidString: id) != nil)
            let stub = try #require(server.stub(StubID(id)))
            #expect(stub.request.description.contains("/items/1"))
            #expect(stub.asWritten?.description.contains(#""id":"\#(id)""#) == true, "each stub is listed with its own id")
        }
        #expect(server.stubs.count == 3)
    }

    @Test func aBodyNamingAFileReadsTheFileAsItIsNow() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID().uuidString)")
        let files = root.appendingPathComponent("__files")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server, options: AdminOptions(root: root))
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        let body = #"{"id": "\#(id)", "request": {"url": "/file"}, "response": {"bodyFileName": "answer.txt"}}"#
        // The same key spelled with an escape: the same mapping, its file read afresh too.
        let escaped = #"{"id": "\#(id)", "request": {"url": "/file"}, "response": {"bodyFileN\u0061me": "answer.txt"}}"#
        for (text, posted) in [("first", body), ("second", body), ("third", body), ("fourth", escaped), ("fifth", escaped), ("sixth", escaped)] {
            try Data(text.utf8).write(to: files.appendingPathComponent("answer.txt"))
            #expect(Self.post(api, posted).status == 201)
            guard case .fixed(let response)? = server.stub(StubID(id))?.response else {
                Issue.record("no fixed answer for \(text)")
                continue
            }
            #expect(String(decoding: response.body, as: UTF8.self) == text)
        }
    }

    @Test func aRefusedBodyIsRefusedEveryTime() throws {
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server)
        let refused = #"{"request": {"url": "/x", "urlPath": "/y"}, "response": {"status": 200}}"#
        let answers = (0..<3).map { _ in Self.post(api, refused) }
        #expect(answers.allSatisfy { $0.status == 422 })
        #expect(Set(answers.map(\.text)).count == 1, "the same problem each time: \(answers.map(\.text))")
        #expect(answers[0].text.contains("urlPath"), "\(answers[0].text)")
        #expect(server.stubs.isEmpty)
    }
}
