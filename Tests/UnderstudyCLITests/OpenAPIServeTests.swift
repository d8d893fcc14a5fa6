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
        let served = try await CommandLineSpecTests.Served([Self.document, "--quiet"])
        defer { served.kill() }
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

    @Test func seedVariesMadeBodiesAndKeepsThemRepeatable() async throws {
        let client = HTTPClient()
        defer { client.close() }
        var bodies: [String] = []
        for seed in ["0", "5", "5"] {
            let served = try await CommandLineSpecTests.Served([Self.document, "--quiet", "--seed", seed])
            defer { served.kill() }
            let made = try await client.get(URL(string: "\(served.url)/pets/3")!)
            #expect(made.status == 200)
            bodies.append(made.text)
        }
        #expect(bodies[1] != bodies[0], "--seed 5 varies the made body: \(bodies)")
        #expect(bodies[2] == bodies[1], "the same seed answers alike in another process")
    }

    @Test func requestsThatBreakTheDocumentGetAProblemListingEveryViolation() async throws {
        let served = try await CommandLineSpecTests.Served([Self.document, "--quiet"])
        defer { served.kill() }
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
        let served = try await CommandLineSpecTests.Served([Self.document, override, "--quiet"])
        defer { served.kill() }
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

/// `understudy lint --openapi`: hand-written stubs that drifted from the
/// document, each named at its own line with the rule it breaks.
@Suite struct OpenAPILintTests {
    @Test func everyDriftedStubIsNamedWithTheRuleItBreaks() async throws {
        let run = try await CommandLineSpecTests.finished(["lint", "--openapi", OpenAPIServeTests.document, "fixtures/openapi/pets-stubs.yaml"])
        #expect(run.status == 2)
        #expect(run.output.contains("10 stubs checked against fixtures/openapi/pets.yaml: 8 problems"), "\(run.output)")
        let lines = run.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 8, "\(run.errors)")
        let expected = [
            "pets-stubs.yaml:6:5: error: GET /pets/2: its 200 response breaks the schema: body/kind: expected one of \"cat\", \"dog\", \"bird\", got \"wolf\" (rule at fixtures/openapi/pets.yaml:",
            "pets-stubs.yaml:9:5: error: GET /pets/0: its request could never be valid for GET /pets/{id} (getPet): path.id: expected at least 1, got 0",
            "pets-stubs.yaml:12:5: error: GET /pets/3: status 418 is not declared for GET /pets/{id} (getPet)",
            "pets-stubs.yaml:15:5: error: GET /pets/4: Content-Type text/plain; charset=utf-8 is not declared for the 200 response",
            "pets-stubs.yaml:18:5: error: DELETE /pets/5: the document declares GET for /pets/{id}, not DELETE",
            "pets-stubs.yaml:21:5: error: GET /owners: the document has no path that /owners matches",
            "pets-stubs.yaml:24:5: error: GET /pets (+1 condition): its request could never be valid for GET /pets (listPets): query.limit: expected at most 100, got 500",
            "pets-stubs.yaml:30:5: error: POST /pets (+1 condition): its request could never be valid for POST /pets (createPet): body: the required property kind is missing",
        ]
        for part in expected { #expect(lines.contains { $0.contains(part) }, "missing: \(part)\n\(run.errors)") }
        let scratch = try WireMockCommandTests.Scratch()
        try scratch.write("good.yaml", """
            stubs:
              - request: {method: GET, path: /pets/1}
                response: {status: 200, json: {id: 1, name: Tom, kind: cat}}
              - request: {method: POST, path: /pets, body: {json: {name: Tom, kind: cat}}}
                response: {status: 201, json: {id: 9, name: Tom, kind: cat}}
            """)
        let clean = try await CommandLineSpecTests.finished(["lint", "--openapi", OpenAPIServeTests.document, scratch.url.appendingPathComponent("good.yaml").path])
        #expect(clean.status == 0, "\(clean.errors)")
        #expect(clean.output.contains("2 stubs checked against fixtures/openapi/pets.yaml: ok"), "\(clean.output)")
    }
}

/// `understudy serve --openapi api.yaml SPEC...`: hand-written stubs served,
/// and every request and response checked against the document as it goes.
@Suite struct OpenAPITrafficTests {
    @Test func eachRequestThatBreaksTheDocumentIsLoggedWithItsViolations() async throws {
        let served = try await CommandLineSpecTests.Served(["fixtures/openapi/pets-stubs.yaml", "--openapi", OpenAPIServeTests.document, "--quiet"])
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(URL(string: "\(served.url)/pets/1")!).status == 200)
        #expect(try await client.get(URL(string: "\(served.url)/pets/2")!).status == 200)
        #expect(try await client.get(URL(string: "\(served.url)/pets?limit=500")!).status == 200)
        let log = await served.readLog { $0.contains("limit=500 broke") }
        let (status, _) = await served.stop()
        #expect(status == 0)
        #expect(log.contains("GET /pets/2 broke fixtures/openapi/pets.yaml:\n    - response: GET /pets/{id} (getPet): its 200 response breaks the schema: body/kind"), "\(log)")
        #expect(log.contains("GET /pets?limit=500 broke fixtures/openapi/pets.yaml:\n    - request: GET /pets (listPets): query.limit: expected at most 100, got 500"), "\(log)")
        #expect(!log.contains("GET /pets/1 broke"), "a request and response that keep the document are not logged")
    }
}

extension OpenAPIServeTests {
    /// schemathesis's request that once got the connection closed: an 11.6 KB
    /// query whose comma-separated `creators` break into hundreds of
    /// violations. The declared `401` is sent, its `Understudy-Violations`
    /// header holding as many as fit in 4 KB and then how many more there are.
    @Test func manyViolationsFitInABoundedHeader() async throws {
        let served = try await CommandLineSpecTests.Served(["specs/marvel.openapi.yaml", "--quiet"])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }
        let creators = (0..<400).map { "%5BFalse%2C%20None%2C%20\($0)%5D" }.joined(separator: ",")
        let target = "/v1/public/events/null/stories?creators=\(creators)&series=%C3%8B,,%C2%83I~&apikey=x"
        #expect(target.utf8.count > 11_000)
        let reply = try await client.send("GET", URL(string: served.url + target)!,
                                          headers: ["User-Agent": "python-requests/2.32.5", "Accept-Encoding": "gzip, deflate", "Accept": "*/*"])
        #expect(reply.status == 401, "\(reply.text.prefix(300))")
        let header = try #require(reply.header("Understudy-Violations"))
        #expect(header.utf8.count <= 4096, "\(header.utf8.count) bytes")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String], "a JSON array of text: \(header.prefix(200))")
        #expect(list.first == #"path.eventId: expected integer, got "null""#, "\(list.prefix(2))")
        let more = try #require(list.last)
        #expect(more.hasPrefix("… and ") && more.hasSuffix(" more violations"), "\(more)")
        let left = Int(more.dropFirst("… and ".count).prefix { $0.isNumber }) ?? 0
        #expect(list.count - 1 + left > 600, "every violation counted: \(list.count - 1) listed, \(left) more")
    }
}
