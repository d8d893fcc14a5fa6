import Foundation

/// One value of a located document: where it starts, where its key starts
/// (an object member's), its parent and place there, and its children.
struct LocatedJSONEntry: Sendable {
    enum Kind: UInt8, Sendable { case scalar, object, array }

    var line: Int32
    var column: Int32
    var keyLine: Int32 = 0
    var keyColumn: Int32 = 0
    /// The parent's entry, or -1 for the root.
    var parent: Int32
    /// The place among the parent's children.
    var ordinal: Int32
    /// Where the children's entries start in the document's children table, and how many.
    var childrenStart: Int32 = 0
    var childCount: Int32 = 0
    var kind = Kind.scalar
    /// The member's name, for a member of an object.
    var key: String?
}

/// The JSON reader behind ``LocatedJSON`` and `JSONValue(data:)`. Located,
/// it records an entry per value (no text per value: a pointer is walked
/// when asked for, and made only for a decimal).
struct LocatedJSONParser {
    /// Where a value is about to be read: its parent's entry, its place
    /// there, and its key and the key's place when it is a member.
    struct Place {
        var parent: Int32
        var ordinal: Int32
        var key: String?
        var keyAt: (line: Int, column: Int)?

        static let root = Place(parent: -1, ordinal: 0, key: nil, keyAt: nil)
    }

    let bytes: [UInt8]
    /// Whether to record positions and key order (and refuse repeated keys).
    let located: Bool
    /// Whether to record the pointers of numbers written as decimals,
    /// through `trail` (the steps to the value being read).
    var spelling = false
    var trail: [String] = []
    var decimals: Set<String> = []
    var offset = 0
    var line = 1
    var lineStart = 0
    var entries: [LocatedJSONEntry] = []
    var children: [Int32] = []
    /// The children of the objects and lists still open, innermost last.
    var pending: [Int32] = []
    var depth = 0

    func error(_ message: String) -> LocatedJSONError {
        LocatedJSONError(line: line, column: offset - lineStart + 1, message: message)
    }

    mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = offset + 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            offset += 1
        }
    }

    mutating func value(_ place: Place) throws(LocatedJSONError) -> JSONValue {
        guard offset < bytes.count else { throw error("the JSON ends early") }
        var index: Int32 = -1
        if located {
            index = Int32(entries.count)
            var entry = LocatedJSONEntry(line: Int32(line), column: Int32(offset - lineStart + 1), parent: place.parent, ordinal: place.ordinal)
            if let keyAt = place.keyAt { (entry.keyLine, entry.keyColumn) = (Int32(keyAt.line), Int32(keyAt.column)) }
            entry.key = place.key
            entries.append(entry)
            if place.parent >= 0 { pending.append(index) }
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw error("the JSON nests too deeply") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(at: index)
        case UInt8(ascii: "["): return try array(at: index)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try number(at: index)
        }
    }

    /// Ends the object or list at entry `index`: its last `count` pending
    /// children are its own.
    mutating func close(_ index: Int32, _ kind: LocatedJSONEntry.Kind, children count: Int) {
        guard located else { return }
        entries[Int(index)].kind = kind
        entries[Int(index)].childrenStart = Int32(children.count)
        entries[Int(index)].childCount = Int32(count)
        children.append(contentsOf: pending[(pending.count - count)...])
        pending.removeLast(count)
    }

    /// The JSON pointer of entry `index`, made from its parents.
    func pointer(of index: Int32) -> String {
        var tokens: [String] = []
        var here = index
        while here > 0 {
            let entry = entries[Int(here)]
            tokens.append(entry.key.map(LocatedJSON.escape) ?? String(entry.ordinal))
            here = entry.parent
        }
        return tokens.reversed().map { "/" + $0 }.joined()
    }

    mutating func object(at index: Int32) throws(LocatedJSONError) -> JSONValue {
        offset += 1
        // Members are gathered in order and made a dictionary once, at its size.
        var pairs: [(key: String, value: JSONValue)] = []
        var seen = RepeatedKeys()
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            close(index, .object, children: 0)
            return .object([:])
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let keyAt = (line: line, column: offset - lineStart + 1)
            let key = try string()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected : after the key \"\(key)\"") }
            offset += 1
            skipSpace()
            let repeated = seen.isRepeated(key, among: pairs)
            if located {
                if repeated { throw error("the key \"\(key)\" appears twice") }
                pairs.append((key, try value(Place(parent: index, ordinal: Int32(pairs.count), key: key, keyAt: keyAt))))
            } else {
                // A repeated key's value is dropped, so is its spelling.
                let tracks = spelling
                if tracks { trail.append(LocatedJSON.escape(key)); spelling = !repeated }
                let member = try value(.root)
                if tracks { trail.removeLast(); spelling = true }
                if !repeated { pairs.append((key, member)) }
            }
            skipSpace()
            guard offset < bytes.count else { throw error("the JSON ends inside an object") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "}") else { throw error("expected , or } in an object") }
            offset += 1
            close(index, .object, children: pairs.count)
            var members = [String: JSONValue](minimumCapacity: pairs.count)
            for (key, value) in pairs { members[key] = value }
            return .object(members)
        }
    }

    /// Whether an object's key came before: by comparison while the
    /// object is small, by a set once it is not.
    struct RepeatedKeys {
        private var keys: Set<String>?

        mutating func isRepeated(_ key: String, among pairs: [(key: String, value: JSONValue)]) -> Bool {
            if keys == nil, pairs.count < 16 { return pairs.contains { $0.key == key } }
            if keys == nil { keys = Set(pairs.map(\.key)) }
            return !keys!.insert(key).inserted
        }
    }

    mutating func array(at index: Int32) throws(LocatedJSONError) -> JSONValue {
        offset += 1
        var items: [JSONValue] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            close(index, .array, children: 0)
            return .array(items)
        }
        while true {
            skipSpace()
            if spelling { trail.append(String(items.count)) }
            items.append(try value(Place(parent: index, ordinal: Int32(items.count), key: nil, keyAt: nil)))
            if spelling { trail.removeLast() }
            skipSpace()
            guard offset < bytes.count else { throw error("the JSON ends inside an array") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            guard bytes[offset] == UInt8(ascii: "]") else { throw error("expected , or ] in an array") }
            offset += 1
            close(index, .array, children: items.count)
            return .array(items)
        }
    }

    mutating func word(_ text: StaticString, _ result: JSONValue) throws(LocatedJSONError) -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count,
              text.withUTF8Buffer({ wanted in wanted.indices.allSatisfy { bytes[offset + $0] == wanted[$0] } }) else {
            throw error("unexpected character")
        }
        offset += count
        return result
    }

    /// A number as JSON spells it: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func number(at index: Int32) throws(LocatedJSONError) -> JSONValue {
        let start = offset
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        var valid = digits() > 0 && !(bytes[integerStart] == UInt8(ascii: "0") && offset - integerStart > 1)
        var decimal = false
        if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            valid = digits() > 0
            decimal = true
        }
        let mantissaEnd = offset
        if valid, offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            decimal = true
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            valid = digits() > 0
        }
        // A whole number of up to 15 digits is exact as an Int and as a Double: no text to make and parse.
        if valid, !decimal, offset - integerStart <= 15 {
            var whole = 0
            for digit in bytes[integerStart..<offset] { whole = whole * 10 + Int(digit - UInt8(ascii: "0")) }
            let negative = integerStart > start
            return .number(negative ? (whole == 0 ? -0.0 : -Double(whole)) : Double(whole))
        }
        guard valid, let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
            offset = start
            throw error("unexpected character")
        }
        // Beyond a Double either way (`1e400`, `1e-400`): refused, as JSONDecoder refuses it, not read as infinity or 0.
        guard number.isFinite, number != 0 || !bytes[start..<mantissaEnd].contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) else {
            offset = start
            throw error("the number is out of a Double's range")
        }
        if decimal, spelling { decimals.insert(trail.isEmpty ? "" : "/" + trail.joined(separator: "/")) }
        if decimal, located { decimals.insert(pointer(of: index)) }
        return .number(number)
    }

    mutating func string() throws(LocatedJSONError) -> String {
        offset += 1
        // Most strings have no escape: made straight from their bytes.
        var end = offset
        var high: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            high |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            // ASCII is valid UTF-8: decoded without the generic validation.
            let text = bytes.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[offset..<end])
                return high < 0x80 ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            offset = end + 1
            guard let text else { throw error("the string is not valid UTF-8") }
            return text
        }
        var scalars = Array(bytes[offset..<end])
        offset = end
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: scalars, as: UTF8.self) else { throw error("the string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                guard offset < bytes.count else { throw error("the JSON ends inside a string") }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append(10)
                case UInt8(ascii: "t"): scalars.append(9)
                case UInt8(ascii: "r"): scalars.append(13)
                case UInt8(ascii: "b"): scalars.append(8)
                case UInt8(ascii: "f"): scalars.append(12)
                case UInt8(ascii: "u"): scalars += Array(String(try unicodeEscape()).utf8)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                default: throw error("unknown escape \\\(Character(Unicode.Scalar(escaped)))")
                }
            case 0..<0x20: throw error("a control character inside a string")
            default:
                scalars.append(byte)
                offset += 1
            }
        }
        throw error("the JSON ends inside a string")
    }

    mutating func unicodeEscape() throws(LocatedJSONError) -> Character {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw error("a lone surrogate in \\u escapes")
            }
            offset += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                throw error("a lone surrogate in \\u escapes")
            }
            return Character(scalar)
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("a lone surrogate in \\u escapes") }
        return Character(scalar)
    }

    mutating func hex4() throws(LocatedJSONError) -> UInt32 {
        // Four hex digits, nothing else: `UInt32(_:radix:)` would also take a sign (`\u+83d`).
        guard offset + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }
}
