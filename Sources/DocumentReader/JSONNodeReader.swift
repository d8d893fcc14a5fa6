package import Yams

/// Reads a strict JSON text straight into the node tree libyaml and Yams
/// make of it: the same scalars (strings double-quoted, numbers, `true`,
/// `false` and `null` plain, each as written), the same key order, and the
/// same marks (line and column of each value's first character, columns in
/// Unicode scalars). Reading a large JSON document this way skips the YAML
/// scanner's token queue and an event per node.
///
/// It reads only what JSON allows; anything else (a comment, a trailing
/// comma, a repeated key, a byte-order mark, a top-level scalar, nesting
/// over 512 deep, a character libyaml refuses such as DEL, a key's `:` on a
/// later line, a tab outside the root's brackets) gives
/// `nil`, and the YAML reader reads the text as before, with its own
/// errors. So a document reads the same either way, or fails the same way.
package struct JSONNodeReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// One resolver and one constructor for every node's tag, as Yams'
    /// parser has (`Constructor.default` makes a new one, tables and all,
    /// at each use).
    private let resolver: Resolver
    private let constructor = Constructor.default
    private var index = 0
    private var line = 1
    /// The column at ``columnIndex``, counted forward as reading goes.
    private var column = 1
    private var columnIndex = 0
    /// How many objects and lists hold the value being read.
    private var depth = 0
    /// Deeper than this, the YAML reader reads the text (and refuses it as
    /// before): a recursive reader's stack is not spent on hostile nesting.
    private static let maximumDepth = 512

    private init(_ bytes: UnsafeBufferPointer<UInt8>, resolver: Resolver) {
        self.bytes = bytes
        self.resolver = resolver
    }

    /// The tree of `text` when it is strict JSON with an object or a list
    /// at the top, its tags resolved by `resolver` (as Yams' parser takes
    /// one); `nil` otherwise.
    package static func compose(_ text: String, resolver: Resolver = .default) -> Node? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = JSONNodeReader(bytes, resolver: resolver)
            // Outside the root's brackets YAML reads block context, where a tab can start no line.
            reader.skipSpace(tabs: false)
            guard reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "{") || bytes[reader.index] == UInt8(ascii: "["),
                  let root = reader.value() else { return nil }
            reader.skipSpace(tabs: false)
            return reader.index == bytes.count ? root : nil
        }
    }

    // MARK: Values

    private mutating func value() -> Node? {
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        let mark = self.mark()
        depth += 1
        defer { depth -= 1 }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(mark)
        case UInt8(ascii: "["): return list(mark)
        case UInt8(ascii: "\""): return string().map { .scalar(.init($0, tag(.str), .doubleQuoted, mark)) }
        case UInt8(ascii: "t"): return word("true", mark)
        case UInt8(ascii: "f"): return word("false", mark)
        case UInt8(ascii: "n"): return word("null", mark)
        default: return number(mark)
        }
    }

    private mutating func object(_ mark: Mark) -> Node? {
        index += 1
        var pairs: [(Node, Node)] = []
        var seen: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .mapping(.init(pairs, tag(), .any, mark))
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyMark = self.mark()
            guard let key = string(), seen.insert(key).inserted else { return nil } // a repeated key: Yams reports it
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            // YAML wants a key's `:` on the key's line, within 1,024 characters of its start.
            let colon = self.mark()
            guard colon.line == keyMark.line, colon.column - keyMark.column < 1024 else { return nil }
            index += 1
            skipSpace()
            guard let value = value() else { return nil }
            pairs.append((.scalar(.init(key, tag(.str), .doubleQuoted, keyMark)), value))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .mapping(.init(pairs, tag(), .any, mark))
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
            skipSpace()
        }
    }

    private mutating func list(_ mark: Mark) -> Node? {
        index += 1
        var items: [Node] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .sequence(.init(items, tag(), .any, mark))
        }
        while true {
            guard let item = value() else { return nil }
            items.append(item)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .sequence(.init(items, tag(), .any, mark))
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
            skipSpace()
        }
    }

    private mutating func word(_ word: StaticString, _ mark: Mark) -> Node? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return .scalar(.init(String(describing: word), tag(), .plain, mark))
    }

    /// A number as JSON's grammar has it, kept as written.
    private mutating func number(_ mark: Mark) -> Node? {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        if peek(UInt8(ascii: "0")) {
            index += 1
        } else {
            guard digits() > 0 else { return nil }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return .scalar(.init(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), tag(), .plain, mark))
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// A string's text, its escapes read; `nil` for what JSON does not
    /// allow (a control character, an unknown escape, a lone surrogate).
    private mutating func string() -> String? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if !isPrintable(at: index) { return nil }
            index += 1
        }
        return nil
    }

    /// Whether the character starting at `at` reads in a string as the same
    /// character in libyaml: not a control character (C0, DEL, C1), which
    /// libyaml refuses, nor U+FFFE or U+FFFF; not NEL, U+2028 or U+2029,
    /// which YAML folds as line breaks. JSON allows each of them as it is,
    /// so such a text is left to Yams, to read or refuse as before.
    private func isPrintable(at: Int) -> Bool {
        func follows(_ tail: UInt8...) -> Bool {
            at + tail.count < bytes.count && tail.indices.allSatisfy { bytes[at + 1 + $0] == tail[$0] }
        }
        switch bytes[at] {
        case 0x00..<0x20, 0x7F: return false
        case 0xC2: return !(at + 1 < bytes.count && (0x80...0x9F).contains(bytes[at + 1]))
        case 0xE2: return !follows(0x80, 0xA8) && !follows(0x80, 0xA9)
        case 0xEF: return !follows(0xBF, 0xBE) && !follows(0xBF, 0xBF)
        default: return true
        }
    }

    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                if !isPrintable(at: index - 1) { return nil }
                text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape (its `\u` read), a surrogate pair joined.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high) // nil for a lone low surrogate
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A node's tag: `str` for a quoted scalar, as Yams' parser gives it;
    /// else implicit, resolved (as Yams' are) when first asked.
    private func tag(_ name: Tag.Name = .implicit) -> Tag { Tag(name, resolver, constructor) }

    // MARK: Places

    /// Skips JSON's white space, counting lines as libyaml does (`\r\n`, `\r` and `\n` each end one).
    private mutating func skipSpace(tabs: Bool = true) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "):
                index += 1
            case UInt8(ascii: "\t") where tabs:
                index += 1
            case UInt8(ascii: "\n"):
                newLine(after: index)
            case UInt8(ascii: "\r"):
                newLine(after: index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? index + 1 : index)
            default:
                return
            }
        }
    }

    private mutating func newLine(after end: Int) {
        index = end + 1
        line += 1
        column = 1
        columnIndex = index
    }

    /// Where the reading is: columns count Unicode scalars, as libyaml's do.
    private mutating func mark() -> Mark {
        while columnIndex < index {
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return Mark.at(line: line, column: column)
    }
}

extension Mark {
    /// The mark at `line` and `column`. Yams gives `Mark` no public
    /// initializer; it is two integers, the line and then the column (a
    /// test reads both back).
    static func at(line: Int, column: Int) -> Mark {
        precondition(MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size, "Yams' Mark is no longer a line and a column")
        return unsafeBitCast((line, column), to: Mark.self)
    }
}

extension Node {
    /// The first way `other` differs from this tree, by `#` pointer, or
    /// `nil`: text, style, mark and resolved tag of each scalar, and the
    /// kind, mark and order of each collection. Node's own `==` compares
    /// neither marks nor styles; the JSON reader must give both as libyaml does.
    package func difference(from other: Node, at pointer: String = "") -> String? {
        let place = pointer.isEmpty ? "the root" : pointer
        guard mark?.line == other.mark?.line, mark?.column == other.mark?.column else {
            return "\(place): at \(mark.map(String.init(describing:)) ?? "-") against \(other.mark.map(String.init(describing:)) ?? "-")"
        }
        switch (self, other) {
        case let (.scalar(mine), .scalar(theirs)):
            guard mine.string == theirs.string, mine.style == theirs.style, tag == other.tag else {
                return "\(place): \(mine.string.debugDescription) \(mine.style) \(tag) against \(theirs.string.debugDescription) \(theirs.style) \(other.tag)"
            }
            return nil
        case let (.mapping(mine), .mapping(theirs)):
            guard mine.count == theirs.count else { return "\(place): \(mine.count) members against \(theirs.count)" }
            for ((key, value), (otherKey, otherValue)) in zip(mine, theirs) {
                let here = pointer + "/" + (key.string ?? "?")
                if let difference = key.difference(from: otherKey, at: here + " (key)") ?? value.difference(from: otherValue, at: here) {
                    return difference
                }
            }
            return nil
        case let (.sequence(mine), .sequence(theirs)):
            guard mine.count == theirs.count else { return "\(place): \(mine.count) items against \(theirs.count)" }
            for (index, (item, otherItem)) in zip(mine, theirs).enumerated() {
                if let difference = item.difference(from: otherItem, at: "\(pointer)/\(index)") { return difference }
            }
            return nil
        default:
            return "\(place): a different kind of node"
        }
    }
}
