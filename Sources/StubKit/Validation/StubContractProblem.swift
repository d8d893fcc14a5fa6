/// A stub that can never keep a contract (an OpenAPI document, say): where
/// the stub is declared, what is wrong, and where the rule it breaks is written.
public struct StubContractProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where the stub is declared.
    public var stub: CodeLocation
    /// The stub's request, in short (`GET /pets/{id}`).
    public var request: String
    /// What is wrong.
    public var message: String
    /// The contract's rule (an operation, a schema keyword), when there is one.
    public var rule: CodeLocation?

    /// A problem with `stub` declared at `stub`, breaking `rule`.
    public init(stub: CodeLocation, request: String, message: String, rule: CodeLocation? = nil) {
        self.stub = stub
        self.request = request
        self.message = message
        self.rule = rule
    }

    /// `specs/pets.yaml:4:5: error: GET /pets/x: … (rule at api.yaml:53:42, #/paths/…)`.
    public var description: String {
        "\(stub.fileID):\(stub.line):\(stub.column): error: \(request): \(message)"
            + (rule.map { " (rule at \($0.fileID):\($0.line):\($0.column)\($0.pointer.map { ", \($0)" } ?? ""))" } ?? "")
    }
}
