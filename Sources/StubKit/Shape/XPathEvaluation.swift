import Foundation

/// Evaluates a parsed XPath 1.0 expression over an ``XPathTree``: the
/// axes, predicates, comparisons between node-sets and values, and the core
/// function library.
struct XPathEvaluation {
    let tree: XPathTree
    let namespaces: [String: String]
    typealias Value = XPathTree.Value
    typealias Context = XPathTree.Context

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func value(_ expression: XPathExpr, _ context: Context) throws -> Value {
        switch expression {
        case .literal(let text): return .string(text)
        case .number(let number): return .number(number)
        case .or(let a, let b): return .boolean(try boolean(value(a, context)) || boolean(value(b, context)))
        case .and(let a, let b): return .boolean(try boolean(value(a, context)) && boolean(value(b, context)))
        case .negate(let inner): return .number(-number(try value(inner, context)))
        case .compare(let op, let a, let b): return .boolean(try compare(op, value(a, context), value(b, context)))
        case .arithmetic(let op, let a, let b):
            let x = number(try value(a, context)), y = number(try value(b, context))
            switch op {
            case "+": return .number(x + y)
            case "-": return .number(x - y)
            case "*": return .number(x * y)
            case "div": return .number(x / y)
            default: return .number(x.truncatingRemainder(dividingBy: y))
            }
        case .union(let a, let b):
            guard case .nodes(let x) = try value(a, context), case .nodes(let y) = try value(b, context) else {
                throw Failure(description: "| joins node-sets only")
            }
            return .nodes(Array(Set(x + y)).sorted())
        case .path(let absolute, let steps):
            return .nodes(try walk(absolute ? [0] : [context.node], steps))
        case .filter(let primary, let predicates, let steps):
            guard case .nodes(var found) = try value(primary, context) else {
                guard predicates.isEmpty, steps.isEmpty else { throw Failure(description: "a predicate or step on a value that is not a node-set") }
                return try value(primary, context)
            }
            for predicate in predicates { found = try filter(found, predicate) }
            return .nodes(try walk(found, steps))
        case .function(let name, let arguments):
            return try function(name, arguments, context)
        }
    }

    // MARK: Paths

    private func walk(_ start: [Int], _ steps: [XPathStep]) throws -> [Int] {
        var current = start
        for step in steps {
            var next: [Int] = []
            var seen = Set<Int>()
            for node in current {
                var selected = axis(step.axis, of: node).filter { matches(step.test, $0, axis: step.axis) }
                for predicate in step.predicates { selected = try filter(selected, predicate) }
                for index in selected where seen.insert(index).inserted { next.append(index) }
            }
            current = next.sorted()
        }
        return current
    }

    private func filter(_ nodes: [Int], _ predicate: XPathExpr) throws -> [Int] {
        try nodes.enumerated().filter { offset, node in
            let result = try value(predicate, Context(node: node, position: offset + 1, size: nodes.count))
            if case .number(let position) = result { return Double(offset + 1) == position }
            return boolean(result)
        }.map(\.element)
    }

    private func axis(_ axis: XPathStep.Axis, of index: Int) -> [Int] {
        let node = tree.nodes[index]
        func descendants(_ index: Int) -> [Int] { tree.nodes[index].children.flatMap { [$0] + descendants($0) } }
        func ancestors(_ index: Int) -> [Int] {
            var found: [Int] = []
            var parent = tree.nodes[index].parent
            while parent >= 0 { found.append(parent); parent = tree.nodes[parent].parent }
            return found
        }
        let siblings = node.parent >= 0 && node.kind != .attribute ? tree.nodes[node.parent].children : []
        switch axis {
        case .child: return node.children
        case .attribute: return node.attributes
        case .self: return [index]
        case .parent: return node.parent >= 0 ? [node.parent] : []
        case .descendant: return descendants(index)
        case .descendantOrSelf: return [index] + descendants(index)
        case .ancestor: return ancestors(index)
        case .ancestorOrSelf: return [index] + ancestors(index)
        case .followingSibling: return Array(siblings.drop { $0 != index }.dropFirst())
        case .precedingSibling: return Array(siblings.prefix { $0 != index }.reversed())
        }
    }

    private func matches(_ test: XPathStep.Test, _ index: Int, axis: XPathStep.Axis) -> Bool {
        let node = tree.nodes[index]
        let principal: XPathTree.Kind = axis == .attribute ? .attribute : .element
        switch test {
        case .node: return true
        case .text: return node.kind == .text
        case .any(let prefix):
            guard node.kind == principal else { return false }
            return prefix.map { namespaces[$0] != nil && namespaces[$0] == node.namespace } ?? true
        case .name(let prefix, let local):
            guard node.kind == principal, node.name == local else { return false }
            // Unprefixed: any namespace (WireMock 2.35.1 matches `/r/a` in `<n:r xmlns:n="…">`).
            return prefix.map { namespaces[$0] != nil && namespaces[$0] == node.namespace } ?? true
        }
    }

    // MARK: Values

    func string(_ value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .nodes(let nodes): return nodes.first.map(tree.stringValue) ?? ""
        case .boolean(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.isNaN { return "NaN" }
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }

    func number(_ value: Value) -> Double {
        switch value {
        case .number(let number): return number
        case .boolean(let flag): return flag ? 1 : 0
        default: return Double(string(value).trimmingCharacters(in: .whitespaces)) ?? .nan
        }
    }

    func boolean(_ value: Value) -> Bool {
        switch value {
        case .boolean(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        case .nodes(let nodes): return !nodes.isEmpty
        }
    }

    /// XPath 1.0 §3.4: a node-set compares through its nodes' string values.
    private func compare(_ op: String, _ a: Value, _ b: Value) -> Bool {
        if case .nodes(let nodes) = a {
            if case .nodes(let others) = b { return nodes.contains { x in others.contains { y in compare(op, .string(tree.stringValue(x)), .string(tree.stringValue(y))) } } }
            return nodes.contains { compare(op, .string(tree.stringValue($0)), b) }
        }
        if case .nodes = b { return compare(Self.flipped(op), b, a) }
        if op == "=" || op == "!=" {
            let equal: Bool
            switch (a, b) {
            case (.boolean, _), (_, .boolean): equal = boolean(a) == boolean(b)
            case (.number, _), (_, .number): equal = number(a) == number(b)
            default: equal = string(a) == string(b)
            }
            return op == "=" ? equal : !equal
        }
        let x = number(a), y = number(b)
        switch op {
        case "<": return x < y
        case "<=": return x <= y
        case ">": return x > y
        default: return x >= y
        }
    }

    private static func flipped(_ op: String) -> String {
        ["<": ">", "<=": ">=", ">": "<", ">=": "<="][op] ?? op
    }

    private func function(_ name: String, _ arguments: [XPathExpr], _ context: Context) throws -> Value {
        let values = try arguments.map { try value($0, context) }
        func text(_ index: Int) -> String { index < values.count ? string(values[index]) : tree.stringValue(context.node) }
        func nodeName() -> String {
            let node: Int
            if let first = values.first { guard case .nodes(let nodes) = first, let found = nodes.first else { return "" }; node = found } else { node = context.node }
            return tree.nodes[node].name
        }
        switch name {
        case "last": return .number(Double(context.size))
        case "position": return .number(Double(context.position))
        case "count":
            guard case .nodes(let nodes)? = values.first else { throw Failure(description: "count() takes a node-set") }
            return .number(Double(nodes.count))
        case "local-name", "name": return .string(nodeName())
        case "namespace-uri":
            guard case .nodes(let nodes)? = values.first, let node = nodes.first else { return .string(tree.nodes[context.node].namespace ?? "") }
            return .string(tree.nodes[node].namespace ?? "")
        case "string": return .string(text(0))
        case "concat": return .string(values.map(string).joined())
        case "starts-with": return .boolean(text(0).hasPrefix(text(1)))
        case "ends-with": return .boolean(text(0).hasSuffix(text(1)))
        case "contains": return .boolean(text(1).isEmpty || text(0).contains(text(1)))
        case "substring-before": return .string(text(0).range(of: text(1)).map { String(text(0)[..<$0.lowerBound]) } ?? "")
        case "substring-after": return .string(text(0).range(of: text(1)).map { String(text(0)[$0.upperBound...]) } ?? "")
        case "string-length": return .number(Double(text(0).count))
        case "normalize-space": return .string(text(0).split(whereSeparator: \.isWhitespace).joined(separator: " "))
        case "not": return .boolean(!boolean(values.first ?? .boolean(false)))
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "boolean": return .boolean(values.first.map(boolean) ?? false)
        case "number": return .number(values.first.map(number) ?? number(.string(tree.stringValue(context.node))))
        case "sum":
            guard case .nodes(let nodes)? = values.first else { throw Failure(description: "sum() takes a node-set") }
            return .number(nodes.map { number(.string(tree.stringValue($0))) }.reduce(0, +))
        case "floor": return .number(number(values.first ?? .number(.nan)).rounded(.down))
        case "ceiling": return .number(number(values.first ?? .number(.nan)).rounded(.up))
        case "round": return .number(number(values.first ?? .number(.nan)).rounded(.toNearestOrAwayFromZero))
        case "substring":
            let characters = Array(text(0))
            let start = Int((number(values.count > 1 ? values[1] : .number(1))).rounded()) - 1
            let length = values.count > 2 ? Int(number(values[2]).rounded()) : characters.count
            let from = max(0, start), to = min(characters.count, start + length)
            return .string(from < to ? String(characters[from..<to]) : "")
        default:
            throw Failure(description: "unknown function \(name)()")
        }
    }
}
