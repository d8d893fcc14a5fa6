import Foundation
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport

/// A prepared set serves many servers, each with its own counts and scenarios.
@Suite struct StubSetTests {
    static let set = try! StubSet {
        Get("/once").times(1).respond(.text("first"))
        Get("/flow").inScenario("f", whenState: ScenarioStep.started, willSetStateTo: "Done").respond(.text("started"))
        Get("/static").respond(.text("shared"))
    }

    @Test func serversFromOneSetShareNoState() async throws {
        let first = try StubServer.start(.prepared(Self.set))
        defer { first.stop() }
        let second = try StubServer.start(.prepared(Self.set))
        defer { second.stop() }
        let client = HTTPClient()
        defer { client.close() }
        for server in [first, second] {
            let once = try await client.get(server.url("/once"))
            let again = try await client.get(server.url("/once"))
            let flow = try await client.get(server.url("/flow"))
            let shared = try await client.get(server.url("/static"))
            #expect(once.text == "first" && again.status == 404, "each server counts its own answers")
            #expect(flow.text == "started", "each server has its own scenario states")
            #expect(shared.text == "shared")
        }
        #expect(first.scenarioState("f") == "Done" && second.scenarioState("f") == "Done")
        #expect(first.journal.count == 4 && second.journal.count == 4)
    }

    @Test func aSetRefusesStubsThatCannotWorkWhenPrepared() {
        #expect(throws: StubValidationError.self) { try StubSet { Get("/a/{x}/{x}") } }
    }

    @Test func runtimeChangesKeepTheCountsOfStubsThatStay() async throws {
        let server = try StubServer.start([Get("/limited").id("limited").times(2).respond(.text("ok"))])
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.close() }
        _ = try await client.get(server.url("/limited"))
        try server.add([Get("/other")])
        let second = try await client.get(server.url("/limited"))
        let third = try await client.get(server.url("/limited"))
        #expect(second.text == "ok")
        #expect(third.status == 404, "the count of 1 survived the change, so the limit of 2 is reached")
    }
}
