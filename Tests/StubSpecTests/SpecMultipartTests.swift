import Foundation
import StubKit
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// `multipart:` in spec files: parts by name and filename, part headers and
/// bodies, any or all; served by a real server and written back.
@Suite struct SpecMultipartTests {
    static let spec = """
        stubs:
          - request:
              method: POST
              path: /upload
              multipart:
                - { name: file, filename: a.txt, body: { contains: hello } }
                - { matching: all, headers: { Content-Disposition: { contains: form-data } } }
            response: { status: 201, body: stored }
        """

    static func upload(_ content: String, filename: String) -> (Data, String) {
        let body = "--b0\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi\r\n"
            + "--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: text/plain\r\n\r\n\(content)\r\n--b0--\r\n"
        return (Data(body.utf8), "multipart/form-data; boundary=b0")
    }

    @Test func aSpecFilesMultipartConditionsAreServedAndWrittenBack() async throws {
        let read = try StubSpec.parse(Self.spec, name: "upload.yaml", directory: URL(fileURLWithPath: "/"))
        let written = try StubSpec.parse(try SpecWriter.document(read.stubs), name: "written.json", directory: URL(fileURLWithPath: "/"))
        for stubs in [read.stubs, written.stubs] {
            try await StubServer.serve(.stubs(stubs)) { server in
                let client = HTTPClient()
                defer { client.close() }
                for (content, filename, status) in [("hello world", "a.txt", 201), ("bye", "a.txt", 404), ("hello", "b.txt", 404)] {
                    let (body, type) = Self.upload(content, filename: filename)
                    let reply = try await client.send("POST", server.url("/upload"), body: body, headers: ["Content-Type": type])
                    #expect(reply.status == status, "\(content) in \(filename)")
                }
            }
        }
    }

    @Test func aMisspelledMatchingIsRefusedAtItsKey() {
        #expect {
            _ = try StubSpec.parse("""
                stubs:
                  - request: { method: POST, path: /u, multipart: [ { matching: some } ] }
                    response: { status: 200 }
                """, name: "bad.yaml", directory: URL(fileURLWithPath: "/"))
        } throws: { error in
            "\(error)".contains("bad.yaml:2:65: error: stubs[0].request.multipart[0].matching: expected any or all, got \"some\"")
        }
    }
}
