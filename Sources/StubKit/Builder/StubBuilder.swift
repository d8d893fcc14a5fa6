/// Collects stubs declared in a `Stubs { … }` or `Group { … }` block: plain
/// values, with `if`, `if/else`, `switch`, `for` and optionals.
@resultBuilder
public enum StubBuilder {
    /// A single stub.
    public static func buildExpression(_ stub: Stub) -> [Stub] { [stub] }
    /// A list of stubs, such as a `Group`.
    public static func buildExpression(_ stubs: [Stub]) -> [Stub] { stubs }

    /// A response alone is a common slip.
    @available(*, unavailable, message: "a response needs a request: write Get(\"/path\").respond(...)")
    public static func buildExpression(_ response: StubResponse) -> [Stub] { [] }

    /// A bare path is a common slip.
    @available(*, unavailable, message: "a bare string is not a stub: write Get(\"/path\"), Post(\"/path\"), ...")
    public static func buildExpression(_ text: String) -> [Stub] { [] }

    /// The statements of a block.
    public static func buildBlock(_ parts: [Stub]...) -> [Stub] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Stub]?) -> [Stub] { part ?? [] }
    /// The first branch of an `if/else` or `switch`.
    public static func buildEither(first part: [Stub]) -> [Stub] { part }
    /// The second branch of an `if/else` or `switch`.
    public static func buildEither(second part: [Stub]) -> [Stub] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Stub]]) -> [Stub] { parts.flatMap { $0 } }
    /// An `if #available` block.
    public static func buildLimitedAvailability(_ part: [Stub]) -> [Stub] { part }
}

/// The stubs declared in `content`, in order.
public func Stubs(@StubBuilder _ content: () -> [Stub]) -> [Stub] { content() }

/// Stubs that share a path prefix, guards, required headers and response headers.
///
/// ```swift
/// Group("/v1", guard: .bearer("token")) {
///     Get("/me").respond(.json(#"{"id":1}"#))
/// }
/// ```
public func Group(
    _ prefix: String = "",
    guard check: AuthRule? = nil,
    requiringHeaders headers: [FieldMatcher] = [],
    responseHeaders: HTTPHeaders = [:],
    @StubBuilder _ content: () -> [Stub]
) -> [Stub] {
    content().map { stub in
        var stub = stub
        stub.request.path = stub.request.path.prefixed(with: prefix)
        if let check { stub.guards.insert(check, at: 0) }
        stub.request.headers = headers + stub.request.headers
        stub.responseHeaders = HTTPHeaders(pairs: responseHeaders.pairs + stub.responseHeaders.pairs)
        return stub
    }
}
