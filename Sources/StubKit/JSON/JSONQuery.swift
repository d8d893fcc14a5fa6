import Foundation

/// A JSONPath expression in the dialect WireMock and most Java tools use
/// (Jayway): `$.a.b`, `$['a b']`, `$.list[0]`, `$.list[-1]`, `$.list[*]`,
/// `$..name`, `$.list[0,2]`, `$.list[1:3]`, filters such as
/// `$.items[?(@.price > 10 && @.tag == 'x')]` or `[?(@.name =~ /sp.*/i)]`,
/// and a trailing `.length()` or `.size()`.
///
/// Parsed once; an expression that does not parse is kept with its
/// ``problem``, selects nothing, and stops a server from starting.
public struct JSONQuery: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    let steps: [Step]?
    /// Why the expression cannot be used, or `nil`.
    public let problem: String?

    /// Parses `source`.
    public init(_ source: String) {
        self.source = source
        do {
            var parser = JSONQueryParser(source)
            steps = try parser.parse()
            problem = nil
        } catch {
            steps = nil
            problem = "malformed JSON path \(quoted(source)): \(error)"
        }
    }

    /// Whether the expression names exactly one place (no wildcard, filter,
    /// deep scan, list or slice): it then selects a value, not a list.
    public var isDefinite: Bool {
        steps?.allSatisfy(\.isDefinite) ?? false
    }

    /// What the expression selects in `document`: for a definite expression
    /// the one value (`nil` when the place does not exist), otherwise an
    /// array of every match (possibly empty).
    public func select(in document: JSONValue) -> JSONValue? {
        guard let steps else { return nil }
        var current: [JSONValue] = [document]
        for step in steps {
            current = current.flatMap { step.apply(to: $0) }
        }
        if isDefinite { return current.first }
        return .array(current)
    }

    /// The expression.
    public var description: String { source }

    /// Equal when the sources are equal.
    public static func == (lhs: JSONQuery, rhs: JSONQuery) -> Bool { lhs.source == rhs.source }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

extension JSONQuery {
    /// One step of a parsed expression.
    indirect enum Step: Sendable {
        case key(String)
        case index(Int)
        case indices([Int])
        case slice(Int?, Int?)
        case wildcard
        case deep(String?)
        case filter(JSONFilter)
        case length

        var isDefinite: Bool {
            switch self {
            case .key, .index, .length: return true
            default: return false
            }
        }

        func apply(to value: JSONValue) -> [JSONValue] {
            switch (self, value) {
            case (.key(let key), .object(let object)): return object[key].map { [$0] } ?? []
            case (.index(let index), .array(let array)):
                let position = index < 0 ? array.count + index : index
                return array.indices.contains(position) ? [array[position]] : []
            case (.indices(let indices), .array):
                return indices.flatMap { Step.index($0).apply(to: value) }
            case (.slice(let from, let to), .array(let array)):
                let count = array.count
                let start = max(0, min(count, from.map { $0 < 0 ? count + $0 : $0 } ?? 0))
                let end = max(0, min(count, to.map { $0 < 0 ? count + $0 : $0 } ?? count))
                return start < end ? Array(array[start..<end]) : []
            case (.wildcard, .array(let array)): return array
            case (.wildcard, .object(let object)): return object.keys.sorted().compactMap { object[$0] }
            case (.deep(let key), _): return Self.descendants(of: value, key: key)
            case (.filter(let filter), .array(let array)): return array.filter(filter.test)
            case (.filter(let filter), .object): return filter.test(value) ? [value] : []
            case (.length, .array(let array)): return [.number(Double(array.count))]
            case (.length, .object(let object)): return [.number(Double(object.count))]
            case (.length, .string(let text)): return [.number(Double(text.count))]
            default: return []
            }
        }

        /// `..key`: every value under `key` at any depth; `..*`: every descendant.
        private static func descendants(of value: JSONValue, key: String?) -> [JSONValue] {
            var found: [JSONValue] = []
            func walk(_ value: JSONValue) {
                switch value {
                case .object(let object):
                    for name in object.keys.sorted() {
                        let child = object[name]!
                        if key == nil || key == name { found.append(child) }
                        walk(child)
                    }
                case .array(let array):
                    for child in array {
                        if key == nil { found.append(child) }
                        walk(child)
                    }
                default: break
                }
            }
            walk(value)
            return found
        }
    }
}

extension JSONValue {
    /// The value as WireMock turns a selected value into text for a nested
    /// pattern: strings as they are, numbers without a needless `.0`,
    /// `true`/`false`, `null`, objects and arrays as compact JSON.
    public var matchText: String {
        switch self {
        case .string(let text): return text
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array, .object: return description
        }
    }
}
