/// One thing wrong in a spec file, where it is and under which key:
/// `specs/shop.yaml:12:7: stubs[2].response.status: expected an integer, got "OK"`.
public struct SpecProblem: Sendable, Hashable, CustomStringConvertible {
    /// The spec file, as given.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// The key path from the top of the file, e.g. `stubs[2].response.status`.
    public var key: String
    /// What is wrong.
    public var message: String

    /// Creates a problem.
    public init(file: String, line: Int, column: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `file:line:column: key: message`, the form editors jump to.
    public var description: String {
        "\(file):\(line):\(column): " + (key.isEmpty ? "" : "\(key): ") + message
    }
}

/// A spec file that cannot be served: every problem found, in file order.
public struct StubSpecError: Error, Sendable, CustomStringConvertible {
    /// The problems.
    public var problems: [SpecProblem]

    /// Creates the error.
    public init(problems: [SpecProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
