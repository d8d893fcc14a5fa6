public import StubKit

/// A stub that came close to matching a request, with every condition checked.
public struct NearMiss: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The stub's request pattern in short (`GET /path (+1 condition)`),
    /// after its name when it has one that says more (`getPet: GET /pets/{id}`).
    public var stub: String
    /// The stub's id.
    public var id: String
    /// Where the stub was declared.
    public var declaredAt: CodeLocation
    /// Every condition, matched or not, then the stub's state (times, scenario).
    public var checks: [FieldCheck]
    /// How close it came, from 0 to 1. The path weighs three times as much as
    /// any other condition: a stub for the same path is the likeliest one meant.
    public var score: Double

    /// The conditions that did not match.
    public var failures: [FieldCheck] { checks.filter { !$0.matched } }

    /// The stub, its location, and one line per check.
    public var description: String {
        (["\(stub) — declared at \(declaredAt)"] + checks.map { "   \($0)" }).joined(separator: "\n")
    }
}

extension NearMiss {
    /// Checks `stub` against `request`, including its `times` limit (against
    /// `answered`, how often it answered) and its scenario state.
    init(stub: Stub, answered: Int, request: RecordedRequest, scenarios: ScenarioBook) {
        var checks = stub.request.checks(against: request)
        if let limit = stub.times {
            checks.append(FieldCheck(field: "times", expected: "at most \(limit)", actual: "answered \(answered)",
                                     matched: answered < limit))
        }
        if let step = stub.scenario, let required = step.requiredState {
            let current = scenarios.state(of: step.scenario)
            checks.append(FieldCheck(field: "scenario \(step.scenario)", expected: "state \(required)",
                                     actual: "state \(current)", matched: current == required))
        }
        let weights = checks.map { $0.field == "path" ? 3.0 : 1.0 }
        let earned = zip(checks, weights).reduce(0.0) { $0 + ($1.0.matched ? $1.1 : 0) }
        self.init(
            stub: stub.name.map { $0 == stub.request.description ? $0 : "\($0): \(stub.request.description)" } ?? stub.request.description,
            id: stub.id.rawValue, declaredAt: stub.location,
            checks: checks, score: earned / max(weights.reduce(0, +), 1)
        )
    }
}
