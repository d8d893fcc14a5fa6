import Foundation

/// How a stateful resource wraps what it sends: a list page and one item,
/// in an API's own envelope (Marvel's `data.results`, a `{"data": …}`
/// wrapper). A plug-in registers its envelopes (``StubPlugin/envelopes``),
/// so a spec file names one with `envelope: marvel`. Two envelopes are the
/// same when their names are.
public struct ResourceEnvelope: Sendable, Hashable {
    /// The name a spec file gives: `marvel`.
    public var name: String
    /// The query parameters the envelope reads itself (paging, signing):
    /// they are not taken as field filters.
    public var parameters: Set<String>
    /// The answer to a list: every item that passed the filters, in order,
    /// to page from the request's own parameters.
    public var list: @Sendable (_ items: [JSONValue], _ request: RecordedRequest) -> StubResponse
    /// The answer that carries one item (get, create, replace, patch), with
    /// `status`; the resource adds `ETag` and `Location`.
    public var item: @Sendable (_ item: JSONValue, _ status: Int, _ request: RecordedRequest) -> StubResponse

    /// An envelope named `name`.
    public init(
        name: String, parameters: Set<String> = ["limit", "offset"],
        list: @escaping @Sendable ([JSONValue], RecordedRequest) -> StubResponse,
        item: @escaping @Sendable (JSONValue, Int, RecordedRequest) -> StubResponse
    ) {
        self.name = name
        self.parameters = parameters
        self.list = list
        self.item = item
    }

    /// Whether two envelopes have the same name.
    public static func == (lhs: ResourceEnvelope, rhs: ResourceEnvelope) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A check a stateful resource's requests pass before it answers them:
/// the refusal to send instead (a `400` or `422` naming what is wrong), or
/// `nil` to go on. `understudy serve --stateful` checks each request against
/// its OpenAPI operation this way. Two checks are the same when their names are.
public struct ResourceRequestCheck: Sendable, Hashable {
    /// What the check is, for messages and equality: `OpenAPI api.yaml`.
    public var name: String
    /// The refusal for `request`, which asks for `operation`; `nil` lets it through.
    public var check: @Sendable (_ request: RecordedRequest, _ operation: ResourceDeclaration.Operation) -> StubResponse?

    /// A check named `name`.
    public init(name: String, check: @escaping @Sendable (RecordedRequest, ResourceDeclaration.Operation) -> StubResponse?) {
        self.name = name
        self.check = check
    }

    /// Whether two checks have the same name.
    public static func == (lhs: ResourceRequestCheck, rhs: ResourceRequestCheck) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
