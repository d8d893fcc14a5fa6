import StubKit

/// Compares two JSON documents by shape: the same keys with the same types,
/// `null` fitting any type, and the elements of an array compared with the
/// elements of the other as one merged shape. Used by `verify`, where values
/// legitimately differ between the stub and the live API.
enum JSONShape {
    /// Where `actual`'s shape differs from `expected`'s, as `path: what`.
    static func drift(expected: JSONValue, actual: JSONValue, at path: String = "$") -> [String] {
        switch (expected, actual) {
        case (.null, _), (_, .null):
            return []
        case (.object(let want), .object(let have)):
            var found: [String] = []
            for key in want.keys.sorted() {
                guard let value = have[key] else { found.append("\(path).\(key): missing"); continue }
                found += drift(expected: want[key]!, actual: value, at: "\(path).\(key)")
            }
            for key in have.keys.sorted() where want[key] == nil { found.append("\(path).\(key): not in the stub") }
            return found
        case (.array(let want), .array(let have)):
            guard let merged = merge(want), let other = merge(have) else { return [] }
            return drift(expected: merged, actual: other, at: "\(path)[]")
        default:
            return expected.typeName == actual.typeName ? [] : ["\(path): \(expected.typeName) in the stub, \(actual.typeName) live"]
        }
    }

    /// One value with every key any element has (the first non-null value for each).
    private static func merge(_ items: [JSONValue]) -> JSONValue? {
        guard var result = items.first(where: { $0 != .null }) else { return nil }
        for item in items {
            guard case .object(let more) = item, case .object(var fields) = result else { continue }
            for (key, value) in more where fields[key] == nil || fields[key] == .null { fields[key] = value }
            result = .object(fields)
        }
        return result
    }
}
