import Foundation
package import StubKit
/// A ``WrittenJSON`` document printed as block-style YAML, for the files
/// people read and edit (a recorded spec): members in the order given,
/// two-space indentation, strings plain where YAML reads them back as the
/// same text and double-quoted (JSON escapes, which YAML shares) otherwise.
/// Every document it prints is read by the spec reader into the same values
/// as the JSON text of the same document.
package enum WrittenYAML {
    /// `document` as YAML text, ending in a newline.
    package static func text(_ document: WrittenJSON) -> String {
        var lines: [String] = []
        block(document, indent: "", into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends the lines of `value` written as a block at `indent`.
    private static func block(_ value: WrittenJSON, indent: String, into lines: inout [String]) {
        switch normalized(value) {
        case .object(let members) where !members.isEmpty:
            for (key, member) in members {
                let head = indent + scalar(key) + ":"
                if let inline = inline(member) {
                    lines.append(head + " " + inline)
                } else {
                    lines.append(head)
                    // A list under a key sits at the key's indentation, as YAML allows and people write.
                    block(member, indent: isList(member) ? indent : indent + "  ", into: &lines)
                }
            }
        case .array(let items) where !items.isEmpty:
            for item in items {
                if let inline = inline(item) {
                    lines.append(indent + "- " + inline)
                    continue
                }
                var nested: [String] = []
                block(item, indent: indent + "  ", into: &nested)
                // The first line of the item shares the dash.
                if let first = nested.first {
                    lines.append(indent + "- " + first.dropFirst(indent.count + 2))
                    lines.append(contentsOf: nested.dropFirst())
                }
            }
        case let other:
            lines.append(indent + (inline(other) ?? "null"))
        }
    }

    /// A scalar or an empty collection on one line; `nil` for a block.
    private static func inline(_ value: WrittenJSON) -> String? {
        switch normalized(value) {
        case .object(let members): return members.isEmpty ? "{}" : nil
        case .array(let items): return items.isEmpty ? "[]" : nil
        case .value(.string(let text)): return scalar(text)
        case .value(let other): return other.description
        case .number(let spelled): return spelled
        }
    }

    private static func isList(_ value: WrittenJSON) -> Bool {
        if case .array(let items) = normalized(value) { return !items.isEmpty }
        return false
    }

    /// Objects and arrays inside a plain value as written members (sorted keys).
    private static func normalized(_ value: WrittenJSON) -> WrittenJSON {
        switch value {
        case .value(.object(let members)):
            return .object(members.keys.sorted().map { ($0, .value(members[$0]!)) })
        case .value(.array(let items)):
            return .array(items.map(WrittenJSON.value))
        default:
            return value
        }
    }

    /// Words YAML 1.1 readers take as booleans or null when plain.
    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]

    /// `text` plain when it reads back as the same string, else double-quoted.
    package static func scalar(_ text: String) -> String {
        if isPlain(text) { return text }
        let quoted = JSONValue.string(text).description
        // JSON leaves DEL, the C1 controls (NEL among them, a line break to YAML), the line and paragraph
        // separators and the byte-order mark as they are; YAML forbids them raw or reads them as breaks.
        guard quoted.unicodeScalars.contains(where: needsEscape) else { return quoted }
        var escaped = ""
        for character in quoted.unicodeScalars {
            if needsEscape(character) {
                escaped += String(format: "\\u%04X", character.value)
            } else {
                escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// What YAML does not allow unescaped in a double-quoted scalar, past what JSON escapes.
    private static func needsEscape(_ character: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(character.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(character.value)
    }

    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isAlphabetic || first == "_" || first == "/",
              last != " ", !reserved.contains(text.lowercased())
        else { return false }
        return text.unicodeScalars.allSatisfy { character in
            character.isASCII && (character.properties.isAlphabetic || ("0"..."9").contains(character)
                || "_./- ".unicodeScalars.contains(character))
        }
    }
}
