import Foundation
import StubAdmin
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// The admin API on a real server, driven over HTTP as another process would.
@Suite struct AdminAPITests {
    static let mapping = #"{"request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hi"}}"#

    /// A server with `stubs` and the admin API mounted, plus a client.
    struct Running {
        let server: StubServer
        let admin: AdminAPI
        let client = HTTPClient()

        init(_ stubs: [Stub] = [], options: AdminOptions = AdminOptions()) throws {
            server = try StubServer.start(.stubs(stubs))
            admin = AdminAPI.mount(on: server, options: options)
        }

        func call(_ method: String, _ path: String, _ body: String? = nil, headers: [String: String] = [:]) async throws -> HTTPClient.Reply {
            try await client.send(method, server.url("/__admin" + path), body: body.map { Data($0.utf8) }, headers: headers)
        }

        func json(_ reply: HTTPClient.Reply) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any], "\(reply.text)")
        }

        func stop() {
            client.close()
            server.stop()
        }
    }

    @Test func aPostedMappingAnswersAndIsCountedWhileAdminCallsStayOutOfTheJournal() async throws {
        let running = try Running([Get("/ours").respond(.text("ours"))])
        defer { running.stop() }
        let created = try await running.call("POST", "/mappings", Self.mapping)
        #expect(created.status == 201)
        let id = try #require(try running.json(created)["id"] as? String)
        #expect(UUID(uuidString: id) != nil)

        #expect(try await running.client.get(running.server.url("/hello")).text == "hi")
        #expect(try await running.client.get(running.server.url("/nothing")).status == 404)
        let count = try await running.call("POST", "/requests/count", #"{"method": "GET", "urlPath": "/hello"}"#)
        #expect(try running.json(count)["count"] as? Int == 1)
        #expect(running.server.journal.entries.map(\.request.path) == ["/hello", "/nothing"], "no admin call is journaled")

        let listed = try running.json(try await running.call("GET", "/mappings"))
        #expect((listed["meta"] as? [String: Any])?["total"] as? Int == 2)
        let fetched = try running.json(try await running.call("GET", "/mappings/\(id)"))
        #expect((fetched["response"] as? [String: Any])?["body"] as? String == "hi")

        let events = try running.json(try await running.call("GET", "/requests?limit=1"))
        let newest = try #require((events["requests"] as? [[String: Any]])?.first)
        #expect((newest["request"] as? [String: Any])?["url"] as? String == "/nothing")
        #expect(newest["wasMatched"] as? Bool == false)

        let misses = try running.json(try await running.call("GET", "/requests/unmatched/near-misses"))
        #expect((misses["nearMisses"] as? [Any])?.isEmpty == false)

        let replaced = try await running.call("PUT", "/mappings/\(id)",
                                              #"{"request": {"method": "GET", "urlPath": "/hello"}, "response": {"body": "bye"}}"#)
        #expect(replaced.status == 200)
        #expect(try await running.client.get(running.server.url("/hello")).text == "bye")
        #expect(try await running.call("DELETE", "/mappings/\(id)").status == 200)
        #expect(try await running.client.get(running.server.url("/hello")).status == 404)
        #expect(try await running.call("GET", "/mappings/\(id)").status == 404)
    }

    @Test func aPostedTemplatedMappingRendersAndABrokenTemplateIsRefusedAtItsPlace() async throws {
        let running = try Running()
        defer { running.stop() }
        let created = try await running.call("POST", "/mappings", #"""
            {"request": {"method": "POST", "urlPath": "/echo"},
             "response": {"status": 201, "body": "{{jsonPath request.body '$.name'}} at {{request.url}}", "transformers": ["response-template"]}}
            """#)
        #expect(created.status == 201, "\(created.text)")
        let echoed = try await running.client.send("POST", running.server.url("/echo?x=1"), body: Data(#"{"name": "Ann"}"#.utf8))
        #expect(echoed.status == 201 && echoed.text == "Ann at /echo?x&#x3D;1", "\(echoed.text)")
        let broken = try await running.call("POST", "/mappings", #"{"request": {"urlPath": "/b"}, "response": {"body": "{{#if x}}", "transformers": ["response-template"]}}"#)
        #expect(broken.status == 422 && broken.text.contains("/response/body") && broken.text.contains("{{#if}} is not closed"), "\(broken.text)")
    }

    @Test func aBadBodyGetsALocatedErrorAndChangesNothing() async throws {
        let running = try Running()
        defer { running.stop() }
        let typo = try await running.call("POST", "/mappings", #"{"request": {"methd": "GET"}, "response": {}}"#)
        #expect(typo.status == 422)
        #expect(typo.text.contains(#""pointer":"/request/methd""#), "\(typo.text)")
        #expect(typo.text.contains(#"did you mean \"method\"?"#))
        let broken = try await running.call("POST", "/mappings", #"{"request": {"#)
        #expect(broken.status == 422)
        #expect(broken.text.contains("not valid JSON"))
        let unknown = try await running.call("GET", "/nowhere")
        #expect(unknown.status == 404)
        #expect(running.server.stubs.isEmpty)
    }

    @Test func aTokenIsAskedOfEveryCallerWhenSet() async throws {
        let running = try Running(options: AdminOptions(token: "admin-t0ken"))
        defer { running.stop() }
        let refused = try await running.call("GET", "/mappings")
        #expect(refused.status == 401)
        #expect(refused.headers["WWW-Authenticate"] == "Bearer")
        #expect(try await running.call("GET", "/mappings", headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(try await running.call("GET", "/mappings", headers: ["Authorization": "Bearer admin-t0ken"]).status == 200)
    }

    @Test func scenariosSettingsAndResetGoBackToTheStart() async throws {
        let running = try Running([
            Get("/flow").inScenario("flow", whenState: ScenarioStep.started, willSetStateTo: "done").respond(.text("first")),
            Get("/flow").inScenario("flow", whenState: "done").respond(.text("then")),
            Get("/join").inScenario("sign up", whenState: ScenarioStep.started, willSetStateTo: "joined").respond(.text("welcome")),
        ])
        defer { running.stop() }
        #expect(try await running.client.get(running.server.url("/flow")).text == "first")
        let scenarios = try running.json(try await running.call("GET", "/scenarios"))
        let flow = try #require((scenarios["scenarios"] as? [[String: Any]])?.first)
        #expect(flow["state"] as? String == "done")
        #expect(flow["possibleStates"] as? [String] == ["Started", "done"])
        #expect(try await running.call("PUT", "/scenarios/flow/state", #"{"state": "Started"}"#).status == 200)
        #expect(try await running.client.get(running.server.url("/flow")).text == "first")
        #expect(try await running.call("PUT", "/scenarios/nope/state", #"{"state": "x"}"#).status == 404)
        #expect(try await running.call("PUT", "/scenarios/sign%20up/state", #"{"state": "joined"}"#).status == 200, "a name is percent-decoded")
        #expect(running.server.scenarioState("sign up") == "joined")

        #expect(try await running.call("POST", "/settings", #"{"fixedDelay": 5}"#).text == "{}")
        let settings = try running.json(try await running.call("GET", "/settings"))
        #expect((settings["settings"] as? [String: Any])?["fixedDelay"] as? Int == 5)

        _ = try await running.call("POST", "/mappings", Self.mapping)
        #expect(try await running.call("POST", "/reset").status == 200)
        #expect(running.server.stubs.count == 3, "back to the stubs it started with")
        #expect(running.server.journal.entries.isEmpty)
        #expect(running.server.scenarioState("flow") == "Started")
        #expect(running.server.scenarioState("sign up") == "Started")
    }
}
