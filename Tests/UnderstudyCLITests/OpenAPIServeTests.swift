import Foundation
import Testing
import UnderstudyTestSupport

/// `understudy serve api.yaml`: an OpenAPI document served as a mock, its
/// examples chosen by `Prefer`, bodies made from schemas, and requests that
/// break the document answered with a problem listing every violation.
@Suite struct OpenAPIServeTests {
    static let document = "fixtures/openapi/pets.yaml"

    static func json(_ reply: HTTPClient.Reply) throws -> Any { try JSONSerialization.jsonObject(with: reply.body) }

    @Test func examplesAreChosenByPreferAndBodiesMadeFromSchemas() async throws {
        let served = try CommandLineSpecTests.Served([Self.document, "--quiet"])
        defer { _ = served.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let first = try await client.get(URL(string: "\(served.url)/pets?limit=2&tags=cat,dog")!)
        #expect(first.status == 200 && first.header("Content-Type") == "application/json")
        #expect((try Self.json(first) as? [[String: Any]])?.map { $0["name"] as? String } == ["Tom", "Rex"], "the first named example")
        let none = try await client.send("GET", URL(string: "\(served.url)/pets")!, headers: ["Prefer": "example=none"])
        #expect(none.text == "[]")
        let missing = try await client.send("GET", URL(string: "\(served.url)/pets/3")!, headers: ["Prefer": "code=404"])
        #expect(missing.status == 404 && missing.header("Content-Type") == "application/problem+json")
        #expect(missing.text.contains("Not found"))

        let made = try await client.get(URL(string: "\(served.url)/pets/3")!)
        #expect(made.status == 200)
        let pet = try #require(try Self.json(made) as? [String: Any], "\(made.text)")
        #expect(pet["id"] as? Int == 1 && pet["kind"] as? String == "cat" && (pet["name"] as? String)?.isEmpty == false,
                "a body made from the schema: minimum, first enum value, minLength: \(made.text)")
        #expect(pet["born"] as? String == "2024-01-01", "a date for format: date")
        let again = try await client.get(URL(string: "\(served.url)/pets/3")!)
        #expect(again.body == made.body, "made bodies are the same every time")

        let mine = try await client.get(URL(string: "\(served.url)/pets/mine")!)
        #expect(mine.text.contains("Mine"), "a literal path comes before a template: \(mine.text)")
    }

    @Test func requestsThatBreakTheDocumentGetAProblemListingEveryViolation() async throws {
        let served = try CommandLineSpecTests.Served([Self.document, "--quiet"])
        defer { _ = served.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let query = try await client.get(URL(string: "\(served.url)/pets?limit=0&tags=cat,fish")!)
        #expect(query.status == 400 && query.header("Content-Type") == "application/problem+json")
        let problem = try #require(try Self.json(query) as? [String: Any])
        #expect(problem["operation"] as? String == "GET /pets (listPets)")
        let violations = try #require(problem["violations"] as? [[String: Any]])
        #expect(violations.compactMap { $0["location"] as? String } == ["query.limit", "query.tags/1"], "\(violations)")
        #expect((violations.first?["rule"] as? String)?.hasPrefix("fixtures/openapi/pets.yaml:14:") == true, "the rule's place: \(violations)")

        let body = try await client.send("POST", URL(string: "\(served.url)/pets")!, body: Data(#"{"name":"","kind":"fish","age":3}"#.utf8),
                                         headers: ["Content-Type": "application/json"])
        #expect(body.status == 422)
        let bodyViolations = try #require((try Self.json(body) as? [String: Any])?["violations"] as? [[String: Any]])
        #expect(Set(bodyViolations.compactMap { $0["location"] as? String }) == ["body/name", "body/kind", "body/age"], "\(bodyViolations)")
        let text = try await client.send("POST", URL(string: "\(served.url)/pets")!, body: Data("Tom".utf8), headers: ["Content-Type": "text/plain"])
        #expect(text.status == 415)
        let created = try await client.send("POST", URL(string: "\(served.url)/pets")!, body: Data(#"{"name":"Tom","kind":"cat"}"#.utf8),
                                            headers: ["Content-Type": "application/json"])
        #expect(created.status == 201)

        let method = try await client.send("DELETE", URL(string: "\(served.url)/pets")!)
        #expect(method.status == 405 && method.header("Allow") == "GET, POST, HEAD")
        let unknown = try await client.get(URL(string: "\(served.url)/owners")!)
        #expect(unknown.status == 404)
        let closest = try #require((try Self.json(unknown) as? [String: Any])?["closestStubs"] as? [[String: Any]])
        let listPets = try #require(closest.first { ($0["stub"] as? String) == "GET /pets (listPets): GET /pets" }, "the near miss names operations: \(unknown.text)")
        let declared = try #require(listPets["declaredAt"] as? [String: Any])
        #expect(declared["fileID"] as? String == Self.document && declared["line"] as? Int == 10 && declared["pointer"] as? String == "#/paths/~1pets/get")
    }

    @Test func aSpecFilesStubsTakePrecedenceAndLintCountsOperations() async throws {
        let scratch = try WireMockCommandTests.Scratch()
        try scratch.write("override.yaml", """
            stubs:
              - request: {method: GET, path: /pets/1}
                response: {status: 200, json: {id: 1, name: Override, kind: dog}}
            """)
        let override = scratch.url.appendingPathComponent("override.yaml").path
        let served = try CommandLineSpecTests.Served([Self.document, override, "--quiet"])
        defer { _ = served.stop() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(URL(string: "\(served.url)/pets/1")!).text.contains("Override"))
        #expect(try await client.get(URL(string: "\(served.url)/pets/2")!).status == 200)

        let lint = try await CommandLineSpecTests.finished(["lint", Self.document])
        #expect(lint.status == 0)
        #expect(lint.output.contains("fixtures/openapi/pets.yaml: 4 OpenAPI operations, ok"), "\(lint.output)")
        try scratch.write("broken.yaml", "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    get:\n      responses: 7\n")
        let broken = try await CommandLineSpecTests.finished(["lint", scratch.url.appendingPathComponent("broken.yaml").path])
        #expect(broken.status == 2)
        #expect(broken.errors.contains("broken.yaml:6:18: error: paths./a.get.responses:"), "\(broken.errors)")
    }
}
