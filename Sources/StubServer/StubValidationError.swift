public import StubKit

/// Why a server refused its stubs: one problem per stub that cannot work,
/// each at the stub's source location, in the form compilers use.
public struct StubValidationError: Error, CustomStringConvertible {
    /// One stub that cannot work.
    public struct Problem: Sendable, CustomStringConvertible {
        /// The stub's pattern in short.
        public var stub: String
        /// Where it was declared.
        public var location: CodeLocation
        /// What is wrong.
        public var message: String

        /// `File.swift:12:5: error: GET /x: message`.
        public var description: String { "\(location): error: \(stub): \(message)" }
    }

    /// Every problem found, in declaration order.
    public var problems: [Problem]

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
