package import Foundation

/// A JSON document parsed with the line and column of every value, found by
/// JSON pointer (`/request/headers/Accept`), so readers of foreign formats
/// can say where a mistake is. Object keys keep their order of appearance.
/// The places are kept in a table of one entry per value, in document
/// order, and a pointer is walked through it when asked for: reading a
/// document makes no text per value.
package struct LocatedJSON: Sendable {
    /// The document.
    package var root: JSONValue { parsed.root }
    /// The numbers written as decimals (`40.0`, `4e1`).
    package var decimals: JSONDecimals { parsed.decimals }

    /// All of it behind one reference: every node a reader makes carries the
    /// document, and copying one reference costs one retain, five cost five.
    private let parsed: Parsed

    private final class Parsed: Sendable {
        let root: JSONValue
        /// One per value, in document order; the root first.
        let entries: [LocatedJSONEntry]
        /// Each object's and list's children, by entry, in order.
        let children: [Int32]
        let decimals: JSONDecimals

        init(_ parser: consuming LocatedJSONParser, root: JSONValue) {
            self.root = root
            self.entries = parser.entries
            self.children = parser.children
            self.decimals = JSONDecimals(pointers: parser.decimals)
        }
    }

    /// Parses `data`; a syntax error says where it is.
    package init(_ data: Data) throws(LocatedJSONError) {
        var parser = LocatedJSONParser(bytes: Array(data), located: true)
        parser.skipSpace()
        let root = try parser.value(.root)
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        parsed = Parsed(parser, root: root)
    }

    /// The position of the value at `pointer`, or of its nearest parent that has one.
    package func position(of pointer: String) -> (line: Int, column: Int) {
        guard let (index, _) = entry(at: pointer) else { return (1, 1) }
        let entry = parsed.entries[index]
        return (Int(entry.line), Int(entry.column))
    }

    /// Where the key of the object member at `pointer` starts, or `nil` when
    /// `pointer` names no object member.
    package func keyPosition(of pointer: String) -> (line: Int, column: Int)? {
        guard let (index, exact) = entry(at: pointer), exact, parsed.entries[index].key != nil else { return nil }
        let entry = parsed.entries[index]
        return (Int(entry.keyLine), Int(entry.keyColumn))
    }

    /// The keys of the object at `pointer` in the order they appear, or `nil`
    /// when `pointer` names no object.
    package func keyOrder(at pointer: String) -> [String]? {
        guard let (index, exact) = entry(at: pointer), exact, parsed.entries[index].kind == .object else { return nil }
        return keys(of: index)
    }

    /// Every object's keys in the order they appear, objects in document order.
    package var keyOrders: [[String]] {
        parsed.entries.indices.filter { parsed.entries[$0].kind == .object }.map(keys(of:))
    }

    private func keys(of index: Int) -> [String] {
        let entry = parsed.entries[index]
        return parsed.children[Int(entry.childrenStart)..<Int(entry.childrenStart + entry.childCount)].map { parsed.entries[Int($0)].key ?? "" }
    }

    /// The entry at `pointer` (exact), or its nearest parent's; `nil` for a
    /// pointer that does not start at the root (`""` or `/…`). Walks the
    /// document's tables: nothing is kept by pointer.
    private func entry(at pointer: String) -> (index: Int, exact: Bool)? {
        guard !pointer.isEmpty else { return (0, true) }
        var pointer = pointer
        return pointer.withUTF8 { bytes -> (index: Int, exact: Bool)? in
            guard bytes[0] == UInt8(ascii: "/") else { return nil }
            var here = 0
            var start = 1
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard let found = child(of: here, named: UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return (here, false) }
                here = found
                guard end < bytes.count else { return (here, true) }
                start = end + 1
            }
        }
    }

    /// The child of entry `index` that the pointer token `token` names: a
    /// member by its key, an item by its index as pointers write it (`0`, `12`, not `012`).
    private func child(of index: Int, named token: UnsafeBufferPointer<UInt8>) -> Int? {
        let entry = parsed.entries[index]
        let items = parsed.children[Int(entry.childrenStart)..<Int(entry.childrenStart + entry.childCount)]
        switch entry.kind {
        case .object:
            if token.contains(UInt8(ascii: "~")) {
                let name = Self.unescape(String(decoding: token, as: UTF8.self))
                return items.first { parsed.entries[Int($0)].key == name }.map(Int.init)
            }
            return items.first { item in
                guard var key = parsed.entries[Int(item)].key else { return false }
                return key.withUTF8 { $0.elementsEqual(token) }
            }.map(Int.init)
        case .array:
            guard !token.isEmpty, token.count <= 9, token[0] != UInt8(ascii: "0") || token.count == 1,
                  token.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            let position = token.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            return position < items.count ? Int(items[items.startIndex + position]) : nil
        case .scalar:
            return nil
        }
    }

    /// A pointer token as the key it names (`~1` → `/`, `~0` → `~`).
    private static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
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
        var parser = LocatedJSONParser(bytes: Array(data), located: false)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipSpace()
        let root = try parser.value(.root)
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return root
    }

    /// The value in `data`, read as ``value(_:)`` reads it, and the JSON
    /// pointers of the numbers written with a fraction or an exponent
    /// (`40.0`, `1e3`): what Pact's matchers, like serde_json, take for a
    /// decimal whatever its value.
    package static func valueAndDecimals(_ data: Data) throws(LocatedJSONError) -> (value: JSONValue, decimals: JSONDecimals) {
        var parser = LocatedJSONParser(bytes: Array(data), located: false)
        parser.spelling = true
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.skipSpace()
        let root = try parser.value(.root)
        parser.skipSpace()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return (root, JSONDecimals(pointers: parser.decimals))
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
