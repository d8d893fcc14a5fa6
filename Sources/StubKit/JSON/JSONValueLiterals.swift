public import Foundation

// JSON written as Swift literals: `.jsonPath("title", equals: "Spider-Man")`,
// `.jsonSubset(["item": "web-shooter", "count": 2])`.

extension JSONValue: ExpressibleByStringLiteral {
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// A JSON number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A JSON number.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// A JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A JSON object; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByStringInterpolation {
    /// A JSON string from an interpolation: `.jsonPath("title", equals: "case \(n)")`.
    public init(stringInterpolation: DefaultStringInterpolation) { self = .string(String(stringInterpolation: stringInterpolation)) }
}

/// A Swift value with a natural JSON form, so a variable can go where a
/// ``JSONValue`` is asked for: `.jsonPath("count", equals: count)` with
/// `count` an `Int`, `.jsonSubset(["name": name])` with `name` a `String`.
/// `String`, `Substring`, `Bool`, the integer and floating-point types,
/// optionals (`nil` is `null`), arrays and `[String: …]` dictionaries conform.
public protocol JSONValueConvertible {
    /// The value as JSON.
    var jsonValue: JSONValue { get }
}

extension JSONValue {
    /// The JSON form of `value`: `JSONValue(count)`, `JSONValue(["a": 1])`.
    /// (`JSONValue` itself does not conform to ``JSONValueConvertible``, so a
    /// `JSONValue` argument always picks the matcher that takes one.)
    public init(_ value: some JSONValueConvertible) { self = value.jsonValue }
}

extension String: JSONValueConvertible {
    /// A JSON string.
    public var jsonValue: JSONValue { .string(self) }
}

extension Substring: JSONValueConvertible {
    /// A JSON string.
    public var jsonValue: JSONValue { .string(String(self)) }
}

extension Bool: JSONValueConvertible {
    /// `true` or `false`.
    public var jsonValue: JSONValue { .bool(self) }
}

extension Int: JSONValueConvertible {
    /// A JSON number.
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension Int64: JSONValueConvertible {
    /// A JSON number (exact up to 2^53).
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension Int32: JSONValueConvertible {
    /// A JSON number.
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension UInt: JSONValueConvertible {
    /// A JSON number (exact up to 2^53).
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension Double: JSONValueConvertible {
    /// A JSON number.
    public var jsonValue: JSONValue { .number(self) }
}

extension Float: JSONValueConvertible {
    /// A JSON number.
    public var jsonValue: JSONValue { .number(Double(self)) }
}

extension Decimal: JSONValueConvertible {
    /// A JSON number (as a `Double`).
    public var jsonValue: JSONValue { .number(NSDecimalNumber(decimal: self).doubleValue) }
}

extension Optional: JSONValueConvertible where Wrapped: JSONValueConvertible {
    /// The wrapped value's JSON, or `null`.
    public var jsonValue: JSONValue { map(\.jsonValue) ?? .null }
}

extension Array: JSONValueConvertible where Element: JSONValueConvertible {
    /// A JSON array.
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension Dictionary: JSONValueConvertible where Key == String, Value: JSONValueConvertible {
    /// A JSON object.
    public var jsonValue: JSONValue { .object(mapValues(\.jsonValue)) }
}
