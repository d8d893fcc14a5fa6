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
        var reading = RequestReading()
        self.init(stub: stub, answered: answered, request: request, scenarios: scenarios, reading: &reading)
    }

    /// ``init(stub:answered:request:scenarios:)``, reading the request's
    /// parts through `reading`, shared with the other stubs ranked against it.
    init(stub: Stub, answered: Int, request: RecordedRequest, scenarios: ScenarioBook, reading: inout RequestReading) {
        var checks: [FieldCheck] = []
        var score = Score()
        Self.visitChecks(stub.request, times: stub.times, scenario: stub.scenario, answered: answered, request: request,
                         scenarios: scenarios, describing: true, reading: &reading) { check in
            checks.append(check)
            score.add(check)
        }
        self.init(
            stub: stub.name.map { $0 == stub.request.description ? $0 : "\($0): \(stub.request.description)" } ?? stub.request.description,
            id: stub.id.rawValue, declaredAt: stub.location, checks: checks, score: score.value
        )
    }

    /// The ``score`` the near miss of `slot`'s stub would have, without
    /// describing its checks: ranking thousands of stubs builds text only for
    /// the closest. The stub is read in place, through its slot (a copy of
    /// each of thousands costs more than its checks).
    static func score(of slot: StubSlot, answered: Int, request: RecordedRequest, scenarios: ScenarioBook,
                      reading: inout RequestReading) -> Double {
        var score = Score()
        visitChecks(slot.stub.request, times: slot.stub.times, scenario: slot.stub.scenario, answered: answered, request: request,
                    scenarios: scenarios, describing: false, reading: &reading) { score.add($0) }
        return score.value
    }

    /// The pattern's checks, then the `times` limit's and the scenario state's.
    private static func visitChecks(
        _ pattern: RequestPattern, times: Int?, scenario: ScenarioStep?, answered: Int, request: RecordedRequest,
        scenarios: ScenarioBook, describing: Bool, reading: inout RequestReading, _ visit: (FieldCheck) -> Void
    ) {
        pattern.visitChecks(against: request, describing: describing, reading: &reading, visit)
        if let limit = times {
            let matched = answered < limit
            visit(describing ? FieldCheck(field: "times", expected: "at most \(limit)", actual: "answered \(answered)", matched: matched)
                  : FieldCheck(field: "", expected: "", actual: "", matched: matched))
        }
        if let step = scenario, let required = step.requiredState {
            let current = scenarios.state(of: step.scenario)
            let matched = current == required
            visit(describing ? FieldCheck(field: "scenario \(step.scenario)", expected: "state \(required)", actual: "state \(current)",
                                          matched: matched)
                  : FieldCheck(field: "", expected: "", actual: "", matched: matched))
        }
    }

    /// How close: the path weighs three times as much as any other check.
    private struct Score {
        private var earned = 0.0
        private var possible = 0.0

        mutating func add(_ check: FieldCheck) {
            let weight = check.field == "path" ? 3.0 : 1.0
            possible += weight
            if check.matched { earned += weight }
        }

        var value: Double { earned / max(possible, 1) }
    }
}
