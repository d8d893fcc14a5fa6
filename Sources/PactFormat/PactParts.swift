public import Foundation
public import StubKit

/// The pact specification a file (or a part of one) follows.
public enum PactVersion: String, Sendable, Hashable, CaseIterable {
    /// Pact specification 2.0.0: flat matching rules, a query string.
    case v2
    /// Pact specification 3.0.0: rules by category, query value lists, provider states with params.
    case v3
    /// Pact specification 4.0: typed interactions, body objects, more rules.
    case v4

    /// The version a `metadata.pactSpecification.version` names (`"2.0.0"`, `"3.0.0"`, `"4.0"`).
    public init?(specification: String) {
        switch specification.split(separator: ".").first {
        case "1", "2": self = .v2
        case "3": self = .v3
        case "4": self = .v4
        default: return nil
        }
    }
}

/// A body in a pact: absent (anything goes when expected), or bytes with
/// what they are.
public enum PactBody: Sendable, Hashable {
    /// No body was given.
    case absent
    /// An empty body (`""`).
    case empty
    /// A JSON document (`null` included).
    case json(JSONValue)
    /// Text or bytes of a content type that is not JSON.
    case bytes(Data, contentType: String?)

    /// The bytes sent on the wire.
    public var data: Data {
        switch self {
        case .absent, .empty: return Data()
        case .json(let value): return Data(value.description.utf8)
        case .bytes(let data, _): return data
        }
    }

    /// The bytes sent on the wire, a JSON body's whole numbers written as
    /// decimals (`40.0`) where ``decimals(spelled:rules:)`` says.
    func data(spelled spelling: PactBodySpelling?, rules: PactRules) -> Data {
        guard case .json(let value) = self else { return data }
        let decimals = decimals(spelled: spelling, rules: rules)
        guard !decimals.pointers.isEmpty, let text = CompactJSON.of(value, decimals: decimals) else { return data }
        return Data(text.utf8)
    }

    /// Which of a JSON body's numbers to write as decimals: those the pact
    /// wrote so (`spelling`, when it is this body's), and the whole numbers
    /// its `decimal` rules govern, which `10` would contradict.
    func decimals(spelled spelling: PactBodySpelling?, rules: PactRules) -> JSONDecimals {
        guard case .json(let value) = self else { return .none }
        let written = spelling.flatMap { $0.body == value ? $0.decimals : nil } ?? .none
        guard !rules.body.isEmpty else { return written }
        let wanted = Shape(example: value, rules: rules.body).decimalsTheRulesWant
        return wanted.pointers.isEmpty ? written : JSONDecimals(pointers: written.pointers.union(wanted.pointers))
    }
}

/// How a pact wrote the numbers of a JSON body (`40.0` is a decimal to the
/// Pact tools, `40` an integer), kept with the body it belongs to: a body
/// changed since is written plainly.
struct PactBodySpelling: Sendable {
    /// The body as read.
    var body: JSONValue
    /// Its numbers written as decimals.
    var decimals: JSONDecimals
}

/// Matching rules by category, as StubKit values.
public struct PactRules: Sendable, Hashable {
    /// The rule on the path.
    public var path: ShapeRuleSet?
    /// The rule on the status (V4).
    public var status: ShapeRuleSet?
    /// Rules by query parameter name.
    public var query: [String: ShapeRuleSet] = [:]
    /// Rules by header name (compared without case).
    public var header: [String: ShapeRuleSet] = [:]
    /// Rules by body path.
    public var body: [ShapePathRules] = []
    /// Whether a `.*` rule judges object members the example lacks (V3 on; V2 off).
    public var wildcardsJudgeExtraKeys = true

    /// No rules.
    public init() {}

    /// The rule set on header `name`, its name compared without case.
    public func header(named name: String) -> ShapeRuleSet? {
        header.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// What a pact says a consumer sends.
public struct PactRequest: Sendable, Hashable {
    /// The method, upper case.
    public var method: String
    /// The path, as given.
    public var path: String
    /// The query parameters and their values in order; `nil` when not given.
    public var query: [(name: String, values: [String])]?
    /// V2's query string as the file writes it (`"a=1&a=2&b=x%20y"`), which
    /// a verifier sends as written; `nil` for V3 and V4 (a map of lists).
    public var rawQuery: String?
    /// V4: the `contentType` the body object states, which a verifier sends
    /// when the headers name none (a request is not required to send it).
    public var bodyContentType: String?
    /// The headers and their values.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: PactBody
    /// The matching rules.
    public var rules: PactRules
    /// What a verifier may make anew for every request.
    public var generators = PactGenerators()
    /// How the pact wrote the body's numbers.
    var bodySpelling: PactBodySpelling?

    /// The body's bytes as the pact wrote them, as a verifier sends them:
    /// ``PactBody/data`` with a whole number written as a decimal (`12.0`)
    /// kept so, and one a `decimal` rule governs written so.
    public var bodyData: Data { body.data(spelled: bodySpelling, rules: rules) }

    /// Equal parts, in order.
    public static func == (a: PactRequest, b: PactRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.body == b.body && a.rules == b.rules && a.generators == b.generators
            && a.query?.map { "\($0.name)=\($0.values)" } == b.query?.map { "\($0.name)=\($0.values)" }
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }

    /// Hashes the method and path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
    }
}

/// What a pact says a provider answers.
public struct PactResponse: Sendable, Hashable {
    /// The status.
    public var status: Int
    /// The headers and their values.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: PactBody
    /// The matching rules.
    public var rules: PactRules
    /// What a stub serving the pact makes anew for every answer.
    public var generators = PactGenerators()
    /// How the pact wrote the body's numbers.
    var bodySpelling: PactBodySpelling?

    /// The body's bytes as the pact wrote them, as a stub serves them:
    /// ``PactBody/data`` with a whole number written as a decimal (`40.0`)
    /// kept so, and one a `decimal` rule governs written so.
    public var bodyData: Data { body.data(spelled: bodySpelling, rules: rules) }

    /// Equal parts, in order.
    public static func == (a: PactResponse, b: PactResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.rules == b.rules && a.generators == b.generators
            && a.headers.map { "\($0.name): \($0.value)" } == b.headers.map { "\($0.name): \($0.value)" }
    }

    /// Hashes the status.
    public func hash(into hasher: inout Hasher) { hasher.combine(status) }
}

/// What a pact says a message carries (message pacts are read, not served).
public struct PactMessage: Sendable, Hashable {
    /// The contents.
    public var contents: PactBody
    /// The matching rules (category `body` in V3, `content` in V4).
    public var rules: PactRules

    /// Every way `actual` contents differ from these: the same body
    /// conditions a response's body gets (unexpected keys allowed).
    public func mismatches(_ actual: PactBody) -> [String] {
        PactConditions.body(contents, rules, allowsExtraKeys: true).compactMap { condition in
            guard !condition.accepts(actual.data) else { return nil }
            if case .shape(let shape) = condition, let mismatches = shape.mismatches(json: actual.data) {
                return mismatches.map(\.description).joined(separator: "; ")
            }
            if case .xmlShape(let shape) = condition { return shape.mismatches(actual.data).map(\.description).joined(separator: "; ") }
            return "expected \(condition)"
        }
    }
}
