import HTTPWire

/// Header fields in order, repeated names kept, names compared without case.
///
/// Stored as the `(name, value)` pairs the server reads off the wire, so
/// recording a request costs no conversion.
public struct HTTPHeaders: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, Sequence, CustomStringConvertible {
    /// One header line.
    public struct Field: Sendable, Hashable, Codable {
        /// The name as written.
        public var name: String
        /// The value as written.
        public var value: String
        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields as `(name, value)` pairs, in order.
    public private(set) var pairs: [(name: String, value: String)]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) { self.pairs = fields.map { ($0.name, $0.value) } }

    /// Creates headers from `(name, value)` pairs in order, without copying.
    public init(pairs: [(name: String, value: String)]) { self.pairs = pairs }

    /// Creates headers from a literal; order is kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.pairs = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The fields in order.
    public var fields: [Field] { pairs.map { Field(name: $0.name, value: $0.value) } }

    /// The value of the first field with this name, or `nil`.
    public subscript(name: String) -> String? {
        pairs.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the fields with this name, in order.
    public func values(for name: String) -> [String] {
        pairs.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(_ name: String, _ value: String) { pairs.append((name, value)) }

    /// Replaces every field with this name by one field with this value.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        pairs.removeAll { Self.sameName($0.name, name) }
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// One `Name: value` line per field.
    public var description: String { pairs.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    /// Equal when the same fields stand in the same order (names compared exactly).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }

    /// Decodes from a list of `{name, value}` objects.
    public init(from decoder: any Decoder) throws { self.init(try [Field](from: decoder)) }

    /// Encodes as a list of `{name, value}` objects.
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    /// ASCII case-insensitive comparison, the rule for header names
    /// (HTTPWire's, the one home of that rule).
    static func sameName(_ a: String, _ b: String) -> Bool { a.caseInsensitiveEquals(b) }
}
