import StubKit

/// The members of a mapping or JSON object that ``DocumentReading/members(_:allowed:)``
/// accepted, as a reader asks for them: by name.
///
/// A JSON object's members stay in the value the document was read into
/// (already hashed once, by the parser), and a member becomes a
/// ``DocumentNode`` only when it is asked for: a reader of a WireMock
/// mapping or a pact looks up a few names of each object, and building a
/// second table with a node (and its pointer) for every member cost more
/// than reading the object.
package struct DocumentMembers {
    /// A YAML mapping's members, as nodes; `nil` for a JSON object's.
    private let nodes: [String: DocumentNode]?
    /// A JSON object's accepted members, under ``parent``.
    private let values: [String: JSONValue]
    /// The JSON object's node, its members' parent. A YAML mapping's node is
    /// kept too but not read: one shape for both, so the JSON lookups, the
    /// hot ones, unwrap nothing.
    private let parent: DocumentNode
    /// The JSON object's pointer, written out once for all its members.
    private let parentPointer: String

    /// The members of a YAML mapping.
    init(_ nodes: [String: DocumentNode], of parent: DocumentNode) {
        self.nodes = nodes
        self.values = [:]
        self.parent = parent
        self.parentPointer = ""
    }

    /// The members of the JSON object at `parent`.
    init(json values: [String: JSONValue], of parent: DocumentNode) {
        self.nodes = nil
        self.values = values
        self.parent = parent
        self.parentPointer = parent.pointer
    }

    /// The member `name`, or `nil`.
    package subscript(name: String) -> DocumentNode? {
        if let nodes { return nodes[name] }
        return value(name).map { parent.child(name, json: $0, parentPointer: parentPointer) }
    }

    /// Beyond this many members, a name is looked up by its hash; up to it,
    /// by comparing names (a reader asks an object of two or three members
    /// for each of a dozen names it may hold, most of them absent).
    private static let scanLimit = 8

    /// The JSON member `name`'s value.
    private func value(_ name: String) -> JSONValue? {
        guard values.count <= Self.scanLimit else { return values[name] }
        // By index, lengths first: comparing a key copies no value, and
        // most names asked for differ from a key in length.
        let length = name.utf8.count
        var index = values.startIndex
        while index != values.endIndex {
            let key = values.keys[index]
            if key.utf8.count == length, key == name { return values.values[index] }
            values.formIndex(after: &index)
        }
        return nil
    }

    /// How many members there are.
    package var count: Int { nodes?.count ?? values.count }

    /// Whether there are none.
    package var isEmpty: Bool { count == 0 }

    /// The names, in no particular order.
    package var names: [String] { nodes.map { Array($0.keys) } ?? Array(values.keys) }

    /// Whether a member is called `name`.
    package func contains(_ name: String) -> Bool {
        nodes.map { $0[name] != nil } ?? (value(name) != nil)
    }

    /// The only member, when there is exactly one.
    package var single: (name: String, node: DocumentNode)? {
        guard count == 1, let name = names.first, let node = self[name] else { return nil }
        return (name, node)
    }
}
