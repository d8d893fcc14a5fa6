public import Foundation

/// A JSON document as a value, for body matchers and structural diffs.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number (compared as a `Double`).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses JSON bytes; `nil` when they are not JSON.
    public init?(data: Data) {
        guard let value = try? LocatedJSON.value(data) else { return nil }
        self = value
    }

    /// Parses JSON text; `nil` when it is not JSON.
    public init?(json text: String) { self.init(data: Data(text.utf8)) }

    /// The JSON form of any `Encodable` value.
    public init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        let data = try encoder.encode(value)
        self = try JSONValue(data: data) ?? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Encodes as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Whether every key of `self` is in `other` with a matching value; arrays
    /// must have the same length and match element by element, or, when
    /// `ignoringArrayOrder`, each element must match a different element.
    public func isSubset(of other: JSONValue, ignoringArrayOrder: Bool = false) -> Bool {
        switch (self, other) {
        case (.object(let expected), .object(let actual)):
            return expected.allSatisfy { key, value in
                actual[key].map { value.isSubset(of: $0, ignoringArrayOrder: ignoringArrayOrder) } ?? false
            }
        case (.array(let expected), .array(let actual)):
            guard expected.count == actual.count else { return false }
            guard ignoringArrayOrder else {
                return zip(expected, actual).allSatisfy { $0.isSubset(of: $1, ignoringArrayOrder: false) }
            }
            var unused = actual
            for element in expected {
                guard let index = unused.firstIndex(where: { element.isSubset(of: $0, ignoringArrayOrder: true) }) else { return false }
                unused.remove(at: index)
            }
            return true
        default:
            return self == other
        }
    }

    /// The value at `path` (`data.results[0].id`, optionally starting with `$.`), or `nil`.
    public func value(at path: String) -> JSONValue? {
        guard let steps = JSONPath.parse(path) else { return nil }
        var current = self
        for step in steps {
            switch (step, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let array)):
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Compact JSON with sorted keys.
    public var description: String { CompactJSON.of(self) ?? "?" }
}

/// A dotted JSON path with array indices: `a.b[2].c`, optionally `$.`-prefixed.
enum JSONPath {
    enum Step: Equatable { case key(String), index(Int) }

    /// The steps of `path`, or `nil` when it is malformed.
    static func parse(_ path: String) -> [Step]? {
        var text = Substring(path)
        if text.hasPrefix("$") { text = text.dropFirst() }
        if text.hasPrefix(".") { text = text.dropFirst() }
        var steps: [Step] = []
        var key = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case ".":
                if !key.isEmpty {
                    steps.append(.key(key))
                    key = ""
                } else if case .index = steps.last {
                    continue // "a[0].b": the dot after an index separates nothing
                } else {
                    return nil // "a..b", or a leading dot
                }
            case "[":
                if !key.isEmpty { steps.append(.key(key)); key = "" }
                var digits = ""
                while let digit = iterator.next(), digit != "]" { digits.append(digit) }
                guard let index = Int(digits), index >= 0 else { return nil }
                steps.append(.index(index))
            default:
                key.append(character)
            }
        }
        if !key.isEmpty { steps.append(.key(key)) }
        return steps
    }
}
