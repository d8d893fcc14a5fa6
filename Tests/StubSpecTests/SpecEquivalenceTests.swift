import Foundation
import StubKit
import MarvelStubs
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// A spec file is the serialized form of the DSL's stubs: loading one and
/// declaring the same stubs in Swift serve the same responses.
@Suite struct SpecEquivalenceTests {
    /// Marvel's spec keywords come from its plug-in, registered as the command line registers it.
    init() { StubPlugins.register(.marvel) }

    static let spec = """
        guard: { bearer: t0ken }
        stubs:
          - request:
              method: GET
              path: /users/{id}
              query: { fields: { oneOf: [name, all] }, debug: absent }
              headers: { Accept: { contains: json } }
            response: { status: 200, json: { id: 7, name: Ada, tags: [a, "1"], admin: false, boss: null } }
          - request: { method: POST, path: /users, body: { jsonSubset: { name: Ada } } }
            response: { status: 201, headers: { Location: /users/7 }, body: created }
          - request: { method: GET, path: /feed }
            sequence:
              - { status: 200, body: first }
              - { status: 503, body: second }
          - request: { method: GET, path: /comics }
            response: { marvel: { results: [ { id: 1, title: One }, { id: 2, title: Two }, { id: 3, title: Three } ] } }
          - request: { method: GET, path: /teapot }
            response: { marvelError: { status: 418, message: "I'm a teapot" } }
          - request: { method: GET, path: /once }
            times: 1
            response: { body: only once }
        """

    static let dsl: [Stub] = Stubs {
        Group(guard: .bearer("t0ken")) {
            Get("/users/{id}").query("fields", .oneOf(["name", "all"])).query("debug", .absent).header("Accept", .contains("json"))
                .respond(.json(#"{"admin":false,"boss":null,"id":7,"name":"Ada","tags":["a","1"]}"#))
            Post("/users").body(.jsonSubset(.object(["name": .string("Ada")]), ignoringArrayOrder: false))
                .respond(StubResponse(status: 201, headers: ["Content-Type": "text/plain; charset=utf-8", "Location": "/users/7"],
                                      body: Data("created".utf8)))
            Get("/feed").respond(.sequence([
                .fixed(.init(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("first".utf8))),
                .fixed(.init(status: 503, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("second".utf8))),
            ]))
            Get("/comics").respond(.marvel(results: [
                ["id": JSONValue.number(1), "title": .string("One")],
                ["id": .number(2), "title": .string("Two")],
                ["id": .number(3), "title": .string("Three")],
            ]))
            Get("/teapot").respond(.marvelError(418, "I'm a teapot"))
            Get("/once").times(1).respond(.init(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("only once".utf8)))
        }
    }

    static let requests: [(String, String, [String: String], String?)] = [
        ("GET", "/users/7?fields=name", ["Accept": "application/json", "Authorization": "Bearer t0ken"], nil),
        ("GET", "/users/7?fields=name&debug=1", ["Accept": "application/json", "Authorization": "Bearer t0ken"], nil),
        ("GET", "/users/7?fields=name", ["Accept": "application/json"], nil),
        ("POST", "/users", ["Authorization": "Bearer t0ken"], #"{"name":"Ada","age":36}"#),
        ("GET", "/feed", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/feed", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/feed", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/comics?limit=2&offset=1", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/comics?limit=101", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/teapot", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/once", ["Authorization": "Bearer t0ken"], nil),
        ("GET", "/once", ["Authorization": "Bearer t0ken"], nil),
    ]

    @Test func aSpecAndTheSameStubsInSwiftServeIdenticalResponses() async throws {
        let spec = try StubSpec.parse(Self.spec, name: "equivalence.yaml", directory: URL(fileURLWithPath: "/tmp"))
        #expect(spec.entries.count == 6)
        let fromSpec = try StubServer.start(.stubs(spec.stubs))
        let fromSwift = try StubServer.start(.stubs(Self.dsl))
        defer { fromSpec.stop(); fromSwift.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for (method, target, headers, body) in Self.requests {
            let a = try await client.send(method, fromSpec.url(target), body: body.map { Data($0.utf8) }, headers: headers)
            let b = try await client.send(method, fromSwift.url(target), body: body.map { Data($0.utf8) }, headers: headers)
            #expect(a.status == b.status, "\(method) \(target)")
            #expect(a.header("Content-Type") == b.header("Content-Type"), "\(method) \(target)")
            #expect(a.header("Location") == b.header("Location"), "\(method) \(target)")
            #expect(a.header("ETag") == b.header("ETag"), "\(method) \(target)")
            if a.status == 404 {
                #expect(b.status == 404) // the reports name different declaration sites
            } else {
                #expect(a.text == b.text, "\(method) \(target)")
            }
        }
        #expect(fromSpec.journal.unmatched.count == fromSwift.journal.unmatched.count)
    }

    /// A plain `Nan` or `infinity` in a JSON body is a name, not a number
    /// JSON cannot hold: the body used to be served as `?`.
    @Test func namesThatLookLikeNonNumbersAreServedAsText() async throws {
        let text = "stubs:\n  - request: {method: GET, path: /who}\n    response:\n      json: {name: Nan, count: infinity, flag: True}\n"
        let spec = try StubSpec.parse(text, name: "names.yaml", directory: URL(fileURLWithPath: "/tmp"))
        let server = try StubServer.start(.stubs(spec.stubs))
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        let answer = try await client.send("GET", server.url("/who"))
        let body = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        #expect(body?["name"] as? String == "Nan")
        #expect(body?["count"] as? String == "infinity")
        #expect(body?["flag"] as? Bool == true)
    }
}
