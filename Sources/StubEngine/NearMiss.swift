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
    /// How close it came, from 0 to 1. The path (or a condition on the URL or
    /// its path) weighs three times as much as any other condition: a stub for
    /// the same path is the likeliest one meant.
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
        let visit = { (check: FieldCheck) in
            checks.append(check)
            score.add(check)
        }
        stub.request.visitChecks(against: request, describing: true, reading: &reading, visit)
        Self.visitState(times: stub.times, scenario: stub.scenario, answered: answered, scenarios: scenarios, describing: true, visit)
        self.init(
            stub: stub.name.map { $0 == stub.request.description ? $0 : "\($0): \(stub.request.description)" } ?? stub.request.description,
            id: stub.id.rawValue, declaredAt: stub.location, checks: checks, score: score.value
        )
    }

    /// The ``score`` the near miss of `slot`'s stub would have, without
    /// describing its checks: ranking thousands of stubs builds text only for
    /// the closest. The pattern is the slot's own copy, read in place: read
    /// through the stub's box it was copied for each stub, every list
    /// retained, three quarters of an unmatched request's time against
    /// 10,000 stubs.
    static func score(of slot: StubSlot, answered: Int, request: RecordedRequest, scenarios: ScenarioBook,
                      reading: inout RequestReading) -> Double {
        var score = Score()
        slot.request.visitChecks(against: request, describing: false, reading: &reading) { score.add($0) }
        visitState(times: slot.limit, scenario: slot.scenario, answered: answered, scenarios: scenarios, describing: false) { score.add($0) }
        return score.value
    }

    /// The checks of the stub's state: its `times` limit and its scenario state.
    private static func visitState(times: Int?, scenario: ScenarioStep?, answered: Int, scenarios: ScenarioBook, describing: Bool,
                                   _ visit: (FieldCheck) -> Void) {
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

    /// How close: the path, the URL and the URL's path weigh three times as
    /// much as any other check.
    private struct Score {
        private var earned = 0.0
        private var possible = 0.0

        mutating func add(_ check: FieldCheck) {
            // Unless describing, only these checks are named: most fields are
            // empty, and a test for that skips three string comparisons.
            let field = check.field
            let weight = !field.isEmpty && (field == "path" || field == "url path" || field == "url") ? 3.0 : 1.0
            possible += weight
            if check.matched { earned += weight }
        }

        var value: Double { earned / max(possible, 1) }
    }
}
