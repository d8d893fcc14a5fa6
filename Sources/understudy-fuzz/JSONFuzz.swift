import Foundation
import StubKit

/// StubKit's own JSON reader and writer (`JSONValue(data:)`,
/// `description`, `LocatedJSON`) on arbitrary bytes, held to Foundation:
/// what it reads, `JSONDecoder` reads to the same value; what it refuses,
/// `JSONDecoder` refuses too, unless the text has a trailing comma (which
/// `JSONDecoder` alone lets through); what it writes is what `JSONEncoder`
/// writes and reads back equal; the located reader reads the same value
/// (or refuses a repeated key).
enum JSONFuzz {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let ours = JSONValue(data: data)
        let foundation = try? JSONDecoder().decode(JSONValue.self, from: data)
        if let ours {
            precondition(foundation == ours, "JSONDecoder reads \(String(describing: foundation)), StubKit \(ours)")
            let text = ours.description
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = (try? encoder.encode(ours)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            precondition(text == expected, "wrote \(text), JSONEncoder writes \(expected)")
            precondition(JSONValue(data: Data(text.utf8)) == ours, "\(text) does not read back")
        } else if foundation != nil {
            precondition(hasTrailingComma(bytes) || repeatsAKey(data) || bytes.contains(0),
                         "JSONDecoder reads what StubKit refuses: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        if let located = try? LocatedJSON(data) {
            precondition(located.root == ours, "the located reader reads \(located.root), the plain one \(String(describing: ours))")
        }
    }

    /// Whether the located reader stops at a key that appears twice.
    private static func repeatsAKey(_ data: Data) -> Bool {
        do {
            _ = try LocatedJSON(data)
            return false
        } catch {
            return error.message.contains("appears twice")
        }
    }

    /// Whether a `,` is followed, after white space, by `]` or `}` (outside strings, roughly).
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ",") {
                var next = index + 1
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") { return true }
            }
            index += 1
        }
        return false
    }
}
