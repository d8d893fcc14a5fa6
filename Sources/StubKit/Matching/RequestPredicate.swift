/// A custom condition on the whole request: the escape hatch when no built-in
/// matcher says what you mean. Its description shows in mismatch reports.
public struct RequestPredicate: Sendable, CustomStringConvertible {
    /// What the predicate checks, in words.
    public let description: String
    /// The check.
    public let test: @Sendable (RecordedRequest) -> Bool

    /// Creates a predicate.
    public init(_ description: String, _ test: @escaping @Sendable (RecordedRequest) -> Bool) {
        self.description = description
        self.test = test
    }
}
