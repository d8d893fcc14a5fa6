import DocumentReader
import Foundation
import Yams

/// The JSON reader that builds YAML nodes (`JSONNodeReader`) on arbitrary
/// bytes, held to libyaml: a tree it reads, Yams reads to the same tree,
/// marks and styles included, unless the text has what JSON allows and
/// libyaml refuses (an escaped surrogate pair: emoji written as JSON escapes them).
enum JSONNodesFuzz {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let ours = JSONNodeReader.compose(text) else { return }
        do {
            guard let yams = try Yams.compose(yaml: text) else { preconditionFailure("Yams reads nothing from \(text.prefix(200))") }
            if let difference = ours.difference(from: yams) {
                preconditionFailure("the JSON reader and Yams differ at \(difference) in \(text.prefix(200))")
            }
        } catch {
            precondition(text.range(of: #"\\u[dD][89abAB]"#, options: .regularExpression) != nil,
                         "Yams refuses what the JSON reader reads (\(error)): \(text.prefix(200))")
        }
    }
}
