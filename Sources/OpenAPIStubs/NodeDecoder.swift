import DocumentReader
import Foundation
import Locking
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCore
import Yams

/// A `Decoder` over a parsed YAML node tree that reads scalars as Yams'
/// own decoder does (`ScalarConstructible`: `version: 1.0` is the string
/// "1.0" where a string is asked for, the number 1.0 where a number is), but
/// finds a mapping's keys through an index built once per mapping
/// (``DecodingNode``). Yams' keyed container searches the mapping for every
/// key it is asked, so a document with 1,500 paths cost over two million
/// node comparisons to decode; this one costs one hash lookup per key.
struct NodeDecoder: Decoder {
    let node: DecodingNode
    /// The keys from the root to ``node``, made into `codingPath` only when
    /// asked (for an error): a decoder per value made an array per value.
    let path: CodingPathLink?
    /// Whether only the error counts, for a check that throws the value
    /// away. Then a mapping read as "anything" (`[String: AnyCodable]`)
    /// gives its keys with every value left unread (OpenAPIKit reads each
    /// object that may carry `x-` extensions a second time, whole, as
    /// "anything", to find its keys, so a document's every level was
    /// decoded again for each level above it), and a large map is decoded
    /// in parts on every core (``MapInParts``), its warnings not kept.
    let errorsOnly: Bool
    /// Whether a large map is decoded in parts on every core: with
    /// ``errorsOnly``, except inside a part.
    let splitsMaps: Bool
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var codingPath: [any CodingKey] { path?.keys ?? [] }

    init(_ node: DecodingNode, path: CodingPathLink? = nil, errorsOnly: Bool = false, splitsMaps: Bool? = nil) {
        self.node = node
        self.path = path
        self.errorsOnly = errorsOnly
        self.splitsMaps = splitsMaps ?? errorsOnly
    }

    /// Decodes `type` from `node`; `errorsOnly` as ``errorsOnly``. The tree
    /// made for it is freed on another thread (a 3 MB document's took 70 ms
    /// of the caller's time).
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, errorsOnly: Bool = false) throws -> T {
        let tree = DecodingNode(node)
        defer { Concurrently.release(tree) }
        return try NodeDecoder(tree, errorsOnly: errorsOnly).decode(type)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard node.kind == .mapping else { throw mismatch(Node.Mapping.self) }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard node.kind == .sequence else { throw mismatch(Node.Sequence.self) }
        return Unkeyed(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func child(_ node: DecodingNode, _ key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node, path: CodingPathLink(key, parent: path), errorsOnly: errorsOnly, splitsMaps: splitsMaps)
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: Self.mismatchMessages.message(expected, node.kind)))
    }

    /// One key of a coding path and the keys before it: a nested decoder
    /// adds one link, not a copy of the whole path.
    final class CodingPathLink {
        let key: any CodingKey
        let parent: CodingPathLink?
        /// The path, once made (`AnyCodable` asks five questions of a
        /// mapping before it asks for a mapping; each refusal carries it).
        private var made: [any CodingKey]?

        init(_ key: any CodingKey, parent: CodingPathLink?) {
            self.key = key
            self.parent = parent
        }

        /// The keys from the root to this one.
        var keys: [any CodingKey] {
            if let made { return made }
            var keys: [any CodingKey] = []
            var link: CodingPathLink? = self
            while let current = link {
                keys.append(current.key)
                link = current.parent
            }
            keys.reverse()
            made = keys
            return keys
        }
    }

    /// A mapping, through its node's index.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: NodeDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { decoder.node.keys.compactMap(Key.init(stringValue:)) }
        func contains(_ key: Key) -> Bool { decoder.node.index[key.stringValue] != nil }

        func child(_ key: Key) throws -> NodeDecoder {
            guard let node = decoder.node.index[key.stringValue] else {
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
            guard let node = decoder.node.index["super"] else {
                throw DecodingError.keyNotFound(NameKey("super"), .init(codingPath: codingPath, debugDescription: "No value associated with key super."))
            }
            return decoder.child(node, NameKey("super"))
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    /// A sequence, read in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: NodeDecoder
        var currentIndex = 0
        var items: [DecodingNode] { decoder.node.items }

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
            guard !isAtEnd, items[currentIndex].isNull else { return false }
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
    func decodeNil() -> Bool { node.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if errorsOnly, type == [String: AnyCodable].self, node.kind == .mapping {
            return Dictionary(uniqueKeysWithValues: node.keys.map { ($0, AnyCodable(NSNull())) }) as! T
        }
        if type == AnyCodable.self {
            if let scalar = node.scalar, let value = Self.anything(scalar) { return value as! T }
            if node.kind != .scalar { return try AnyCodable(from: AnyCollection(node: self)) as! T }
        }
        guard let scalarType = type as? any ScalarConstructible.Type else {
            if node.kind == .mapping, node.index["$ref"] == nil, let either = type as? any ReferenceOrValue.Type,
               let value = try? either.value(from: self) {
                return value as! T
            }
            if splitsMaps, node.keys.count >= Self.partSize * 2, let map = type as? any MapInParts.Type {
                return try map.decode(self, inParts: min(Concurrently.cores, node.keys.count / Self.partSize)) as! T
            }
            return try T(from: self)
        }
        guard let scalar = node.scalar else { throw mismatch(type) }
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
    /// "Expected to decode String but found Mapping instead.", as Yams'
    /// decoder words it, made once for each type and kind of node: writing
    /// a type's name is slow, and refusals are common (`AnyCodable` and
    /// `Either` decode by trying).
    static let mismatchMessages = MismatchMessages()

    /// The messages made so far, by type and kind of node.
    final class MismatchMessages: Sendable {
        private let made = Locked<[MessageKey: String]>([:])

        /// A type and a kind of node.
        struct MessageKey: Hashable {
            let type: ObjectIdentifier
            let kind: DecodingNode.Kind
        }

        /// The message for `expected` against a node of `kind`.
        func message(_ expected: Any.Type, _ kind: DecodingNode.Kind) -> String {
            let key = MessageKey(type: ObjectIdentifier(expected), kind: kind)
            if let known = made.withLock({ $0[key] }) { return known }
            let message = "Expected to decode \(expected) but found \(kind.name) instead."
            made.withLock { $0[key] = message }
            return message
        }
    }

    /// A scalar read as "anything" as `AnyCodable.init(from:)` reads it, in
    /// its order (null, a Boolean, an integer, an unsigned one, a double,
    /// text), without its trial decodes: each type it rules out was an error
    /// thrown, four for every string of a document's examples and extensions.
    static func anything(_ scalar: Node.Scalar) -> AnyCodable? {
        if NSNull.construct(from: scalar) != nil { return AnyCodable(NSNull()) }
        if let bool = Bool.construct(from: scalar) { return AnyCodable(bool) }
        if let first = scalar.string.utf8.first, numberStarts.contains(first) {
            if let int = Int.construct(from: scalar) { return AnyCodable(int) }
            if let uint = UInt.construct(from: scalar) { return AnyCodable(uint) }
            if let double = Double.construct(from: scalar) { return AnyCodable(double) }
        }
        return String.construct(from: scalar).map { AnyCodable($0) }
    }

    /// The fewest entries worth a part of their own (a part costs a thread's turn).
    static let partSize = 32

    /// The bytes a YAML number can start with: a sign, a digit, or `.` (`.inf`, `.nan`).
    static let numberStarts = Set("+-.0123456789".utf8)
}

/// An `Either` whose first choice is a reference (`$ref`), as OpenAPIKit
/// decodes most objects: it tries the reference, which throws for every
/// mapping without a `$ref` key, then the object. For such a mapping the
/// decoder reads the object at once; if that fails, it decodes the `Either`
/// as OpenAPIKit does, so the error is OpenAPIKit's own.
protocol ReferenceOrValue {
    /// The second choice, decoded from `decoder`.
    static func value(from decoder: NodeDecoder) throws -> Self
}

/// A reference type of OpenAPIKit: it cannot decode a mapping without a `$ref` key.
protocol ReferenceDecodable {}

extension Either: ReferenceOrValue where A: ReferenceDecodable, B: Decodable {
    static func value(from decoder: NodeDecoder) throws -> Self { .b(try decoder.decode(B.self)) }
}

extension OpenAPIKit.JSONReference: ReferenceDecodable {}
extension OpenAPIKit.OpenAPI.Reference: ReferenceDecodable {}
extension OpenAPIKit30.JSONReference: ReferenceDecodable {}

extension NodeDecoder {
    /// A list or mapping read as "anything": `AnyCodable.init(from:)` asks
    /// for null, a Boolean, numbers and text before a list or a mapping;
    /// each is refused here with one error made once, not an error with its
    /// coding path and message made for each question.
    struct AnyCollection: Decoder, SingleValueDecodingContainer {
        let node: NodeDecoder
        var codingPath: [any CodingKey] { node.codingPath }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { try node.container(keyedBy: type) }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try node.unkeyedContainer() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
        func decodeNil() -> Bool { false }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            switch node.node.kind {
            case .sequence where type == [AnyCodable].self, .mapping where type == [String: AnyCodable].self: return try node.decode(type)
            default: throw Self.refused
            }
        }

        /// The one answer to every other question (`AnyCodable` discards it).
        static let refused = DecodingError.typeMismatch(
            AnyCodable.self, .init(codingPath: [], debugDescription: "a list or a mapping is read as a list or a mapping"))
    }
}
