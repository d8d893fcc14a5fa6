import DocumentReader
import Foundation
import OpenAPIKitCore

/// A map of an OpenAPI document (`paths`, `components/schemas`, …) that
/// ``NodeDecoder`` may decode in parts on every core, when only the error
/// counts (``NodeDecoder/errorsOnly``): each core takes the next run of
/// entries as it finishes one (`Concurrently.runs`), so a core shared with
/// the walk for operations takes fewer. Each entry decodes by itself, so the
/// parts decoded apart and put together in order are the map decoded whole.
/// The one difference is what a check throws away: the map's warnings.
///
/// The error thrown is the one a whole decode throws: the first part that
/// fails holds the document's first failing entry.
protocol MapInParts {
    /// The map, decoded from `decoder`'s mapping in `parts` parts at once.
    static func decode(_ decoder: NodeDecoder, inParts parts: Int) throws -> Self
}

extension OrderedDictionary: MapInParts where Key: Decodable, Value: Decodable {
    static func decode(_ decoder: NodeDecoder, inParts parts: Int) throws -> Self {
        _ = decoder.codingPath // made once here, so the parts only read it
        let results = Concurrently.runs(of: decoder.node.keys, parts: parts) { keys in
            let node = DecodingNode(mappingOf: Array(keys), from: decoder.node)
            let partDecoder = NodeDecoder(node, path: decoder.path, errorsOnly: true, splitsMaps: false)
            return Result { try Self(from: partDecoder) }
        }
        var whole = Self()
        for result in results {
            whole.merge(try result.get()) { _, later in later }
        }
        return whole
    }
}

extension DecodingNode {
    /// A mapping of `keys`, some of `mapping`'s, with their values.
    convenience init(mappingOf keys: [String], from mapping: DecodingNode) {
        var index: [String: DecodingNode] = [:]
        index.reserveCapacity(keys.count)
        for key in keys { index[key] = mapping.index[key] }
        self.init(keys: keys, index: index)
    }
}
