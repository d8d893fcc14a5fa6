import Foundation
package import StubKit
package import Yams

/// A node of a YAML or JSON document with where it is: file, line, column,
/// its key path (`stubs[2].request.query`, for messages in the spec format)
/// and its JSON pointer (`/stubs/2/request/query`), for typed reads that
/// record a precise ``StubProblem`` instead of failing at the first mistake.
package struct DocumentNode {
    /// The YAML node (a spec's JSON is read as YAML, so key order is the
    /// document's); an empty scalar for a node of a JSON document (``json``).
    package let node: Node
    /// For a node of a JSON document read with ``LocatedJSON`` (a WireMock
    /// mapping, a pact): its value and the document that places it.
    package let json: (value: JSONValue, document: LocatedJSON)?
    /// The dotted key path from the root; empty at the root.
    package var key: String {
        switch path {
        case .written(let key): key
        case .steps(let base, let count, let items): Self.keyPath(pointer, from: base, steps: count, items: items)
        }
    }
    /// The JSON pointer from the root (RFC 6901); empty at the root. A
    /// JSON node keeps its parent's and its own step, and writes them out
    /// only when asked (a reader visits many members and needs few pointers).
    package var pointer: String {
        switch last {
        case .none: base
        case .member(let name): base + "/" + LocatedJSON.escape(name)
        case .item(let index): base + "/" + String(index)
        }
    }
    /// The whole pointer, or (with ``last``) the parent's.
    private let base: String
    /// The step from ``base`` to this node, when it is not written out.
    private let last: PointerStep
    /// The file, as problems name it.
    package let file: String
    /// How ``key`` is made.
    private let path: KeyPathSpelling

    /// A node's key path: written out, or, for a node of a JSON document,
    /// made from its pointer when a problem asks for it (a reader visits
    /// many members and finds a problem at few). `base` is where the path
    /// starts in the pointer (the node the document was entered at), and
    /// bit `i` of `items` says that step `i` is a list item (`[2]`), not a
    /// member (`.name`).
    private enum KeyPathSpelling {
        case written(String)
        case steps(base: Int, count: Int, items: UInt64)
    }

    /// A JSON node's last pointer step: none (the pointer is written out),
    /// a member's name, or a list item's index.
    private enum PointerStep {
        case none
        case member(String)
        case item(Int)
    }

    /// A root node of `file`.
    package init(root node: Node, file: String) {
        self.init(node: node, json: nil, path: .written(""), pointer: "", file: file)
    }

    /// The YAML `node` found at `pointer` (RFC 6901, `""` for the root) of
    /// `file`, by a walk of its own (an OpenAPI `$ref`'s target, say).
    package init(_ node: Node, at pointer: String, file: String) {
        self.init(node: node, json: nil, path: .written(""), pointer: pointer, file: file)
    }

    /// The node of the JSON `document` (of `file`) at `pointer`, holding `value`.
    package init(_ value: JSONValue, at pointer: String, in document: LocatedJSON, file: String) {
        self.init(node: Self.none, json: (value, document), path: .steps(base: pointer.utf8.count, count: 0, items: 0),
                  pointer: pointer, file: file)
    }

    private init(node: Node, json: (value: JSONValue, document: LocatedJSON)?, path: KeyPathSpelling, pointer: String, file: String) {
        self.init(node: node, json: json, path: path, base: pointer, last: .none, file: file)
    }

    private init(node: Node, json: (value: JSONValue, document: LocatedJSON)?, path: KeyPathSpelling, base: String, last: PointerStep,
                 file: String) {
        self.node = node
        self.json = json
        self.path = path
        self.base = base
        self.last = last
        self.file = file
    }

    /// The path one step further: a member, or (`item`) a list item.
    /// `name` is made only for a path written out (an item's index as text).
    private func path(adding name: @autoclosure () -> String, item: Bool) -> KeyPathSpelling {
        if json != nil, case .steps(let base, let count, let items) = path, count < UInt64.bitWidth {
            return .steps(base: base, count: count + 1, items: item ? items | (1 << UInt64(count)) : items)
        }
        let (key, name) = (self.key, name())
        return .written(item ? "\(key)[\(name)]" : key.isEmpty ? name : key + "." + name)
    }

    /// The key path of the last `steps` tokens of `pointer` past `base`.
    private static func keyPath(_ pointer: String, from base: Int, steps: Int, items: UInt64) -> String {
        let tokens = pointer.utf8.dropFirst(base).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        var key = ""
        for (step, token) in tokens.enumerated() {
            let name = String(Substring(token)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if step < steps, items & (1 << UInt64(step)) != 0 { key += "[\(name)]" } else { key += key.isEmpty ? name : "." + name }
        }
        return key
    }

    /// The placeholder YAML node of a JSON node: made once (Node is a value; nothing mutates it).
    /// Its tag names the basic resolver: Yams' default one compiles seven regular
    /// expressions, and with them ICU's one-time set-up, which a JSON document never needs.
    nonisolated(unsafe) private static let none = Node("", Tag(.str, .basic, .default))

    /// The 1-based line where the node starts.
    package var line: Int { json.map { $0.document.position(of: pointer).line } ?? node.mark?.line ?? 1 }
    /// The 1-based column where the node starts.
    package var column: Int { json.map { $0.document.position(of: pointer).column } ?? node.mark?.column ?? 1 }

    /// The member `name` of this mapping, holding `node`.
    package func child(_ name: String, _ node: Node) -> DocumentNode {
        DocumentNode(node: node, json: nil, path: .written(key.isEmpty ? name : key + "." + name),
                     pointer: pointer + "/" + LocatedJSON.escape(name), file: file)
    }

    /// The member `name` of this JSON object, holding `value`.
    package func child(_ name: String, json value: JSONValue) -> DocumentNode {
        child(name, json: value, parentPointer: pointer)
    }

    /// The member `name` of this JSON object, whose ``pointer`` the caller
    /// wrote out once for all its members.
    func child(_ name: String, json value: JSONValue, parentPointer: String) -> DocumentNode {
        DocumentNode(node: Self.none, json: json.map { (value, $0.document) }, path: path(adding: name, item: false),
                     base: parentPointer, last: .member(name), file: file)
    }

    /// The item `index` of this JSON list, holding `value`.
    package func element(_ index: Int, json value: JSONValue) -> DocumentNode {
        DocumentNode(node: Self.none, json: json.map { (value, $0.document) }, path: path(adding: String(index), item: true),
                     base: pointer, last: .item(index), file: file)
    }

    /// The item `index` of this list, holding `node`.
    package func element(_ index: Int, _ node: Node) -> DocumentNode {
        DocumentNode(node: node, json: nil, path: .written("\(key)[\(index)]"), pointer: pointer + "/\(index)", file: file)
    }

    /// The node at `pointer` below this one (RFC 6901, `""` for this one);
    /// as far as the pointer goes, when it names something the document
    /// does not hold (a problem is then placed at the nearest part).
    package func descendant(at pointer: String) -> DocumentNode {
        var here = self
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch here.node {
            case .mapping(let mapping):
                guard let value = mapping.first(where: { $0.key.scalar?.string == name })?.value else { return here }
                here = here.child(name, value)
            case .sequence(let sequence):
                guard let index = Int(name), sequence.indices.contains(index) else { return here }
                here = here.element(index, sequence[index])
            default:
                return here
            }
        }
        return here
    }

    /// The member `name` of this YAML mapping, or `nil` (no problem recorded:
    /// for a walk over a document whose structure is already checked).
    package func member(_ name: String) -> DocumentNode? {
        guard case .mapping(let mapping) = node, let value = mapping.first(where: { $0.key.string == name })?.value else { return nil }
        return child(name, value)
    }

    /// The members of this YAML mapping in document order; none for another node.
    package var members: [(name: String, node: DocumentNode)] {
        guard case .mapping(let mapping) = node else { return [] }
        return mapping.map { key, value in (key.string ?? "", child(key.string ?? "", value)) }
    }

    /// The items of this YAML list; none for another node.
    package var items: [DocumentNode] {
        guard case .sequence(let sequence) = node else { return [] }
        return sequence.enumerated().map { element($0.offset, $0.element) }
    }

    /// The same place, holding another node (a mapping's key node, say, so a
    /// problem with the key points at the key).
    package func holding(_ node: Node) -> DocumentNode {
        DocumentNode(node: node, json: nil, path: .written(key), pointer: pointer, file: file)
    }

    /// A problem at this node, named by its key path.
    package func problem(_ message: String) -> StubProblem {
        StubProblem(file: file, line: line, column: column, key: key, message: message)
    }

    /// What the node is, for messages: `a mapping`, `a list`, `"text"`.
    package var shown: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return "\"\(scalar.string)\""
        case .alias: return "an alias"
        }
    }

    /// Whether the node is a scalar.
    package var isScalar: Bool {
        if case .scalar(_) = node { return true }
        return false
    }

    /// Whether the node is a list.
    package var isSequence: Bool {
        if case .sequence(_) = node { return true }
        return false
    }

    /// Whether the node is a quoted scalar (so `"1"` is text, not a number).
    package var isQuoted: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .singleQuoted || scalar.style == .doubleQuoted
    }
}

/// Reads document nodes into values, collecting every problem rather than
/// stopping at the first.
package struct DocumentReading {
    /// The problems found so far, in reading order.
    package var problems: [StubProblem] = []
    /// The format's words for what is wrong.
    package let style: ReadingStyle

    /// A reader with no problems yet, wording them in `style`.
    package init(style: ReadingStyle = .spec) {
        self.style = style
    }

    /// Records `message` at `node`.
    package mutating func fail(_ node: DocumentNode, _ message: String) {
        guard node.json == nil, !style.subjectIsPointer else { return fail(node, message, atKey: false) }
        problems.append(node.problem(message))
    }

    /// The members of a mapping; an unknown key is a problem that suggests the closest known one.
    package mutating func members(_ node: DocumentNode, allowed: [String]) -> DocumentMembers? {
        if node.json != nil { return jsonMembers(node, allowed: allowed) }
        guard case .mapping(let mapping) = node.node else {
            fail(node, "expected a mapping, got \(node.shown)")
            return nil
        }
        var result: [String: DocumentNode] = [:]
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string else {
                fail(node, "keys must be text")
                continue
            }
            let child = node.child(name, value)
            if !allowed.contains(name) {
                let keyed = child.holding(keyNode)
                fail(keyed, Suggestion.unknownMember(name, among: allowed))
                continue
            }
            result[name] = child
        }
        return DocumentMembers(result, of: node)
    }

    /// Every pair of a mapping whose keys are free (query names, header names), in order.
    package mutating func pairs(_ node: DocumentNode) -> [(String, DocumentNode)]? {
        guard case .mapping(let mapping) = node.node else {
            fail(node, "expected a mapping, got \(node.shown)")
            return nil
        }
        return mapping.compactMap { keyNode, value in
            guard let name = keyNode.scalar?.string else { fail(node, "keys must be text"); return nil }
            return (name, node.child(name, value))
        }
    }

    /// The items of a list.
    package mutating func items(_ node: DocumentNode) -> [DocumentNode]? {
        guard case .sequence(let sequence) = node.node else {
            fail(node, "expected a list, got \(node.shown)")
            return nil
        }
        return sequence.enumerated().map { node.element($0.offset, $0.element) }
    }

    /// A scalar's text (a JSON node's: a string).
    package mutating func string(_ node: DocumentNode) -> String? {
        if let value = node.json?.value {
            guard case .string(let text) = value else {
                fail(node, "expected text, got \(node.shown(in: style))")
                return nil
            }
            return text
        }
        guard case .scalar(let scalar) = node.node else {
            fail(node, "expected text, got \(node.shown)")
            return nil
        }
        return scalar.string
    }

    /// An unquoted integer in `range` (a JSON node's: a whole number).
    package mutating func int(_ node: DocumentNode, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        if let value = node.json?.value {
            guard case .number(let number) = value, number.rounded() == number,
                  number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
                fail(node, "expected \(style.integer) in \(range.lowerBound)...\(range.upperBound), got \(node.shown(in: style))")
                return nil
            }
            return Int(number)
        }
        guard case .scalar(let scalar) = node.node, !node.isQuoted, let value = Int(scalar.string) else {
            fail(node, "expected an integer, got \(node.shown)")
            return nil
        }
        guard range.contains(value) else {
            fail(node, "expected an integer in \(range.lowerBound)...\(range.upperBound), got \(value)")
            return nil
        }
        return value
    }

    /// An unquoted `true` or `false` (a JSON node's: a boolean).
    package mutating func bool(_ node: DocumentNode) -> Bool? {
        if let value = node.json?.value {
            guard case .bool(let flag) = value else {
                fail(node, "expected true or false, got \(node.shown(in: style))")
                return nil
            }
            return flag
        }
        guard case .scalar(let scalar) = node.node, !node.isQuoted, ["true", "false"].contains(scalar.string) else {
            fail(node, "expected true or false, got \(node.shown)")
            return nil
        }
        return scalar.string == "true"
    }

    /// A duration: `250ms`, `2s`, `1.5s`, `100us`.
    package mutating func duration(_ node: DocumentNode) -> Duration? {
        guard let text = string(node) else { return nil }
        let units: [(String, Double)] = [("ms", 1e-3), ("us", 1e-6), ("µs", 1e-6), ("s", 1)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite {
                return .nanoseconds(Int64((number * scale * 1e9).rounded()))
            }
        }
        fail(node, "expected a duration such as 250ms or 2s, got \"\(text)\"")
        return nil
    }

    /// The node as a JSON value; scalars read by the one rule every reader
    /// shares (`Node.Scalar.json`).
    package mutating func json(_ node: DocumentNode) -> JSONValue? {
        switch node.node {
        case .scalar(let scalar):
            return scalar.json
        case .sequence:
            guard let items = items(node) else { return nil }
            let values = items.compactMap { json($0) }
            return values.count == items.count ? .array(values) : nil
        case .mapping:
            guard let pairs = pairs(node) else { return nil }
            var object: [String: JSONValue] = [:]
            for (name, child) in pairs {
                guard let value = json(child) else { return nil }
                object[name] = value
            }
            return .object(object)
        case .alias:
            fail(node, "aliases are not supported")
            return nil
        }
    }
}
