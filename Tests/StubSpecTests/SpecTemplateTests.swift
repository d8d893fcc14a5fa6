import Foundation
import StubKit
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// Response templates without Swift: `template:` and `templateJSON:` in spec
/// files, served by a real server, written back by the spec writer, and the
/// DSL's `respond(template:)` beside them.
@Suite struct SpecTemplateTests {
    static let spec = """
        stubs:
          - request: { method: POST, path: /users }
            response:
              status: 201
              headers: { Location: "/users/{{jsonPath request.body '$.id'}}" }
              templateJSON: { id: "{{jsonPath request.body '$.id'}}", name: "{{upper (jsonPath request.body '$.name')}}" }
          - request: { method: GET, path: "/hello/{name}" }
            response:
              template: "Hello {{request.path.[1]}}, you sent {{size request.query}} parameters"
        """

    @Test func aSpecTemplateIsServedForEachRequest() async throws {
        let loaded = try StubSpec.parse(Self.spec, name: "templates.yaml", directory: URL(fileURLWithPath: "/"))
        try await StubServer.serve(.stubs(loaded.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let created = try await client.send("POST", server.url("/users"), body: Data(#"{"id": 42, "name": "ada"}"#.utf8))
            #expect(created.status == 201)
            #expect(created.text == #"{"id":"42","name":"ADA"}"#)
            #expect(created.header("Location") == "/users/42")
            #expect(created.header("Content-Type") == "application/json")
            let hello = try await client.get(server.url("/hello/Grace?a=1&b=2"))
            #expect(hello.text == "Hello Grace, you sent 2 parameters")
            #expect(hello.header("Content-Type") == "text/plain; charset=utf-8")
        }
    }

    @Test func aTemplateThatDoesNotParseIsRefusedAtItsKey() {
        #expect {
            _ = try StubSpec.parse("""
                stubs:
                  - request: { method: GET, path: /x }
                    response:
                      template: "{{#if request.query.a}}open"
                """, name: "broken.yaml", directory: URL(fileURLWithPath: "/"))
        } throws: { error in
            "\(error)".contains("broken.yaml:4:17: error: stubs[0].response.template: the template does not parse: template 1:1: {{#if}} is not closed")
        }
    }

    @Test func theSpecWriterWritesTemplatesThatReadBackTheSame() async throws {
        let stubs = Stubs {
            Get("/greet/{who}").respond(template: "hi {{request.path.[1]}}", headers: ["X-Who": "{{request.path.[1]}}"])
        }
        let written = try SpecWriter.document(stubs)
        #expect(written.contains(#""template": "hi {{request.path.[1]}}""#), "\(written)")
        let read = try StubSpec.parse(written, name: "written.yaml", directory: URL(fileURLWithPath: "/"))
        try await StubServer.serve(.stubs(read.stubs)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/greet/ann"))
            #expect(reply.text == "hi ann" && reply.header("X-Who") == "ann")
        }
    }

    @Test func aDSLTemplateThatDoesNotParseStopsTheServerNamingTheStub() {
        let stubs = Stubs { Get("/bad").respond(template: "{{#each x}}") }
        #expect {
            _ = try StubServer.start(.stubs(stubs))
        } throws: { error in
            "\(error)".contains("SpecTemplateTests.swift") && "\(error)".contains("template 1:1: {{#each}} is not closed")
        }
    }
}

/// The clock and the random source a template reads are the server's: a
/// test fixes both and compares whole answers.
@Suite struct TemplateDeterminismTests {
    @Test func aFixedClockAndSeedMakeTheSameAnswerEveryTime() async throws {
        var configuration = StubServer.Configuration()
        configuration.clock = { Date(timeIntervalSince1970: 1_700_000_000) }
        configuration.randomSeed = 42
        let stubs = Stubs { Get("/now").respond(template: "{{now}} {{now offset='1 days' format='yyyy-MM-dd'}} {{randomValue length=6}}") }
        var answers: [String] = []
        for _ in 0..<2 {
            try await StubServer.serve(.stubs(stubs, configuration: configuration)) { server in
                let client = HTTPClient()
                defer { client.close() }
                answers.append(try await client.get(server.url("/now")).text)
            }
        }
        #expect(answers[0].hasPrefix("2023-11-14T22:13:20Z 2023-11-15 "), "\(answers[0])")
        #expect(answers[0] == answers[1], "a server with the same seed draws the same values")
    }
}

/// `systemValue` shows only the environment variables the server permits.
@Suite struct TemplateSystemValueTests {
    @Test func onlyPermittedKeysAreShown() async throws {
        var configuration = StubServer.Configuration()
        configuration.permittedSystemKeys = ["home"]
        let stubs = Stubs { Get("/env").respond(template: "{{systemValue key='HOME'}}|{{systemValue key='PATH'}}") }
        try await StubServer.serve(.stubs(stubs, configuration: configuration)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
            let text = try await client.get(server.url("/env")).text
            #expect(text == "\(home)|[ERROR: Access to PATH is denied]")
        }
    }
}
