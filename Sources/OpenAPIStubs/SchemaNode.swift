import DocumentReader
import StubKit
import Yams

/// Typed reads of a schema node: the keyword values the validator needs,
/// plain YAML scalars resolved the way JSON reads them.
extension Node {
    /// The member `key` of a mapping, or `nil`.
    func member(_ key: String) -> Node? {
        guard case .mapping(let mapping) = self else { return nil }
        return mapping.first { $0.key.string == key }?.value
    }

    /// The mapping's members in document order.
    var members: [(key: String, value: Node)] {
        guard case .mapping(let mapping) = self else { return [] }
        return mapping.map { ($0.key.string ?? "", $0.value) }
    }

    /// The sequence's items.
    var items: [Node] {
        guard case .sequence(let sequence) = self else { return [] }
        return Array(sequence)
    }

    /// The node as a JSON value; scalars read by the one rule every reader
    /// shares (DocumentReader's `Node.Scalar.json`).
    var json: JSONValue {
        switch self {
        case .scalar(let scalar): return scalar.json
        case .sequence(let sequence): return .array(sequence.map(\.json))
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = value.json }
            return .object(object)
        case .alias: return .null
        }
    }

    /// A number keyword's value, or `nil`.
    var number: Double? {
        if case .number(let value) = json { return value }
        return nil
    }

    /// A boolean keyword's value, or `nil`.
    var boolean: Bool? {
        if case .bool(let value) = json { return value }
        return nil
    }

    /// A string keyword's value, or `nil`.
    var text: String? {
        guard case .scalar(let scalar) = self else { return nil }
        if case .string(let value) = json { return value }
        return scalar.string
    }
}
