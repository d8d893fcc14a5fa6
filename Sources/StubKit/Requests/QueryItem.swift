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
        // Byte-level: `&` and `=` are ASCII, so every cut is a scalar boundary,
        // and walking by Character (grapheme breaking) costs several times more.
        rawQuery.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                return QueryItem(name: decode(Substring(pair)), value: nil)
            }
            return QueryItem(name: decode(Substring(pair[..<equals])),
                             value: decode(Substring(pair[pair.index(after: equals)...])))
        }
    }

    private static func decode(_ text: Substring) -> String {
        text.percentDecoded(plusAsSpace: true) ?? String(text)
    }

    /// `name=value`, or `name` alone.
    public var description: String { value.map { "\(name)=\($0)" } ?? name }
}
