package import Foundation

/// Facts about JSON text: its media types, and whether its numbers survive
/// being read as `Double`s. (Quoting a string is ``CompactJSON/quoted(_:)``.)
package enum JSONText {
    /// Whether a `Content-Type` value names JSON: `application/json`, or any
    /// `+json` type such as `application/problem+json`.
    package static func isJSONMediaType(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// Whether every number in JSON text `data` has at most 15 significant
    /// digits, so reading it as a ``JSONValue`` (a `Double`) keeps its value.
    static func numbersFitDouble(_ data: Data) -> Bool {
        var inString = false, escaped = false, digits = 0
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits > 15 { return false }
            case UInt8(ascii: "."): break
            default: digits = 0
            }
        }
        return true
    }
}

extension JSONValue {
    /// The JSON in `data` when reading it loses nothing a client could
    /// decode: it parses, and no number has more digits than a `Double` keeps.
    package init?(exactly data: Data) {
        guard !data.isEmpty, JSONText.numbersFitDouble(data), let value = JSONValue(data: data) else { return nil }
        self = value
    }
}
