public import StubKit

/// What running a ``Contract`` found: one result per clause, in declaration order.
public struct ContractReport: Sendable, CustomStringConvertible {
    /// One clause's outcome.
    public struct ClauseResult: Sendable {
        /// The clause's name.
        public var name: String
        /// Where the clause was written.
        public var location: CodeLocation
        /// Why it failed, or `nil` when it passed.
        public var failure: String?

        /// Whether it passed.
        public var passed: Bool { failure == nil }
    }

    /// The contract's name.
    public var name: String
    /// The clauses' outcomes.
    public var results: [ClauseResult]

    /// How many clauses passed.
    public var passedCount: Int { results.filter(\.passed).count }
    /// How many clauses failed.
    public var failedCount: Int { results.count - passedCount }

    /// A test-runner style account: one line per clause, failures in full,
    /// then `N passed, N failed`.
    public var description: String {
        var lines = ["Contract \"\(name)\""]
        for result in results {
            if let failure = result.failure {
                lines.append("  ✗ \(result.name) (\(result.location))")
                lines += failure.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            } else {
                lines.append("  ✓ \(result.name)")
            }
        }
        lines.append("\(passedCount) passed, \(failedCount) failed")
        return lines.joined(separator: "\n")
    }
}
