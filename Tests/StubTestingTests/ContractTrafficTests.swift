import Foundation
import OpenAPIStubs
import StubTesting
import Testing
import UnderstudyTestSupport

/// A server with an OpenAPI document as its contract: every request and
/// response that breaks the document fails the test, at the stub that
/// answered, unless the test allows it.
@Suite struct ContractTrafficTests {
    static let document: OpenAPIDocument = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/openapi/pets.yaml")
        return try! OpenAPIDocument(data: Data(contentsOf: file), file: "pets.yaml")
    }()

    static func stubs() -> [Stub] {
        Stubs {
            Get("/pets/1").respond(.json(#"{"id":1,"name":"Tom","kind":"cat"}"#))
            Get("/pets/2").respond(.json(#"{"id":2,"name":"Rex","kind":"wolf"}"#))
            Get("/pets").respond(.json("[]"))
        }
    }

    @Test func trafficThatBreaksTheDocumentFailsTheTestAtTheStub() async throws {
        let client = HTTPClient()
        defer { client.close() }
        let configuration = StubServer.Configuration(contract: Self.document)
        let issues = await knownIssues {
            try await withStubServer(.stubs(Self.stubs(), configuration: configuration)) { server in
                _ = try await client.get(server.url("/pets/1"))
                _ = try await client.get(server.url("/pets/2"))
                _ = try await client.get(server.url("/pets?limit=500"))
            }
        }
        #expect(issues.count == 3, "\(issues.map(\.text))")
        let drifted = try #require(issues.first { $0.text.hasPrefix("The stub GET /pets/2") }, "the stub is judged before any request")
        #expect(drifted.text.contains("can never keep pets.yaml") && drifted.text.contains("rule: pets.yaml:"), "\(drifted.text)")
        #expect(drifted.sourceLocation?.line == 20)
        let wolf = try #require(issues.first { $0.text.contains("Request #2 GET /pets/2") })
        #expect(wolf.text.contains("broke pets.yaml"))
        #expect(wolf.text.contains("response: GET /pets/{id} (getPet): its 200 response breaks the schema: body/kind: expected one of \"cat\", \"dog\", \"bird\", got \"wolf\""), "\(wolf.text)")
        #expect(wolf.sourceLocation?.line == 20, "at the stub that answered: \(String(describing: wolf.sourceLocation))")
        let limit = try #require(issues.first { $0.text.contains("limit=500") })
        #expect(limit.text.contains("request: GET /pets (listPets): query.limit: expected at most 100, got 500"), "\(limit.text)")
    }

    @Test func expectStubsNamesEveryStubThatCanNeverKeepTheDocument() async throws {
        let problems = await knownIssues {
            let found = expectStubs(Self.stubs() + Stubs {
                Post("/pets").respond(.status(200))
                Get("/owners").respond(.json("[]"))
            }, conformTo: Self.document)
            #expect(found.count == 3)
        }
        #expect(problems.count == 3, "\(problems.map(\.text))")
        let lines = problems.compactMap { $0.sourceLocation?.line }.sorted()
        #expect(lines == [20, 51, 52], "each at its stub's declaration: \(lines)")
        #expect(problems.contains { $0.text.contains("POST /pets") && $0.text.contains("status 200 is not declared for POST /pets (createPet)") },
                "\(problems.map(\.text))")
        #expect(problems.contains { $0.text.contains("the document has no path that /owners matches") })
        #expect(expectStubs(Stubs { Get("/pets/1").respond(.json(#"{"id":1,"name":"Tom","kind":"cat"}"#)) }, conformTo: Self.document).isEmpty)
        // A subset body leaves the other members open: `required` is not held against it, a wrong value is.
        let open = Stubs { Post("/pets").body(.jsonSubset(#"{"kind":"cat"}"#)).respond(.json(#"{"id":3,"name":"Tom","kind":"cat"}"#, status: 201)) }
        #expect(Self.document.check(open).problems.isEmpty, "\(Self.document.check(open).problems)")
        let wrong = Stubs { Post("/pets").body(.jsonSubset(#"{"kind":"wolf"}"#)).respond(.json(#"{"id":3,"name":"Tom","kind":"cat"}"#, status: 201)) }
        #expect(Self.document.check(wrong).problems.map(\.message).contains { $0.contains("body/kind") }, "\(Self.document.check(wrong).problems)")
    }

    @Test func aServerServingTheDocumentItselfIsNotJudgedForItsOwnStubs() async throws {
        let client = HTTPClient()
        defer { client.close() }
        // Any issue the scope recorded would fail this test: the document's
        // own stubs (405 answers included) are not held against it.
        let reply = try await withStubServer(.stubs(Self.document.stubs(), configuration: StubServer.Configuration(contract: Self.document))) { server in
            try await client.get(server.url("/pets/1"))
        }
        #expect(reply.status == 200)
    }

    @Test func aTestMayAllowTheViolations() async throws {
        let client = HTTPClient()
        defer { client.close() }
        // Any issue the scope recorded would fail this test.
        let reply = try await withStubServer(.stubs(Self.stubs(), configuration: StubServer.Configuration(contract: Self.document)),
                                             allowsContractViolations: true) { server in
            try await client.get(server.url("/pets/2"))
        }
        #expect(reply.text.contains("wolf"))
    }
}
