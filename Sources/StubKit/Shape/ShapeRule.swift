import Foundation

/// One Pact matching rule: how a value is judged against the example's.
/// Rules on containers (an array's `min`/`max`, `values`, `eachKey`,
/// `eachValue`, `arrayContains`) are applied by ``Shape``'s walk; the rest
/// judge one value here.
public indirect enum ShapeRule: Sendable, Hashable, CustomStringConvertible {
    /// Equal to the example (resets a cascading rule).
    case equality
    /// The value's text matches the whole pattern.
    case regex(TextPattern)
    /// The example's JSON type; on arrays also `min ≤ count ≤ max`.
    case type(min: Int? = nil, max: Int? = nil)
    /// The value's text contains this.
    case include(String)
    /// Any JSON number.
    case number
    /// A number with no fractional part.
    case integer
    /// A number with a fractional part.
    case decimal
    /// `true`, `false`, or those words as text.
    case boolean
    /// JSON null.
    case null
    /// Text a date, time or timestamp format (Java `DateTimeFormatter`
    /// letters, such as `yyyy-MM-dd`) reads; ISO 8601 without one.
    case dateTime(DateTimeKind, format: String?)
    /// Bytes of this content type (judged on the text form here).
    case contentType(String)
    /// A map whose values match the example's, keys ignored.
    case values
    /// Present, and not null, `""`, `[]` or `{}`.
    case notEmpty
    /// A semantic version, `1.2.3-rc.1+build`.
    case semver
    /// Every key of a map passes these rules.
    case eachKey([ShapeRule])
    /// Every value of a map (or element of an array) passes these rules.
    case eachValue([ShapeRule])
    /// For each variant (the example's element at `index`, with its own
    /// rules), some actual element matches; order and extra elements free.
    case arrayContains([ShapeVariant])

    /// Which of the date-time rules.
    public enum DateTimeKind: String, Sendable, Hashable {
        /// A calendar date (`yyyy-MM-dd` by default).
        case date
        /// A time of day (`HH:mm:ss` by default).
        case time
        /// A date and time (ISO 8601 by default).
        case timestamp
    }

    /// Why `actual` fails this rule against `expected`, or `nil`. Container
    /// rules pass here; the walk applies them.
    public func problem(expected: JSONValue, actual: JSONValue) -> String? {
        problem(expected: expected, actual: actual, writtenAsDecimal: nil)
    }

    /// Why `actual` fails, knowing whether it was written as a decimal
    /// (`40.0`): then `integer` refuses it and `decimal` takes it, as Pact's
    /// matchers do. `nil`: judged by value.
    func problem(expected: JSONValue, actual: JSONValue, writtenAsDecimal: Bool?) -> String? {
        switch self {
        case .equality:
            return Self.sameValue(expected, actual) ? nil : "expected \(expected), got \(actual)"
        case .regex(let pattern):
            guard let text = Self.text(of: actual) else { return "expected text matching \(pattern), got \(actual)" }
            return pattern.matchesWhole(text) ? nil : "\(actual) does not match \(pattern)"
        case .type:
            return Self.kind(of: expected) == Self.kind(of: actual) ? nil
                : "expected \(Self.kind(of: expected)) (like \(expected)), got \(Self.kind(of: actual)) \(actual)"
        case .include(let part):
            return Self.text(of: actual)?.contains(part) == true ? nil : "expected \(actual) to include \(quoted(part))"
        case .number:
            if case .number = actual { return nil }
            return "expected a number, got \(actual)"
        case .integer:
            if case .number(let value) = actual, value.rounded() == value, value.isFinite, writtenAsDecimal != true { return nil }
            return "expected an integer, got \(actual)" + (writtenAsDecimal == true ? " (written as a decimal)" : "")
        case .decimal:
            if case .number(let value) = actual, writtenAsDecimal ?? (value.rounded() != value) { return nil }
            return "expected a decimal number, got \(actual)" + (writtenAsDecimal == false ? " (written as an integer)" : "")
        case .boolean:
            switch actual {
            case .bool, .string("true"), .string("false"): return nil
            default: return "expected a boolean, got \(actual)"
            }
        case .null:
            return actual == .null ? nil : "expected null, got \(actual)"
        case .dateTime(let kind, let format):
            guard let text = Self.text(of: actual), DateTimeFormat(kind: kind, pattern: format).accepts(text) else {
                return "expected a \(kind.rawValue)" + (format.map { " in the format \($0)" } ?? "") + ", got \(actual)"
            }
            return nil
        case .contentType(let type):
            guard let text = Self.text(of: actual), MediaTypeSniffing.data(Data(text.utf8), isOf: type) else {
                return "expected content of type \(type), got \(actual)"
            }
            return nil
        case .notEmpty:
            switch actual {
            case .null, .string(""): return "expected a value that is not empty, got \(actual)"
            case .array(let items) where items.isEmpty: return "expected a list that is not empty"
            case .object(let members) where members.isEmpty: return "expected an object that is not empty"
            default: return nil
            }
        case .semver:
            guard let text = Self.text(of: actual), Self.semverPattern.matchesWhole(text) else {
                return "expected a semantic version, got \(actual)"
            }
            return nil
        case .values, .eachKey, .eachValue, .arrayContains:
            return nil
        }
    }

    /// `type`, `regex /a+/`, `min 2` …
    public var description: String {
        switch self {
        case .equality: return "equality"
        case .regex(let pattern): return "regex \(pattern)"
        case .type(let min, let max):
            return "type" + (min.map { " min \($0)" } ?? "") + (max.map { " max \($0)" } ?? "")
        case .include(let part): return "include \(quoted(part))"
        case .number: return "number"
        case .integer: return "integer"
        case .decimal: return "decimal"
        case .boolean: return "boolean"
        case .null: return "null"
        case .dateTime(let kind, let format): return kind.rawValue + (format.map { " \($0)" } ?? "")
        case .contentType(let type): return "content type \(type)"
        case .values: return "values"
        case .notEmpty: return "not empty"
        case .semver: return "semver"
        case .eachKey(let rules): return "each key (" + rules.map(\.description).joined(separator: ", ") + ")"
        case .eachValue(let rules): return "each value (" + rules.map(\.description).joined(separator: ", ") + ")"
        case .arrayContains(let variants): return "array contains \(variants.count) variant\(variants.count == 1 ? "" : "s")"
        }
    }

    /// Equal values, numbers by value (`1` equals `1.0`).
    static func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool { a == b }

    /// The text a value is judged by: a string itself, a number or boolean as written.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number, .bool: return value.description
        case .null, .array, .object: return nil
        }
    }

    /// `string`, `number`, `boolean`, `null`, `array`, `object`.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .array: return "array"
        case .object: return "object"
        }
    }

    private static let semverPattern = TextPattern(
        #"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?"#)
}

/// The rules at one path and how they combine.
public struct ShapeRuleSet: Sendable, Hashable {
    /// All rules must pass (`AND`, the default) or one (`OR`).
    public var combinesWithOr: Bool
    /// The rules, in order.
    public var rules: [ShapeRule]

    /// Creates a set.
    public init(_ rules: [ShapeRule], combinesWithOr: Bool = false) {
        self.rules = rules
        self.combinesWithOr = combinesWithOr
    }

    /// Why `actual` fails the set, or `nil`.
    public func problem(expected: JSONValue, actual: JSONValue) -> String? {
        problem(expected: expected, actual: actual, writtenAsDecimal: nil)
    }

    /// Why `actual`, written as a decimal or not (`nil`: not known), fails the set.
    func problem(expected: JSONValue, actual: JSONValue, writtenAsDecimal: Bool?) -> String? {
        let problems = rules.map { $0.problem(expected: expected, actual: actual, writtenAsDecimal: writtenAsDecimal) }
        if combinesWithOr { return problems.contains { $0 == nil } ? nil : problems.compactMap { $0 }.joined(separator: "; or ") }
        return problems.compactMap { $0 }.first
    }

    /// The tightest `min` and `max` its type rules set on an array.
    var lengthBounds: (min: Int?, max: Int?) {
        var bounds: (min: Int?, max: Int?) = (nil, nil)
        for case .type(let min, let max) in rules {
            if let min { bounds.min = Swift.max(bounds.min ?? 0, min) }
            if let max { bounds.max = Swift.min(bounds.max ?? Int.max, max) }
        }
        return bounds
    }

    /// Whether the set only resets to equality.
    package var isEquality: Bool { rules.allSatisfy { $0 == .equality } }
}

/// One variant of an `arrayContains` rule.
public struct ShapeVariant: Sendable, Hashable {
    /// The index of the example element this variant is.
    public var index: Int
    /// Rules for that element, their paths rooted at it (`$.id`).
    public var rules: [ShapePathRules]

    /// Creates a variant.
    public init(index: Int, rules: [ShapePathRules]) {
        self.index = index
        self.rules = rules
    }
}

/// The rule set at one path.
public struct ShapePathRules: Sendable, Hashable {
    /// Where the rules apply.
    public var path: ShapePath
    /// The rules.
    public var set: ShapeRuleSet

    /// Creates the pair.
    public init(_ path: ShapePath, _ set: ShapeRuleSet) {
        self.path = path
        self.set = set
    }
}
