/// One place where two JSON documents differ, for shape checks and failure messages.
public struct JSONDifference: Sendable, Hashable, CustomStringConvertible {
    /// What kind of difference.
    public enum Kind: Sendable, Hashable {
        /// The key is in the actual document only.
        case unexpectedKey
        /// The key is in the expected document only.
        case missingKey
        /// Both have the path, with different JSON types (string vs number, …).
        case typeMismatch
        /// Both have the path and type, with different values.
        case valueMismatch
        /// Both arrays, of different lengths.
        case countMismatch
    }

    /// The path, e.g. `data.results[3].thumbnail`.
    public var path: String
    /// The kind of difference.
    public var kind: Kind
    /// The expected side, as compact JSON (`nil` when missing).
    public var expected: String?
    /// The actual side, as compact JSON (`nil` when missing).
    public var actual: String?

    /// Creates a difference.
    public init(path: String, kind: Kind, expected: String?, actual: String?) {
        self.path = path
        self.kind = kind
        self.expected = expected
        self.actual = actual
    }

    /// `data.results[0].foo: unexpected key (actual 1)`
    public var description: String {
        switch kind {
        case .unexpectedKey: "\(path): unexpected key, actual \(actual ?? "?")"
        case .missingKey: "\(path): missing key, expected \(expected ?? "?")"
        case .typeMismatch: "\(path): expected \(expected ?? "?"), actual \(actual ?? "?") (a different type)"
        case .valueMismatch: "\(path): expected \(expected ?? "?"), actual \(actual ?? "?")"
        case .countMismatch: "\(path): expected \(expected ?? "?") elements, actual \(actual ?? "?")"
        }
    }
}

extension JSONValue {
    /// Every difference between `self` (the actual document) and `expected`, in path
    /// order. Numbers compare by value, so `19` and `19.0` are equal; `null` and a
    /// missing key are different.
    public func differences(from expected: JSONValue, at path: String = "$") -> [JSONDifference] {
        switch (expected, self) {
        case (.object(let want), .object(let have)):
            var found: [JSONDifference] = []
            for key in Set(want.keys).union(have.keys).sorted() {
                let child = "\(path).\(key)"
                switch (want[key], have[key]) {
                case (let w?, let h?): found += h.differences(from: w, at: child)
                case (let w?, nil): found.append(JSONDifference(path: child, kind: .missingKey, expected: w.description, actual: nil))
                case (nil, let h?): found.append(JSONDifference(path: child, kind: .unexpectedKey, expected: nil, actual: h.description))
                case (nil, nil): break
                }
            }
            return found
        case (.array(let want), .array(let have)):
            var found: [JSONDifference] = []
            if want.count != have.count {
                found.append(JSONDifference(path: path, kind: .countMismatch, expected: String(want.count), actual: String(have.count)))
            }
            for (index, (w, h)) in zip(want, have).enumerated() { found += h.differences(from: w, at: "\(path)[\(index)]") }
            return found
        default:
            if expected == self { return [] }
            let kind: JSONDifference.Kind = expected.typeName == typeName ? .valueMismatch : .typeMismatch
            return [JSONDifference(path: path, kind: kind, expected: expected.description, actual: description)]
        }
    }

    /// `object`, `array`, `string`, `number`, `bool` or `null`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
