import Foundation
import StubKit
import StubServer
import WireMockFormat
import Synchronization

/// Scenarios, settings, reset, shutdown, health and version.
extension AdminAPI {
    /// The version `GET /version` and `GET /health` report.
    public static let version = "understudy-0.2 (WireMock 2.35.1 admin API)"

    /// `GET /scenarios`.
    func listScenarios() -> StubResponse {
        AdminAnswer.json(.object(["scenarios": .array(scenarios())]))
    }

    /// `POST /scenarios/reset`: every scenario back to `Started`.
    func resetScenarios() -> StubResponse {
        server.resetScenarios()
        return AdminAnswer.ok()
    }

    /// `PUT /scenarios/{name}/state`: `{"state": "…"}`, or no body for `Started`.
    func setScenarioState(_ call: AdminCall) -> StubResponse {
        let name = call.part(1)
        guard scenarioNames().contains(name) else {
            return AdminAnswer.error(404, "Scenario \(name) does not exist")
        }
        guard !call.request.body.isEmpty else {
            server.setScenarioState(name, to: ScenarioStep.started)
            return AdminAnswer.ok()
        }
        guard case .object(let fields)? = JSONValue(data: call.request.body), case .string(let state)? = fields["state"] else {
            return AdminAnswer.error(422, "expected {\"state\": \"…\"}", pointer: "/state")
        }
        server.setScenarioState(name, to: state)
        return AdminAnswer.ok()
    }

    /// `GET /settings`.
    func currentSettings() -> StubResponse {
        AdminAnswer.json(.object(["settings": .object(settings.withLock { $0 })]))
    }

    /// `POST /reset`: the stubs served at mount, an empty journal, scenarios at `Started`, resources at their seed.
    func resetAll() -> StubResponse {
        do {
            try server.replaceAll(with: baseline)
        } catch {
            return AdminAnswer.error(500, "\(error)")
        }
        server.resetJournal()
        server.resetScenarios()
        server.resetResources()
        return AdminAnswer.ok()
    }

    /// `POST /shutdown`, where the server's owner allows it.
    func shutdown() -> StubResponse {
        guard let stop = options.onShutdown else {
            return AdminAnswer.error(409, "this server is not one the admin API may shut down")
        }
        // After the answer has gone: the reply is sent before this returns.
        DispatchQueue.global().async { stop() }
        return AdminAnswer.ok()
    }

    /// `GET /health`.
    func health() -> StubResponse {
        AdminAnswer.json(.object([
            "status": .string("healthy"), "message": .string("Understudy is ok"), "version": .string(Self.version),
            "uptimeInSeconds": .number(Date().timeIntervalSince(started).rounded(.down)),
            "timestamp": .string(WireMockJSON.iso8601(Date())),
        ]))
    }

    /// `GET /version`.
    func versionAnswer() -> StubResponse { AdminAnswer.json(.object(["version": .string(Self.version)])) }

    private func scenarioNames() -> [String] {
        var names: [String] = []
        for stub in server.stubs { if let name = stub.scenario?.scenario, !names.contains(name) { names.append(name) } }
        return names
    }

    /// `{id, name, state, possibleStates, mappings}` per scenario, as 2.35.1 shows them.
    private func scenarios() -> [JSONValue] {
        let stubs = server.stubs
        return scenarioNames().map { name in
            var states = [ScenarioStep.started]
            var mappings: [JSONValue] = []
            for stub in stubs where stub.scenario?.scenario == name {
                for state in [stub.scenario?.requiredState, stub.scenario?.newState].compactMap({ $0 }) where !states.contains(state) {
                    states.append(state)
                }
                mappings.append(.string(stub.id.rawValue))
            }
            return .object([
                "id": .string(name), "name": .string(name), "state": .string(server.scenarioState(name)),
                "possibleStates": .array(states.map(JSONValue.string)), "mappings": .array(mappings),
            ])
        }
    }

    /// `{"fixedDelay": ms}` delays every answer whose stub has no delay of its own.
    func changeSettings(_ body: Data) -> StubResponse {
        guard case .object(let fields)? = JSONValue(data: body) else {
            return AdminAnswer.error(422, "expected a settings object such as {\"fixedDelay\": 100}", pointer: "/")
        }
        for key in fields.keys where !["fixedDelay", "delayDistribution", "extended", "proxyPassThrough"].contains(key) {
            return AdminAnswer.error(422, "unknown setting \"\(key)\"", pointer: "/\(key)")
        }
        if fields["delayDistribution"] != nil {
            return AdminAnswer.error(422, "a global delay distribution is not supported; use fixedDelay", pointer: "/delayDistribution")
        }
        switch fields["fixedDelay"] {
        case nil, .null?: server.setGlobalDelay(nil)
        case .number(let milliseconds)? where milliseconds >= 0 && milliseconds <= 600_000:
            server.setGlobalDelay(milliseconds == 0 ? nil : .milliseconds(milliseconds))
        default:
            return AdminAnswer.error(422, "fixedDelay is milliseconds from 0 to 600000", pointer: "/fixedDelay")
        }
        settings.withLock { settings in for (key, value) in fields { settings[key] = value } }
        // WireMock answers an empty body; {} lets clients that parse it (python-wiremock) pass.
        return AdminAnswer.ok()
    }
}
