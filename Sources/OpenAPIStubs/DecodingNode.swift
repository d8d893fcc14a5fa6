import Foundation
import Yams

/// A YAML node tree made once for ``NodeDecoder``: each mapping's keys in
/// order and indexed (YAML merge keys resolved, the first of a repeated key
/// kept), each sequence's items in an array, each node a shared reference.
///
/// OpenAPIKit asks for the same mapping's container several times (an
/// `Either` tries a reference first, then the object; an extendable object is
/// read again for its `x-` keys), and `Yams.Node` is a value of several
/// references: indexing a mapping at every request and copying nodes into
/// every nested decoder was most of the decoder's own cost. Here a nested
/// decoder gets its node for one retain.
final class DecodingNode {
    /// A scalar's text, tag and style, as Yams' scalar constructors read them; `nil` for a collection.
    let scalar: Node.Scalar?
    /// A mapping's keys in document order (only keys that are text); empty otherwise.
    let keys: [String]
    /// A mapping's values by key; empty otherwise.
    let index: [String: DecodingNode]
    /// A sequence's items; empty otherwise.
    let items: [DecodingNode]
    /// What the node is, for messages and for the containers it can give.
    let kind: Kind

    /// The four kinds of YAML node.
    enum Kind {
        case scalar, mapping, sequence, alias

        /// `Scalar`, `Mapping`, `Sequence` or `Alias`, as Yams' decoder names them in messages.
        var name: String {
            switch self {
            case .scalar: return "Scalar"
            case .mapping: return "Mapping"
            case .sequence: return "Sequence"
            case .alias: return "Alias"
            }
        }
    }

    /// The tree of `node`.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self.scalar = scalar
            (keys, index, items, kind) = ([], [:], [], .scalar)
        case .mapping(let mapping):
            let (keys, index) = Self.indexed(mapping)
            scalar = nil
            (self.keys, self.index, items, kind) = (keys, index, [], .mapping)
        case .sequence(let sequence):
            scalar = nil
            (keys, index, items, kind) = ([], [:], sequence.map(DecodingNode.init), .sequence)
        case .alias:
            scalar = nil
            (keys, index, items, kind) = ([], [:], [], .alias)
        }
    }

    /// A mapping of `keys` in this order, with their values in `index`.
    init(keys: [String], index: [String: DecodingNode]) {
        scalar = nil
        (self.keys, self.index, items, kind) = (keys, index, [], .mapping)
    }

    /// A mapping's text keys in order with their values; a `<<` merge key
    /// brings in its mappings' keys that this mapping does not have.
    private static func indexed(_ mapping: Node.Mapping) -> ([String], [String: DecodingNode]) {
        var index: [String: DecodingNode] = [:]
        var keys: [String] = []
        index.reserveCapacity(mapping.count)
        keys.reserveCapacity(mapping.count)
        var merged: [Node] = []
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            if name == "<<", key.tag.rawValue == Tag.Name.merge.rawValue || key.scalar?.style == .plain {
                merged.append(value)
                continue
            }
            guard index[name] == nil else { continue }
            index[name] = DecodingNode(value)
            keys.append(name)
        }
        for source in merged.flatMap({ $0.sequence.map(Array.init) ?? [$0] }) {
            guard let mapping = source.mapping else { continue }
            let (mergedKeys, mergedIndex) = indexed(mapping)
            for name in mergedKeys where index[name] == nil {
                index[name] = mergedIndex[name]
                keys.append(name)
            }
        }
        return (keys, index)
    }

    /// Whether the node is a scalar YAML reads as null (`null`, `~`, empty).
    var isNull: Bool { scalar.flatMap(NSNull.construct) != nil }
}

// The tree is never changed after it is made.
extension DecodingNode: @unchecked Sendable {}
