import Foundation

/// A condition on the values of one query parameter, header or cookie.
///
/// The matcher sees every value the name has, in order; most conditions hold
/// when any one value satisfies them.
public enum ValueMatcher: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// A value equals this text exactly.
    case equals(String)
    /// A value equals this text, ignoring ASCII case.
    case equalsIgnoringCase(String)
    /// A value contains this text.
    case contains(String)
    /// A value matches this regular expression (anywhere in the value).
    case matches(TextPattern)
    /// The name is present, with any value.
    case present
    /// The name is absent.
    case absent
    /// A value is one of these.
    case oneOf([String])
    /// The values are exactly these, in this order (for repeated names).
    case values([String])
    /// No value is needed, or a value does not contain this text (as in
    /// WireMock, an absent name passes).
    case doesNotContain(String)
    /// No value is needed, or a value does not match this regular expression
    /// (as in WireMock, an absent name passes).
    case doesNotMatch(TextPattern)
    /// One value satisfies every one of these (absent names: each sees no value).
    indirect case allOf([ValueMatcher])
    /// One value satisfies at least one of these.
    indirect case anyOf([ValueMatcher])
    /// A value is JSON text that matches this value under `comparison`.
    case json(JSONValue, JSONComparison)
    /// A value is JSON in which `query` selects something: a non-null value
    /// or a non-empty list or object when `then` is `nil`; otherwise the
    /// selection, as text (each element of a selected list too), satisfies
    /// `then`. Nothing selected counts as an absent value.
    indirect case jsonPath(JSONQuery, then: ValueMatcher?)
    /// Equal as an HTTP header value: list items compared without the
    /// spaces after commas; for a media type, the value may add parameters
    /// and the charset is compared without case (Pact's header equality).
    case headerValue(String)
    /// Every value passes the rules against the example at its position
    /// (the first example for the rest): Pact matching rules on a query
    /// parameter or header. No value fails.
    case rules(ShapeRuleSet, examples: [String])
    /// A value is an XML document like this one under `comparison`
    /// (WireMock's `equalToXml`; see ``XMLComparison``).
    case xml(XMLElementValue, XMLComparison)
    /// A value is XML in which `query` selects a node; with `then`, a
    /// selected node's text satisfies it (WireMock's `matchesXPath`).
    indirect case xpath(XPathQuery, then: ValueMatcher?)

    /// A value is an XML document like `text` (WireMock's `equalToXml`).
    ///
    /// - Throws: ``XMLSyntaxError`` when `text` is not XML.
    public static func xml(_ text: String, _ comparison: XMLComparison = XMLComparison()) throws(XMLSyntaxError) -> ValueMatcher {
        .xml(try XMLElementValue.parse(Data(text.utf8)), comparison)
    }

    /// Where a value that fails this matcher differs from what it wants
    /// (the XML element that differs), for reports; `nil` when it says no more.
    public func mismatch(_ value: String) -> String? {
        guard case .xml(let expected, let comparison) = self else { return nil }
        guard let actual = try? XMLElementValue.parse(Data(value.utf8)) else { return "not XML" }
        return comparison.difference(expected, actual)
    }

    /// `"text"` means ``equals(_:)``.
    public init(stringLiteral value: String) { self = .equals(value) }

    /// Whether one value, the only one of its name, satisfies this matcher:
    /// `accepts([value])`, without making the array for the common matchers.
    package func accepts(_ value: String) -> Bool {
        switch self {
        case .equals(let expected): return value == expected
        case .matches(let pattern): return pattern.matches(value)
        case .contains(let part): return value.contains(part)
        case .present: return true
        case .absent: return false
        default: return accepts([value])
        }
    }

    /// Whether `values` (all the values of the name, in order) satisfy this matcher.
    public func accepts(_ values: [String]) -> Bool {
        switch self {
        case .equals(let expected): return values.contains(expected)
        case .equalsIgnoringCase(let expected): return values.contains { $0.lowercased() == expected.lowercased() }
        case .contains(let part): return values.contains { $0.contains(part) }
        case .matches(let pattern): return values.contains { pattern.matches($0) }
        case .present: return !values.isEmpty
        case .absent: return values.isEmpty
        case .oneOf(let allowed): return values.contains { allowed.contains($0) }
        case .values(let expected): return values == expected
        case .doesNotContain(let part): return values.isEmpty || values.contains { !$0.contains(part) }
        case .doesNotMatch(let pattern): return values.isEmpty || values.contains { !pattern.matches($0) }
        case .allOf(let matchers):
            guard !values.isEmpty else { return matchers.allSatisfy { $0.accepts([]) } }
            return values.contains { value in matchers.allSatisfy { $0.accepts([value]) } }
        case .anyOf(let matchers):
            guard !values.isEmpty else { return matchers.contains { $0.accepts([]) } }
            return values.contains { value in matchers.contains { $0.accepts([value]) } }
        case .json(let expected, let comparison):
            return values.contains { JSONValue(json: $0).map { comparison.matches($0, expected: expected) } ?? false }
        case .jsonPath(let query, let then):
            return values.contains { Self.jsonPath(query, then, accepts: JSONValue(json: $0)) }
        case .headerValue(let expected):
            return !values.isEmpty && HeaderValue.equal(expected, values.joined(separator: ", "))
        case .xml(let expected, let comparison):
            return values.contains { text in
                (try? XMLElementValue.parse(Data(text.utf8))).map { comparison.difference(expected, $0) == nil } ?? false
            }
        case .xpath(let query, let then):
            return values.contains { text in
                guard let document = try? XMLElementValue.parse(Data(text.utf8)), let texts = query.selectedTexts(in: document) else { return false }
                guard let then else { return !texts.isEmpty }
                return then.accepts(texts)
            }
        case .rules(let set, let examples):
            guard !values.isEmpty else { return false }
            let (low, high) = set.lengthBounds
            if let low, values.count < low { return false }
            if let high, values.count > high { return false }
            return values.enumerated().allSatisfy { index, value in
                let example = examples.isEmpty ? value : examples[index < examples.count ? index : 0]
                return set.problem(expected: .string(example), actual: .string(value)) == nil
            }
        }
    }

    /// ``accepts(_:)`` on a body's text alone, read through `reading`: its
    /// JSON and XML are parsed once for every matcher and stub one request
    /// is tried against, not once for each.
    func accepts(body: Data, reading: inout RequestReading) -> Bool {
        switch self {
        case .json(let expected, let comparison):
            return reading.textJSON(body).map { comparison.matches($0, expected: expected) } ?? false
        case .jsonPath(let query, let then):
            return Self.jsonPath(query, then, accepts: reading.textJSON(body))
        case .xml(let expected, let comparison):
            return reading.xml(body).map { comparison.difference(expected, $0) == nil } ?? false
        case .xpath(let query, let then):
            guard let document = reading.xml(body), let texts = query.selectedTexts(in: document) else { return false }
            guard let then else { return !texts.isEmpty }
            return then.accepts(texts)
        case .allOf(let matchers):
            for matcher in matchers where !matcher.accepts(body: body, reading: &reading) { return false }
            return true
        case .anyOf(let matchers):
            for matcher in matchers where matcher.accepts(body: body, reading: &reading) { return true }
            return false
        default:
            return accepts([reading.text(body)])
        }
    }

    private static func jsonPath(_ query: JSONQuery, _ then: ValueMatcher?, accepts document: JSONValue?) -> Bool {
        guard let document else { return false }
        let selected = query.select(in: document)
        guard let then else {
            switch selected {
            case nil, .null?: return false
            case .array(let items)?: return !items.isEmpty
            case .object(let members)?: return !members.isEmpty
            default: return true
            }
        }
        switch selected {
        case nil, .null?:
            return then.accepts([])
        case .array(let items)?:
            if case .json = then, query.isDefinite { return then.accepts([selected!.matchText]) }
            let texts = items.map(\.matchText)
            return then.accepts(query.isDefinite ? [selected!.matchText] + texts : texts)
        case let value?:
            return then.accepts([value.matchText])
        }
    }

    /// What the matcher expects, in words a failure message can use.
    public var description: String {
        switch self {
        case .equals(let text): return "== \(quoted(text))"
        case .equalsIgnoringCase(let text): return "== \(quoted(text)) (ignoring case)"
        case .contains(let text): return "contains \(quoted(text))"
        case .matches(let pattern): return "matches \(pattern)"
        case .present: return "present"
        case .absent: return "absent"
        case .oneOf(let texts): return "one of [\(texts.map(quoted).joined(separator: ", "))]"
        case .values(let texts): return "values [\(texts.map(quoted).joined(separator: ", "))]"
        case .doesNotContain(let text): return "does not contain \(quoted(text))"
        case .doesNotMatch(let pattern): return "does not match \(pattern)"
        case .allOf(let matchers): return "(" + matchers.map(\.description).joined(separator: " and ") + ")"
        case .anyOf(let matchers): return "(" + matchers.map(\.description).joined(separator: " or ") + ")"
        case .json(let value, let comparison):
            return "JSON == \(value)" + (comparison.description.isEmpty ? "" : " (\(comparison))")
        case .jsonPath(let query, let then): return "JSON at \(query) " + (then.map(\.description) ?? "present")
        case .headerValue(let text): return "== \(quoted(text)) (as a header value)"
        case .xml(let document, let comparison):
            return "XML like \(document)" + (comparison.description.isEmpty ? "" : " (\(comparison))")
        case .xpath(let query, let then): return "XML at \(query) " + (then.map(\.description) ?? "present")
        case .rules(let set, let examples):
            return "like [\(examples.map(quoted).joined(separator: ", "))] by " + set.rules.map(\.description).joined(separator: set.combinesWithOr ? " or " : " and ")
        }
    }

    /// Why the matcher cannot work (a bad regex or JSON path), or `nil`.
    public var problem: String? {
        switch self {
        case .matches(let pattern), .doesNotMatch(let pattern): return pattern.problem
        case .allOf(let matchers), .anyOf(let matchers):
            let found = matchers.compactMap(\.problem)
            return found.isEmpty ? nil : found.joined(separator: "; ")
        case .jsonPath(let query, let then): return query.problem ?? then?.problem
        case .xpath(let query, let then): return query.problem ?? then?.problem
        case .xml(_, let comparison): return comparison.problem
        default: return nil
        }
    }
}

/// Text in double quotes, escaped as a JSON string.
func quoted(_ text: String) -> String { CompactJSON.quoted(text) }

/// A condition on a named field: a query parameter, a header or a cookie.
public struct FieldMatcher: Sendable, Hashable, CustomStringConvertible {
    /// The field's name (case-insensitive for headers, exact otherwise).
    public var name: String
    /// The condition on its values.
    public var matcher: ValueMatcher

    /// Creates a field condition.
    public init(_ name: String, _ matcher: ValueMatcher) {
        self.name = name
        self.matcher = matcher
    }

    /// `name matcher`.
    public var description: String { "\(name) \(matcher)" }
}
