/// Makes a stub part of a named state machine: it matches only while the
/// scenario is in `requiredState` (when given) and moves it to `newState`
/// (when given) when it answers. Every scenario starts in ``started``.
public struct ScenarioStep: Sendable, Hashable, CustomStringConvertible {
    /// The state every scenario starts in: `"Started"`.
    public static let started = "Started"

    /// The scenario's name.
    public var scenario: String
    /// The state the scenario must be in, or `nil` for any.
    public var requiredState: String?
    /// The state to move to after answering, or `nil` to stay.
    public var newState: String?

    /// Creates a step.
    public init(scenario: String, requiredState: String?, newState: String?) {
        self.scenario = scenario
        self.requiredState = requiredState
        self.newState = newState
    }

    /// `scenario "name": State -> Next`.
    public var description: String {
        "scenario \(quoted(scenario)): \(requiredState ?? "any") -> \(newState ?? "unchanged")"
    }
}
