/// One `name=value` pair of a query string, decoded.
public struct QueryItem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The decoded name.
    public var name: String
    /// The decoded value; `nil` when the item had no `=` (as in `?flag`).
    public var value: String?

    /// Creates an item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// Parses a raw query string (without `?`) in order, keeping repeated
    /// names. `+` reads as a space; a malformed escape is kept as written.
    public static func parse(_ rawQuery: Substring) -> [QueryItem] {
        // Over the bytes: `&` and `=` are ASCII, so every cut is a scalar
        // boundary, and walking by Character (grapheme breaking) costs several times more.
        var text = rawQuery
        return text.withUTF8 { bytes in
            var items: [QueryItem] = []
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                if end > start {
                    let pair = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                        items.append(QueryItem(name: decode(UnsafeBufferPointer(rebasing: pair[..<equals])),
                                               value: decode(UnsafeBufferPointer(rebasing: pair[(equals + 1)...]))))
                    } else {
                        items.append(QueryItem(name: decode(pair), value: nil))
                    }
                }
                start = end + 1
            }
            return items
        }
    }

    /// `bytes` percent-decoded, `+` as a space; as written when an escape
    /// is malformed or the decoded bytes are not UTF-8.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return text }
        return Substring(text).percentDecoded(plusAsSpace: true) ?? text
    }

    /// `name=value`, or `name` alone.
    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
