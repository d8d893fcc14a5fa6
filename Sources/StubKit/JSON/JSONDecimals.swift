/// Which numbers of a JSON text were written as decimals (`40.0`, `4e1`),
/// by JSON pointer: what a parsed ``JSONValue`` forgets and the Pact tools
/// (serde_json) keep. Their `decimal` matcher takes `40.0` and refuses `40`,
/// `integer` the other way round, and their stub answers `40.0` as written.
package struct JSONDecimals: Sendable, Hashable {
    /// The pointers (`""` is the root, `/lines/0/price` a member).
    package private(set) var pointers: Set<String>

    /// No number written as a decimal.
    package static let none = JSONDecimals(pointers: [])

    /// The decimals at `pointers`.
    package init(pointers: Set<String>) { self.pointers = pointers }

    /// Whether the number at `pointer` was written as a decimal.
    package func contains(_ pointer: String) -> Bool { pointers.contains(pointer) }

    /// Those at or under `pointer`, rooted there: the decimals of a part of
    /// the document, such as a pact's body.
    package func within(_ pointer: String) -> JSONDecimals {
        guard !pointer.isEmpty else { return self }
        var found: Set<String> = []
        for candidate in pointers where candidate == pointer || candidate.hasPrefix(pointer + "/") {
            found.insert(String(candidate.dropFirst(pointer.count)))
        }
        return JSONDecimals(pointers: found)
    }
}
