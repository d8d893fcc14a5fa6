import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelStubs
import StubKit
import StubServer
@testable import StubSpec
import Testing

/// Stateful resources in spec files: `resource:` read as the DSL declares
/// one (seed inline or from a file, nested paths, a plug-in's envelope),
/// served with the stub's other keys, refused with line and key when wrong,
/// and written back.
@Suite struct SpecResourceTests {
    static let spec = """
        stubs:
          - resource:
              path: /v1/users
              seed: { file: users.json }
              operations: [list, get, create, patch, delete]
            guard: { bearer: s3cret }
            delay: 5ms
          - resource:
              path: /v1/users/{userId}/posts
              seed: [ { id: 10, userId: 1, title: Notes } ]
              generatedIDs: uuids
          - resource:
              path: /v1/public/characters
              seed: [ { id: 1011334, name: 3-D Man }, { id: 1017100, name: A-Bomb (HAS) } ]
              envelope: marvel
        """

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-resource-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"[{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]"#.utf8).write(to: folder.appendingPathComponent("users.json"))
        return folder
    }

    static func get(_ server: StubServer, _ method: String, _ path: String, json: String? = nil,
                    token: String? = "s3cret") async throws -> (Int, HTTPURLResponse, JSONValue?) {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await server.session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http, JSONValue(exactly: data))
    }

    @Test func aResourceBlockServesAsTheDSLDeclaresIt() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try StubSpec.parse(Self.spec, name: "resources.yaml", directory: folder, plugins: [.marvel])
        guard case .resource(let users) = spec.stubs[0].response, case .resource(let posts) = spec.stubs[1].response else {
            Issue.record("a resource block is a resource")
            return
        }
        #expect(users == ResourceDeclaration(collectionPath: "/v1/users", seed: [["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"]],
                                             operations: [.list, .get, .create, .patch, .delete]))
        #expect(posts.parentFields == ["userId"] && posts.generatedIDs == .uuids)
        #expect(spec.stubs[0].guards.count == 1 && spec.stubs[0].delay == .fixed(.milliseconds(5)), "a resource takes the stub's other keys")

        let server = try StubServer.start(.stubs { spec.stubs })
        defer { server.stop() }
        #expect(try await Self.get(server, "GET", "/v1/users", token: nil).0 == 401)
        #expect(try await Self.get(server, "GET", "/v1/users").2 == [["id": 1, "name": "Ada"], ["id": 2, "name": "Grace"]])
        let put = try await Self.get(server, "PUT", "/v1/users/1", json: "{}")
        #expect(put.0 == 405 && put.1.value(forHTTPHeaderField: "Allow") == "GET, PATCH, DELETE")
        let post = try await Self.get(server, "POST", "/v1/users/1/posts", json: #"{"title":"New"}"#)
        #expect(post.0 == 201 && post.1.value(forHTTPHeaderField: "Location")?.hasPrefix("/v1/users/1/posts/") == true)

        let page = try await Self.get(server, "GET", "/v1/public/characters?limit=1&offset=1&apikey=1234&ts=1&hash=x")
        #expect(page.0 == 200)
        #expect(page.2?.value(at: "data.total") == 2 && page.2?.value(at: "data.count") == 1, "Marvel's paging, not a filter on apikey")
        #expect(page.2?.value(at: "data.results[0].name") == "A-Bomb (HAS)")
        let one = try await Self.get(server, "GET", "/v1/public/characters/1011334")
        #expect(one.2?.value(at: "data.results[0].id") == 1011334 && one.2?.value(at: "code") == 200, "one item is a page of one")
        let created = try await Self.get(server, "POST", "/v1/public/characters", json: #"{"name":"Abyss"}"#)
        #expect(created.0 == 201 && created.2?.value(at: "data.results[0].id") == 1017101)
        let bad = try await Self.get(server, "GET", "/v1/public/characters?limit=500")
        #expect(bad.0 == 409, "the envelope's own refusal: Marvel's limit is 1...100")
    }

    @Test func aResourceTravelsToAnotherProcessAndBack() throws {
        let stubs = [
            Resource("/v1/tags", id: "slug", seed: [["slug": "swift"]], operations: [.list, .get], generatedIDs: .integers),
            Resource("/v1/users/{userId}/posts", envelope: .marvel).times(3),
        ]
        let text = try SpecWriter.document(stubs)
        let read = try StubSpec.parse(text, name: "remote", directory: URL(fileURLWithPath: "/"), plugins: [.marvel])
        let declarations = { (stubs: [Stub]) in
            stubs.compactMap { stub -> ResourceDeclaration? in
                if case .resource(let declaration) = stub.response { return declaration }
                return nil
            }
        }
        #expect(declarations(read.stubs) == declarations(stubs) && declarations(stubs).count == 2, "\(text)")
        #expect(read.stubs[1].times == 3)
    }

    @Test func mistakesNameTheirLineAndKey() {
        let problems = SpecErrorTests.problems("""
            stubs:
              - resource:
                  path: /v1/users/{userId}
              - resource:
                  path: /v1/items
                  operations: [list, fetch]
                  generatedIDs: words
                  envelope: hal
              - resource:
                  path: /v1/items
                  seed: [ { id: 1 }, { id: 1 } ]
              - resource: { path: /v1/things }
                request: { path: /v1/things }
              - resource: { seed: [] }
            """)
        #expect(problems.contains { $0.contains("bad.yaml:3") && $0.contains("the path ends in {userId}") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:6") && $0.contains(#"unknown operation "fetch""#) }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:7") && $0.contains(#"unknown kind of id "words""#) }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:8") && $0.contains(#"envelope "hal""#) }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:11") && $0.contains("seed item 1 repeats id 1") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:12") && $0.contains("a stub with resource has no request") }, "\(problems)")
        #expect(problems.contains { $0.contains("bad.yaml:14") && $0.contains("a resource needs a path") }, "\(problems)")
    }
}
