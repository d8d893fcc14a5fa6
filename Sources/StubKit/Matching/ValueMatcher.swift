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

    /// `"text"` means ``equals(_:)``.
    public init(stringLiteral value: String) { self = .equals(value) }

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
        }
    }
}

/// Text in double quotes, escaped as a JSON string.
func quoted(_ text: String) -> String { JSONText.quoted(text) }

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
