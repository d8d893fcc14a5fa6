import DocumentReader
import Foundation
import Yams

/// The YAML reader that reads a document in parts (`YAMLInParts`) on
/// arbitrary bytes, cut at every key it can be: a tree it reads, one pass
/// of Yams reads to the same tree, marks and styles included, with either
/// resolver.
enum YAMLPartsFuzz {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for resolver in [Resolver.default, .basic] {
            guard let parts = YAMLInParts.compose(text, resolver: resolver, parts: 3, pieceBytes: 1) else { continue }
            guard let whole = try? Yams.compose(yaml: text, resolver) else {
                preconditionFailure("read in parts, refused in one pass: \(text.prefix(200).debugDescription)")
            }
            if let difference = parts.difference(from: whole) {
                preconditionFailure("in parts and in one pass differ at \(difference) in \(text.prefix(200).debugDescription)")
            }
        }
    }
}
