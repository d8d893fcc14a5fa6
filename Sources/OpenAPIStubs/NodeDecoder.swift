import Foundation
import OpenAPIKitCore
import Yams

/// A `Decoder` over a parsed YAML node tree that reads scalars as Yams'
/// own decoder does (`ScalarConstructible`: `version: 1.0` is the string
/// "1.0" where a string is asked for, the number 1.0 where a number is), but
/// finds a mapping's keys through an index built once per mapping. Yams'
/// keyed container searches the mapping for every key it is asked, so a
/// document with 1,500 paths cost over two million node comparisons to
/// decode; this one costs one hash lookup per key.
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [any CodingKey]
    /// Whether a mapping read as "anything" (`[String: AnyCodable]`) gives
    /// its keys with every value left unread: for a check that keeps only
    /// the errors. OpenAPIKit reads each object that may carry `x-`
    /// extensions a second time, whole, as "anything", to find its keys, so
    /// a document's every level was decoded again for each level above it.
    let keysOnlyForAny: Bool
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ node: Node, codingPath: [any CodingKey] = [], keysOnlyForAny: Bool = false) {
        self.node = node
        self.codingPath = codingPath
        self.keysOnlyForAny = keysOnlyForAny
    }

    /// Decodes `type` from `node`; `keysOnlyForAny` as ``keysOnlyForAny``.
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, keysOnlyForAny: Bool = false) throws -> T {
        try NodeDecoder(node, keysOnlyForAny: keysOnlyForAny).decode(type)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let mapping = node.mapping else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, mapping: mapping))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let sequence = node.sequence else { throw mismatch(Node.Sequence.self) }
        return Unkeyed(decoder: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ node: Node, _ key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node, codingPath: codingPath + [key], keysOnlyForAny: keysOnlyForAny)
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expected) but found \(node.kindName) instead."))
    }

    /// A mapping with its keys indexed once.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: NodeDecoder
        let index: [String: Node]
        let keys: [String]

        init(decoder: NodeDecoder, mapping: Node.Mapping) {
            self.decoder = decoder
            var index: [String: Node] = [:]
            var keys: [String] = []
            index.reserveCapacity(mapping.count)
            var merged: [Node] = []
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                if name == "<<", key.tag.rawValue == Tag.Name.merge.rawValue || key.scalar?.style == .plain {
                    merged.append(value) // YAML's merge key: its mappings' keys, unless this one has them
                    continue
                }
                guard index[name] == nil else { continue }
                index[name] = value
                keys.append(name)
            }
            for source in merged.flatMap({ $0.sequence.map(Array.init) ?? [$0] }) {
                guard let mapping = source.mapping else { continue }
                for (name, value) in Keyed<Key>(decoder: decoder, mapping: mapping).pairs where index[name] == nil {
                    index[name] = value
                    keys.append(name)
                }
            }
            self.index = index
            self.keys = keys
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { keys.compactMap(Key.init(stringValue:)) }
        var pairs: [(String, Node)] { keys.map { ($0, index[$0]!) } }
        func contains(_ key: Key) -> Bool { index[key.stringValue] != nil }

        func child(_ key: Key) throws -> NodeDecoder {
            guard let node = index[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                           debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return decoder.child(node, key)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try child(key).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder {
            guard let node = index["super"] else {
                throw DecodingError.keyNotFound(NameKey("super"), .init(codingPath: codingPath, debugDescription: "No value associated with key super."))
            }
            return decoder.child(node, NameKey("super"))
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    /// A sequence, read in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: NodeDecoder
        let items: [Node]
        var currentIndex = 0

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        mutating func next<T>(_ read: (NodeDecoder) throws -> T) throws -> T {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [IndexKey(currentIndex)],
                                                                debugDescription: "Unkeyed container is at end."))
            }
            let value = try read(decoder.child(items[currentIndex], IndexKey(currentIndex)))
            currentIndex += 1
            return value
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex].null == NSNull() else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next { try $0.decode(type) } }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next { try $0.container(keyedBy: type) }
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next { try $0.unkeyedContainer() } }
        mutating func superDecoder() throws -> any Decoder { try next { $0 } }
    }

    /// A name as a coding key.
    struct NameKey: CodingKey, Sendable {
        let stringValue: String
        let intValue: Int?
        init(_ name: String, index: Int? = nil) {
            stringValue = name
            intValue = index
        }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init("\(intValue)", index: intValue) }
    }

    /// An array index as a coding key.
    struct IndexKey: CodingKey, Sendable {
        let intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { return nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}

extension NodeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { node.null == NSNull() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if keysOnlyForAny, type == [String: AnyCodable].self, let mapping = node.mapping {
            let keys = Keyed<NameKey>(decoder: self, mapping: mapping).keys
            return Dictionary(keys.map { ($0, AnyCodable(NSNull())) }, uniquingKeysWith: { first, _ in first }) as! T
        }
        guard let scalarType = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else { throw mismatch(type) }
        // Yams reads a number through a regular expression; text that cannot
        // start one is refused first (a value decoded as "any" tries numbers
        // before strings, for every scalar of the document).
        if type is any BinaryInteger.Type || type is any BinaryFloatingPoint.Type,
           let first = scalar.string.utf8.first, !Self.numberStarts.contains(first) {
            throw mismatch(type)
        }
        guard let made = scalarType.construct(from: scalar) as? T else { throw mismatch(type) }
        return made
    }
}

extension NodeDecoder {
    /// The bytes a YAML number can start with: a sign, a digit, or `.` (`.inf`, `.nan`).
    static let numberStarts = Set("+-.0123456789".utf8)
}

extension Node {
    /// `mapping`, `sequence`, `scalar` or `alias`, for messages.
    fileprivate var kindName: String {
        switch self {
        case .scalar: return "Scalar"
        case .mapping: return "Mapping"
        case .sequence: return "Sequence"
        case .alias: return "Alias"
        }
    }
}
