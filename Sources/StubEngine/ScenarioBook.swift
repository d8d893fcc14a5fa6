import Locking
import StubKit

/// The current state of every scenario on one server, changed atomically with
/// the match that moves it.
package final class ScenarioBook: Sendable {
    private let states = Locked<[String: String]>([:])

    /// Runs `claim` only when `step` allows a match now, and moves the
    /// scenario when it succeeds. The check, the claim and the move happen
    /// under one lock, so concurrent requests see one consistent order.
    func attempt<Claimed>(_ step: ScenarioStep, _ claim: () -> Claimed?) -> Claimed? {
        states.withLock { states in
            let current = states[step.scenario] ?? ScenarioStep.started
            if let required = step.requiredState, required != current { return nil }
            guard let claimed = claim() else { return nil }
            if let next = step.newState { states[step.scenario] = next }
            return claimed
        }
    }

    /// The state of `scenario` now.
    package func state(of scenario: String) -> String {
        states.withLock { $0[scenario] ?? ScenarioStep.started }
    }

    /// Moves `scenario` to `state`.
    package func set(_ scenario: String, to state: String) {
        states.withLock { $0[scenario] = state == ScenarioStep.started ? nil : state }
    }

    /// Puts every scenario back in `Started`.
    package func reset() { states.withLock { $0.removeAll() } }
}
