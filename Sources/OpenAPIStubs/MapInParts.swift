import Foundation
import Locking
import OpenAPIKitCore

/// A map of an OpenAPI document (`paths`, `components/schemas`, …) that
/// ``NodeDecoder`` may decode in parts, one per core, when only the error
/// counts (``NodeDecoder/errorsOnly``): each entry decodes by itself, so the
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
        let keys = decoder.node.keys
        let size = (keys.count + parts - 1) / parts
        let slices = stride(from: 0, to: keys.count, by: size).map { keys[$0..<Swift.min($0 + size, keys.count)] }
        _ = decoder.codingPath // made once here, so the parts only read it
        let results = Locked<[Int: Result<Self, any Swift.Error>]>([:])
        Concurrently.run(slices.count) { part in
            let node = DecodingNode(mappingOf: Array(slices[part]), from: decoder.node)
            let partDecoder = NodeDecoder(node, path: decoder.path, errorsOnly: true, splitsMaps: false)
            let result = Result { try Self(from: partDecoder) }
            results.withLock { $0[part] = result }
        }
        var whole = Self()
        for part in slices.indices {
            guard let result = results.withLock({ $0[part] }) else { continue }
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
