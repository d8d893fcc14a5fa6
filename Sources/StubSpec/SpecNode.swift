import StubKit
import Yams

/// A node of a spec file with its key path, for typed reads that record a
/// precise ``StubProblem`` instead of failing at the first mistake.
struct SpecNode {
    let node: Node
    let key: String
    let file: String

    var line: Int { node.mark?.line ?? 1 }
    var column: Int { node.mark?.column ?? 1 }

    func child(_ name: String, _ node: Node) -> SpecNode {
        SpecNode(node: node, key: key.isEmpty ? name : "\(key).\(name)", file: file)
    }

    func element(_ index: Int, _ node: Node) -> SpecNode {
        SpecNode(node: node, key: "\(key)[\(index)]", file: file)
    }

    func problem(_ message: String) -> StubProblem {
        StubProblem(file: file, line: line, column: column, key: key, message: message)
    }

    /// What the node is, for messages: `a mapping`, `a list`, `"text"`.
    var shown: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return "\"\(scalar.string)\""
        case .alias: return "an alias"
        }
    }

    var isScalar: Bool {
        if case .scalar(_) = node { return true }
        return false
    }

    var isSequence: Bool {
        if case .sequence(_) = node { return true }
        return false
    }

    var isQuoted: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .singleQuoted || scalar.style == .doubleQuoted
    }
}

/// Reads spec nodes into values, collecting problems.
struct SpecReading {
    var problems: [StubProblem] = []

    mutating func fail(_ node: SpecNode, _ message: String) {
        problems.append(node.problem(message))
    }

    /// The members of a mapping; an unknown key is a problem that suggests the closest known one.
    mutating func members(_ node: SpecNode, allowed: [String]) -> [String: SpecNode]? {
        guard case .mapping(let mapping) = node.node else {
            fail(node, "expected a mapping, got \(node.shown)")
            return nil
        }
        var result: [String: SpecNode] = [:]
        for (keyNode, value) in mapping {
            guard let name = keyNode.scalar?.string else {
                fail(node, "keys must be text")
                continue
            }
            let child = node.child(name, value)
            if !allowed.contains(name) {
                let keyed = SpecNode(node: keyNode, key: child.key, file: node.file)
                let hint = Suggestion.closest(to: name, in: allowed).map { "; did you mean \"\($0)\"?" } ?? "; expected one of \(allowed.joined(separator: ", "))"
                fail(keyed, "unknown key \"\(name)\"" + hint)
                continue
            }
            result[name] = child
        }
        return result
    }

    /// Every pair of a mapping whose keys are free (query names, header names), in order.
    mutating func pairs(_ node: SpecNode) -> [(String, SpecNode)]? {
        guard case .mapping(let mapping) = node.node else {
            fail(node, "expected a mapping, got \(node.shown)")
            return nil
        }
        return mapping.compactMap { keyNode, value in
            guard let name = keyNode.scalar?.string else { fail(node, "keys must be text"); return nil }
            return (name, node.child(name, value))
        }
    }

    mutating func items(_ node: SpecNode) -> [SpecNode]? {
        guard case .sequence(let sequence) = node.node else {
            fail(node, "expected a list, got \(node.shown)")
            return nil
        }
        return sequence.enumerated().map { node.element($0.offset, $0.element) }
    }

    mutating func string(_ node: SpecNode) -> String? {
        guard case .scalar(let scalar) = node.node else {
            fail(node, "expected text, got \(node.shown)")
            return nil
        }
        return scalar.string
    }

    mutating func int(_ node: SpecNode, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
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

    mutating func bool(_ node: SpecNode) -> Bool? {
        guard case .scalar(let scalar) = node.node, !node.isQuoted, ["true", "false"].contains(scalar.string) else {
            fail(node, "expected true or false, got \(node.shown)")
            return nil
        }
        return scalar.string == "true"
    }

    /// A duration: `250ms`, `2s`, `1.5s`, `100us`.
    mutating func duration(_ node: SpecNode) -> Duration? {
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

    /// The node as a JSON value: quoted scalars are strings, plain ones are
    /// read as null, booleans and numbers when they look like them.
    mutating func json(_ node: SpecNode) -> JSONValue? {
        switch node.node {
        case .scalar(let scalar):
            if node.isQuoted { return .string(scalar.string) }
            switch scalar.string {
            case "null", "~", "": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return Double(scalar.string).map(JSONValue.number) ?? .string(scalar.string)
            }
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
