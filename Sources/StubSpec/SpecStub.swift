public import StubKit
import Foundation

/// One stub of a spec file with what `understudy verify` needs to replay it.
public struct SpecStub: Sendable {
    /// The stub, located at its line in the spec.
    public var stub: Stub
    /// The request to replay against a live server, when the stub can be turned into one.
    public var example: ExampleRequest?
    /// What `verify` compares beyond status and JSON shape.
    public var verify: VerifyRule
}

/// A concrete request built from a stub (or its `example:` block).
public struct ExampleRequest: Sendable, Hashable {
    /// The method.
    public var method: String
    /// The path, with template captures filled in.
    public var path: String
    /// Query items in order.
    public var query: [QueryItem]
    /// Headers to send.
    public var headers: [HTTPHeaders.Field]
    /// The body.
    public var body: String?

    /// `path?query`, percent-encoded.
    public var target: String {
        guard !query.isEmpty else { return path }
        let allowed = CharacterSetText.queryValue
        return path + "?" + query.map { item in
            let name = item.name.addingPercentEncoding(withAllowedCharacters: allowed) ?? item.name
            guard let value = item.value else { return name }
            return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }.joined(separator: "&")
    }
}

/// What `verify` checks of a replayed response beyond its status and JSON shape.
public struct VerifyRule: Sendable, Hashable {
    /// Headers the live response must carry (with the stub's value, when the stub sets one).
    public var headers: [String] = []
    /// JSON paths whose values must equal the stub's, not just their types.
    public var exact: [String] = []
    /// Whether `verify` skips this stub.
    public var skip = false

    /// Creates a rule.
    public init(headers: [String] = [], exact: [String] = [], skip: Bool = false) {
        self.headers = headers
        self.exact = exact
        self.skip = skip
    }
}
