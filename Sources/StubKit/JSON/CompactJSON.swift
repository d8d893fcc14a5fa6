/// The compact text of a ``JSONValue``, written directly: keys sorted, `/`
/// not escaped, numbers as `Double.description` without a trailing `.0`,
/// control characters as `\uXXXX`. Byte for byte what `JSONEncoder` writes
/// with `[.sortedKeys, .withoutEscapingSlashes]` (a test holds both to it),
/// at a fraction of the cost: admin answers and exports write every
/// mapping this way.
package enum CompactJSON {
    /// The text of `value`, or `nil` when it holds a number that JSON cannot
    /// spell (infinity or NaN).
    static func of(_ value: JSONValue) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        guard write(value, into: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `value` with the numbers at `decimals` written as
    /// decimals (`40.0`), as the text it was read from wrote them.
    package static func of(_ value: JSONValue, decimals: JSONDecimals) -> String? {
        guard !decimals.pointers.isEmpty else { return of(value) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        guard write(value, into: &bytes, decimals: decimals, at: "") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `value`; with `decimals`, `pointer` is where it is.
    private static func write(_ value: JSONValue, into bytes: inout [UInt8], decimals: JSONDecimals? = nil, at pointer: String = "") -> Bool {
        switch value {
        case .null: bytes += "null".utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .number(let number):
            guard number.isFinite else { return false }
            let decimal = decimals?.contains(pointer) == true
            // A whole number below 10^15 is what its Int spells (Double.description adds only ".0").
            if !decimal, number.magnitude < 1e15, number.rounded(.towardZero) == number {
                if number == 0, number.sign == .minus { bytes.append(UInt8(ascii: "-")) }
                bytes += String(Int(number)).utf8
                return true
            }
            var text = number.description
            if text.hasSuffix(".0"), !decimal { text.removeLast(2) }
            bytes += text.utf8
        case .string(let text): writeString(text, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard write(item, into: &bytes, decimals: decimals, at: decimals == nil ? "" : pointer + "/\(index)") else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // Sorted with their values, so no key is looked up again.
            for (index, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                let child = decimals == nil ? "" : pointer + "/" + LocatedJSON.escape(member.key)
                guard write(member.value, into: &bytes, decimals: decimals, at: child) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// An object's keys in the order `JSONEncoder`'s `.sortedKeys` writes
    /// them: by code point. (String's `<` compares canonical forms, so it
    /// would put `"\u{2001}"`, which is canonically U+2003, after `"\u{2002}"`.)
    package static func sortedKeys<Value>(_ members: [String: Value]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` as a quoted JSON string, for bodies assembled from parts
    /// (slashes unescaped, as the Marvel API writes them).
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        writeString(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text needs no escape: appended whole.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += #"\""#.utf8
                case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
                case 0x0A: bytes += #"\n"#.utf8
                case 0x0D: bytes += #"\r"#.utf8
                case 0x09: bytes += #"\t"#.utf8
                case 0x08: bytes += #"\b"#.utf8
                case 0x0C: bytes += #"\f"#.utf8
                case 0..<0x20:
                    bytes += #"\u00"#.utf8
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
