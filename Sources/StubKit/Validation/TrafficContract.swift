/// A contract every request a server receives, and every response it gives,
/// must keep: an OpenAPI document, say. A server configured with one keeps
/// the responses it makes, the command line logs what breaks the contract,
/// and the test library fails the test for it.
public protocol TrafficContract: Sendable {
    /// The contract's name in reports (`fixtures/openapi/pets.yaml`).
    var name: String { get }

    /// Each way `request`, and `response` to it when known, break the
    /// contract, in words that name the rule and its place; empty when both keep it.
    func violations(of request: RecordedRequest, response: StubResponse?) -> [String]

    /// Each of `stubs` that could never keep the contract, whatever request
    /// it answers: checked before any request arrives. Empty by default.
    func problems(in stubs: [Stub]) -> [StubContractProblem]
}

extension TrafficContract {
    /// No stub is judged before it answers.
    public func problems(in stubs: [Stub]) -> [StubContractProblem] { [] }
}
