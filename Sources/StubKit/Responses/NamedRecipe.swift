/// How a plug-in's recipe or rule is written in a spec file and sent to a
/// remote server: the keyword it goes under and the value beneath it, as
/// in `marvel: { results: [ … ] }` or `guard: { tokens: { … } }`.
///
/// The value is made only when something is written (a spec file, an admin
/// call), so a large recipe costs nothing to declare.
public struct WrittenForm: Sendable {
    /// The keyword, e.g. `marvel`.
    public var keyword: String
    /// The value under the keyword.
    public var value: @Sendable () -> JSONValue

    /// A form under `keyword` whose value `value` makes when it is written.
    public init(keyword: String, value: @escaping @Sendable () -> JSONValue) {
        self.keyword = keyword
        self.value = value
    }
}

/// A response recipe a plug-in provides: a name and parameters that spec
/// files and the admin API can carry, and the function that answers each
/// request. This is how the Marvel fake's paged envelopes reach the engine,
/// which knows no Marvel; a second fake uses the same door.
///
/// ```swift
/// let page = NamedRecipe(WrittenForm(keyword: "page") { ["size": 10] }) { matched in
///     .json(try pageOf(items, for: matched.request))
/// }
/// Get("/items").respond(.named(page))
/// ```
public struct NamedRecipe: Sendable, CustomStringConvertible {
    /// The keyword and parameters, as a spec file writes them.
    public var form: WrittenForm
    /// Makes the answer to one request; a thrown error is answered with 500
    /// naming the error and the stub, as a closure recipe's is.
    public var make: @Sendable (MatchedRequest) throws -> StubResponse

    /// A recipe written as `form` and answering with `make`.
    public init(_ form: WrittenForm, make: @escaping @Sendable (MatchedRequest) throws -> StubResponse) {
        self.form = form
        self.make = make
    }

    /// The keyword, e.g. `marvel recipe`.
    public var description: String { "\(form.keyword) recipe" }
}
