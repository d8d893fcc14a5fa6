import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// JSON body matchers take Swift literals and `Encodable` values.
@Suite struct JSONBodyMatcherTests {
    struct Order: Encodable { var item: String; var count: Int }

    @Test func literalsAndEncodableValuesMatchRealBodies() async throws {
        let stubs = Stubs {
            Post("/titles").body(.jsonPath("title", equals: "Spider-Man")).respond(.text("path"))
            Post("/orders").body(.jsonSubset(["item": "web-shooter", "tags": ["a", "b"], "gift": false, "note": nil])).respond(.text("subset"))
            Post("/exact").body(.json(encoding: Order(item: "mask", count: 2))).respond(.text("encoded"))
            Post("/partial").body(.jsonSubset(encoding: ["count": 3], ignoringArrayOrder: true)).respond(.text("encoded subset"))
            Post("/price").body(.jsonPath("price", equals: 2.5)).body(.jsonPath("qty", equalsEncoding: 4)).respond(.text("numbers"))
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        func post(_ path: String, _ json: String) async throws -> Int {
            try await client.send("POST", server.url(path), body: Data(json.utf8)).status
        }
        #expect(try await post("/titles", #"{"title":"Spider-Man","id":1}"#) == 200)
        #expect(try await post("/titles", #"{"title":"Venom"}"#) == 404)
        #expect(try await post("/orders", #"{"item":"web-shooter","tags":["a","b"],"gift":false,"note":null,"extra":1}"#) == 200)
        #expect(try await post("/orders", #"{"item":"web-shooter","tags":["b","a"],"gift":false,"note":null}"#) == 404, "array order counts by default")
        #expect(try await post("/exact", #"{"count":2,"item":"mask"}"#) == 200)
        #expect(try await post("/partial", #"{"count":3,"item":"x"}"#) == 200)
        #expect(try await post("/price", #"{"price":2.5,"qty":4}"#) == 200)
        _ = server.takeIssues()
    }

    @Test func aValueThatCannotBeEncodedIsRefusedAtStartNotMatchedAsNull() {
        let line = #line + 1
        let stubs = Stubs { Post("/nan").body(.json(encoding: Double.nan)) }
        #expect {
            try StubServer.start(.stubs(stubs))
        } throws: { error in
            guard let problem = (error as? StubValidationError)?.problems.first else { return false }
            return problem.location.line == line && problem.message.hasPrefix("the body matcher's value cannot be encoded as JSON: Double:")
        }
    }
}
