package import Foundation

/// A JSON document parsed with the line and column of every value, keyed by
/// JSON pointer (`/request/headers/Accept`), so readers of foreign formats
/// can say where a mistake is. Object keys keep their order of appearance.
package struct LocatedJSON: Sendable {
    /// The document.
    package var root: JSONValue { parsed.root }
    /// Where each value starts, by JSON pointer (`""` is the root).
    package var positions: [String: (line: Int, column: Int)] { parsed.positions }
    /// Object keys in the order they appear, by the object's pointer.
    package var keyOrder: [String: [String]] { parsed.keyOrder }
    /// Where each object member's key starts, by the member's JSON pointer.
    package var keyPositions: [String: (line: Int, column: Int)] { parsed.keyPositions }
    /// The numbers written as decimals (`40.0`, `4e1`).
    package var decimals: JSONDecimals { parsed.decimals }

    /// All of it behind one reference: every node a reader makes carries the
    /// document, and copying one reference costs one retain, five cost five.
    private let parsed: Parsed

    private final class Parsed: Sendable {
        let root: JSONValue
        let positions: [String: (line: Int, column: Int)]
        let keyOrder: [String: [String]]
        let keyPositions: [String: (line: Int, column: Int)]
        let decimals: JSONDecimals

        init(_ parser: consuming Parser, root: JSONValue) {
            self.root = root
            self.positions = parser.positions
            self.keyPositions = parser.keyPositions
            self.keyOrder = parser.keyOrder
            self.decimals = JSONDecimals(pointers: parser.decimals)
        }
    }

    /// Parses `data`; a syntax error says where it is.
    package init(_ data: Data) throws(LocatedJSONError) {
        var parser = Parser(bytes: Array(data), located: true)
        parser.reservePositions()
        parser.skipSpace()
        let root = try parser.value(pointer: "")
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        parsed = Parsed(parser, root: root)
    }

    /// The position of the value at `pointer`, or of its nearest parent that has one.
    package func position(of pointer: String) -> (line: Int, column: Int) {
        var current = pointer
        while true {
            if let found = positions[current] { return found }
            guard let slash = current.lastIndex(of: "/") else { return (1, 1) }
            current = String(current[..<slash])
        }
    }

    /// `name` escaped for use in a JSON pointer (`~` → `~0`, `/` → `~1`).
    package static func escape(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return name }
        return name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The value in `data` without positions: what `JSONValue(data:)` reads
    /// with. As `JSONDecoder` does, a repeated key keeps its first value and a
    /// leading byte order mark is skipped.
    static func value(_ data: Data) throws(LocatedJSONError) -> JSONValue {
        var parser = Parser(bytes: Array(data), located: false)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipSpace()
        let root = try parser.value(pointer: "")
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return root
    }

    /// The value in `data`, read as ``value(_:)`` reads it, and the JSON
    /// pointers of the numbers written with a fraction or an exponent
    /// (`40.0`, `1e3`): what Pact's matchers, like serde_json, take for a
    /// decimal whatever its value.
    package static func valueAndDecimals(_ data: Data) throws(LocatedJSONError) -> (value: JSONValue, decimals: JSONDecimals) {
        var parser = Parser(bytes: Array(data), located: false)
        parser.spelling = true
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipSpace()
        let root = try parser.value(pointer: "")
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return (root, JSONDecimals(pointers: parser.decimals))
    }

    private struct Parser {
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
        var positions: [String: (line: Int, column: Int)] = [:]
        var keyPositions: [String: (line: Int, column: Int)] = [:]
        var keyOrder: [String: [String]] = [:]
        var depth = 0

        /// Sizes the position tables for the values and keys the bytes may
        /// hold (every value but the first follows a `:` or a `,`), so a large
        /// document's tables are not grown and rehashed again and again.
        mutating func reservePositions() {
            var (colons, commas) = (0, 0)
            for byte in bytes {
                if byte == UInt8(ascii: ":") { colons += 1 } else if byte == UInt8(ascii: ",") { commas += 1 }
            }
            positions.reserveCapacity(colons + commas + 1)
            keyPositions.reserveCapacity(colons)
        }

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

        mutating func value(pointer: String) throws(LocatedJSONError) -> JSONValue {
            guard offset < bytes.count else { throw error("the JSON ends early") }
            if located { positions[pointer] = (line, offset - lineStart + 1) }
            depth += 1
            defer { depth -= 1 }
            guard depth < 512 else { throw error("the JSON nests too deeply") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object(pointer: pointer)
            case UInt8(ascii: "["): return try array(pointer: pointer)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            default: return try number(pointer: pointer)
            }
        }

        mutating func object(pointer: String) throws(LocatedJSONError) -> JSONValue {
            offset += 1
            // Members are gathered in order and made a dictionary once, at its size.
            var pairs: [(key: String, value: JSONValue)] = []
            var seen = RepeatedKeys()
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                if located { keyOrder[pointer] = [] }
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
                    let child = pointer + "/" + LocatedJSON.escape(key)
                    if repeated { throw error("the key \"\(key)\" appears twice") }
                    keyPositions[child] = keyAt
                    pairs.append((key, try value(pointer: child)))
                } else {
                    // A repeated key's value is dropped, so is its spelling.
                    let tracks = spelling
                    if tracks { trail.append(LocatedJSON.escape(key)); spelling = !repeated }
                    let member = try value(pointer: "")
                    if tracks { trail.removeLast(); spelling = true }
                    if !repeated { pairs.append((key, member)) }
                }
                skipSpace()
                guard offset < bytes.count else { throw error("the JSON ends inside an object") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard bytes[offset] == UInt8(ascii: "}") else { throw error("expected , or } in an object") }
                offset += 1
                if located { keyOrder[pointer] = pairs.map(\.key) }
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

        mutating func array(pointer: String) throws(LocatedJSONError) -> JSONValue {
            offset += 1
            var items: [JSONValue] = []
            skipSpace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(items)
            }
            while true {
                skipSpace()
                if spelling { trail.append(String(items.count)) }
                items.append(try value(pointer: located ? pointer + "/\(items.count)" : ""))
                if spelling { trail.removeLast() }
                skipSpace()
                guard offset < bytes.count else { throw error("the JSON ends inside an array") }
                if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
                guard bytes[offset] == UInt8(ascii: "]") else { throw error("expected , or ] in an array") }
                offset += 1
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
        mutating func number(pointer: String) throws(LocatedJSONError) -> JSONValue {
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
            if decimal, located { decimals.insert(pointer) }
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
}

/// A JSON syntax error with its place.
package struct LocatedJSONError: Error, Sendable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column (in bytes).
    package var column: Int
    /// What is wrong.
    package var message: String

    /// `line:column: message`.
    package var description: String { "\(line):\(column): \(message)" }
}
