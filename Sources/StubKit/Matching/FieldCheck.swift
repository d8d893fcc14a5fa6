/// One condition of a stub checked against one request: what was expected,
/// what arrived, and whether they matched. Mismatch reports list these.
public struct FieldCheck: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The field: `method`, `path`, `query limit`, `header Accept`, `cookie id`, `body`, `predicate`.
    public var field: String
    /// What the stub expects.
    public var expected: String
    /// What the request had (`(absent)` when nothing).
    public var actual: String
    /// Whether the field matched.
    public var matched: Bool

    /// Creates a check.
    public init(field: String, expected: String, actual: String, matched: Bool) {
        self.field = field
        self.expected = expected
        self.actual = actual
        self.matched = matched
    }

    /// `✓ field: expected` or `✗ field: expected <> got actual`.
    public var description: String {
        matched ? "✓ \(field): \(expected)" : "✗ \(field): expected \(expected), got \(actual)"
    }
}
