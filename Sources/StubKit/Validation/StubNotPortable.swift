/// A stub that cannot be written as a spec entry, so cannot be sent to a
/// remote server; says which stub, where it was declared and why.
public struct StubNotPortable: Error, Sendable, CustomStringConvertible {
    /// The stub's request, `GET /path`.
    public var stub: String
    /// Where the stub was declared.
    public var location: CodeLocation
    /// What the spec schema cannot state.
    public var reason: String

    /// Creates the error.
    public init(stub: String, location: CodeLocation, reason: String) {
        self.stub = stub
        self.location = location
        self.reason = reason
    }

    /// `File.swift:12:5: error: the stub GET /x cannot travel to another process: …`
    public var description: String {
        "\(location): error: the stub \(stub) cannot travel to another process: \(reason)"
    }
}
