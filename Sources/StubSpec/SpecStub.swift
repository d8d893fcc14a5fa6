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
    /// Why there is no example to replay, when there is none.
    public var noExampleReason: String?
    /// Where the stub is in the spec file (its `Stub.location` is its
    /// `declared:` site instead, when it has one).
    public var specLocation: CodeLocation
}

/// The credentials a stub's guard asks for, so an example request can carry
/// them (`verify` sends the spec's, or the ones given for the live server).
public enum ExampleCredentials: Sendable, Hashable, CustomStringConvertible {
    /// What a plug-in's guard keyword (`marvel`) asks for, stated by the
    /// value under it (`{ publicKey, privateKey }`); the plug-in signs.
    case named(keyword: String, value: JSONValue)
    /// `Authorization: Bearer token`.
    case bearer(String)
    /// A key in a named header.
    case apiKey(header: String, value: String)
    /// A key in a named query parameter.
    case apiKeyQuery(name: String, value: String)

    /// What is sent, secrets left out.
    public var description: String {
        switch self {
        case .named(let keyword, _): return "the \(keyword) guard's credentials"
        case .bearer: return "a bearer token"
        case .apiKey(let header, _): return "an API key in \(header)"
        case .apiKeyQuery(let name, _): return "an API key in the query parameter \(name)"
        }
    }
}

extension ExampleCredentials {
    /// Marvel's `ts`, `apikey` and `hash` query parameters, signed by the Marvel plug-in.
    @available(*, deprecated, message: "write .named(keyword: \"marvel\", value: [\"publicKey\": …, \"privateKey\": …])")
    public static func marvel(publicKey: String, privateKey: String) -> ExampleCredentials {
        .named(keyword: "marvel", value: ["publicKey": .string(publicKey), "privateKey": .string(privateKey)])
    }
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
    /// What the stub's guard asks for; applied by `signed(with:)`.
    public var credentials: ExampleCredentials? = nil

    /// This request carrying `credentials` (replacing any it carried): the
    /// signature query items, or the header, set once; a plug-in's
    /// credentials are signed by its guard keyword in `plugins`.
    public func signed(with credentials: ExampleCredentials?, plugins: [StubPlugin] = StubPlugins.all) -> ExampleRequest {
        var copy = self
        switch credentials {
        case nil:
            break
        case .named(let keyword, let value):
            plugins.lazy.flatMap(\.guards).first { $0.keyword == keyword }?.sign(value, &copy.query, &copy.headers)
        case .bearer(let token):
            copy.setHeader("Authorization", "Bearer \(token)")
        case .apiKey(let header, let value):
            copy.setHeader(header, value)
        case .apiKeyQuery(let name, let value):
            copy.query.removeAll { $0.name == name }
            copy.query.append(QueryItem(name: name, value: value))
        }
        return copy
    }

    /// Sets `name` to `value`, replacing every field of that name (names ignore case).
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append(HTTPHeaders.Field(name: name, value: value))
    }

    /// The request as a server would record it, to test it against a stub's pattern.
    public var recorded: RecordedRequest {
        RecordedRequest(method: method, target: target, headers: HTTPHeaders(headers), body: Data((body ?? "").utf8))
    }

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
