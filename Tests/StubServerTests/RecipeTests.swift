import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// Response recipes: bodies of every kind, closures, sequences, scenarios, fixtures.
@Suite struct RecipeTests {
    struct Hero: Codable, Equatable { var id: Int; var name: String; var firstSeen: Date }

    @Test func encodableBodiesUseTheGivenEncoder() async throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        let hero = Hero(id: 1, name: "Peter", firstSeen: Date(timeIntervalSince1970: 0))
        let server = try StubServer.start([Get("/hero").respond(json: hero, status: 201, encoder: encoder)])
        defer { server.stop() }
        do {
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/hero"))
            #expect(reply.status == 201)
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.text == #"{"firstSeen":"1970-01-01T00:00:00Z","id":1,"name":"Peter"}"#)
        }
    }

    @Test func dynamicResponsesSeeCapturesQueryHeadersAndJSONBody() async throws {
        struct Order: Codable { var item: String; var quantity: Int }
        let stubs = Stubs {
            Post("/users/{user:int}/orders").respond { request in
                let order = try request.decode(Order.self)
                let user = request.capture("user", as: Int.self)!
                let text = "user \(user) ordered \(order.quantity) \(order.item) via \(request.queryValue("via") ?? "?") as \(request.headers["X-Client"] ?? "?")"
                return .text(text, status: 201)
            }
            Get("/fail").respond { _ in throw CocoaError(.featureUnsupported) }
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        do {
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.send("POST", server.url("/users/42/orders?via=app"),
                                              body: Data(#"{"item":"web-shooter","quantity":2}"#.utf8), headers: ["X-Client": "ios"])
            #expect(reply.status == 201)
            #expect(reply.text == "user 42 ordered 2 web-shooter via app as ios")
            let failure = try await client.get(server.url("/fail"))
            #expect(failure.status == 500)
            #expect(failure.text.contains("the stub's response closure threw"))
            #expect(failure.text.contains("RecipeTests.swift"), "names where the stub was declared")
        }
    }

    @Test func sequencesAnswerInOrderAndRepeatTheLast() async throws {
        let stub = Get("/job").respondInSequence([.status(202), .status(202), .json(#"{"done":true}"#)])
        let server = try StubServer.start([stub])
        defer { server.stop() }
        do {
            let client = HTTPClient()
            defer { client.close() }
            var statuses: [Int] = []
            for _ in 0..<5 { statuses.append(try await client.get(server.url("/job")).status) }
            #expect(statuses == [202, 202, 200, 200, 200])
        }
    }

    @Test func scenariosModelATokenRefresh() async throws {
        let stubs = Stubs {
            Get("/me").inScenario("auth", whenState: ScenarioStep.started).respond(.status(401))
            Post("/token").inScenario("auth", willSetStateTo: "Refreshed").respond(.json(#"{"token":"new"}"#))
            Get("/me").inScenario("auth", whenState: "Refreshed").respond(.json(#"{"id":1}"#))
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        do {
            let client = HTTPClient()
            defer { client.close() }
            #expect(try await client.get(server.url("/me")).status == 401)
            #expect(server.scenarioState("auth") == "Started")
            #expect(try await client.send("POST", server.url("/token")).status == 200)
            #expect(server.scenarioState("auth") == "Refreshed")
            #expect(try await client.get(server.url("/me")).text == #"{"id":1}"#)
            server.resetScenarios()
            #expect(try await client.get(server.url("/me")).status == 401)
        }
    }

    @Test func scenarioTransitionsStayConsistentUnderConcurrentCalls() async throws {
        // A ticket machine: each state answers once and moves to the next.
        let stubs = (0..<50).map { step in
            Get("/ticket").inScenario("queue", whenState: step == 0 ? ScenarioStep.started : "s\(step)", willSetStateTo: "s\(step + 1)")
                .respond(.text("\(step)"))
        }
        let server = try StubServer.start(.stubs(stubs))
        defer { server.stop() }
        do {
            let base = server.baseURL
            let tickets = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<60 {
                    group.addTask {
                        let client = HTTPClient()
                        defer { client.close() }
                        let reply = try await client.get(base.appendingPathComponent("ticket"))
                        return reply.status == 200 ? reply.text : "none"
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(tickets.filter { $0 != "none" }.sorted { Int($0)! < Int($1)! } == (0..<50).map(String.init),
                    "every state answered exactly once")
            #expect(tickets.filter { $0 == "none" }.count == 10)
            #expect(server.scenarioState("queue") == "s50")
        }
    }

    @Test func fixturesAreReadRelativeToTheirFolderAndCannotEscape() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("heroes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"name":"Peter"}"#.utf8).write(to: folder.appendingPathComponent("heroes/peter.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("heroes/escape.json").path,
                                                   withDestinationPath: "/etc/hostname")
        var configuration = StubServer.Configuration()
        configuration.fixturesDirectory = folder
        do {
            let server = try StubServer.start(.stubs([Get("/peter").respond(fixture: "heroes/peter.json")], configuration: configuration))
            defer { server.stop() }
            let client = HTTPClient()
            defer { client.close() }
            let reply = try await client.get(server.url("/peter"))
            #expect(reply.text == #"{"name":"Peter"}"#)
            #expect(reply.header("Content-Type") == "application/json")
        }
        for path in ["../outside.json", "/etc/hostname", "heroes/escape.json", "heroes/missing.json"] {
            #expect(throws: StubValidationError.self, "fixture \(path)") {
                try StubServer.start(.stubs([Get("/x").respond(fixture: path)], configuration: configuration)).stop()
            }
        }
    }
}
