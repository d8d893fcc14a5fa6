/// Anything that describes which requests it means: a ``RequestPattern`` or a
/// ``Stub`` built with the DSL (`Get("/comics").query("limit", "5")`), whose
/// response, guards and limits are then ignored.
///
/// Assertions and waits take one, so a test can say what it expects with the
/// same words it used to declare the stub.
public protocol RequestPatternConvertible: Sendable {
    /// The pattern requests are checked against.
    var requestPattern: RequestPattern { get }
}

extension RequestPattern: RequestPatternConvertible {
    /// The pattern itself.
    public var requestPattern: RequestPattern { self }
}

extension Stub: RequestPatternConvertible {
    /// The stub's request conditions.
    public var requestPattern: RequestPattern { request }
}
