package import Foundation

/// JSON string literals without a round trip through `JSONEncoder`, for bodies
/// assembled from parts. Slashes are left unescaped, as the Marvel API writes them.
enum JSONText {
    /// `text` as a quoted JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONText {
    /// Whether a `Content-Type` value names JSON: `application/json`, or any
    /// `+json` type such as `application/problem+json`.
    static func isJSONMediaType(_ contentType: String) -> Bool {
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
