public import Foundation

/// An example XML document plus Pact matching rules by path: the XML form of
/// ``Shape``, with the same rules and the same path weights.
///
/// Paths name elements by local name from the root (`$.animals.alligator`),
/// attributes as `['@name']` and an element's text as `['#text']`. Elements
/// are compared by name (an example without a namespace accepts any), then
/// attributes, children and text. Children are grouped by name, so siblings
/// of different names may come in any order; without a rule each group must
/// match the example's one by one. A rule on an element (or an ancestor) makes
/// its first example child the template every actual child is judged by;
/// `min`/`max` in a rule naming the element bound how many children it has. Requests may not carry attributes or children
/// the example lacks; responses may (``allowsExtraKeys``).
public struct XMLShape: Sendable, Hashable, CustomStringConvertible {
    /// The example document's root element.
    public var example: XMLElementValue
    /// The rules, each at its path.
    public var rules: [ShapePathRules]
    /// Whether actual elements may have attributes and children the example lacks.
    public var allowsExtraKeys: Bool

    /// Creates a shape.
    public init(example: XMLElementValue, rules: [ShapePathRules] = [], allowsExtraKeys: Bool = false) {
        self.example = example
        self.rules = rules
        self.allowsExtraKeys = allowsExtraKeys
    }

    /// Every way `body` differs from the shape; one mismatch at `$` when it is not XML.
    public func mismatches(_ body: Data) -> [ShapeMismatch] {
        let actual: XMLElementValue
        do {
            actual = try XMLElementValue.parse(body)
        } catch {
            return [ShapeMismatch([], "expected an XML document, but it is not one (\(error))")]
        }
        var found: [ShapeMismatch] = []
        compare(example, actual, under: [], into: &found)
        return found
    }

    /// Whether `body` matches.
    public func matches(_ body: Data) -> Bool { mismatches(body).isEmpty }

    /// `XML shape of <a>…</a> (2 rules)`.
    public var description: String {
        "XML shape of \(example)" + (rules.isEmpty ? "" : " (\(rules.count) rule\(rules.count == 1 ? "" : "s"))")
    }

    // MARK: The walk

    private var engine: Shape { Shape(example: .null, rules: rules) }

    private func compare(_ expected: XMLElementValue, _ actual: XMLElementValue, under parent: [ShapePath.Step], into found: inout [ShapeMismatch]) {
        let path = parent + [.key(expected.name)]
        let engine = self.engine
        let set = engine.governing(path)
        if expected.name != actual.name || (expected.namespace != nil && expected.namespace != actual.namespace) {
            found.append(ShapeMismatch(path, "expected element <\(Self.qualified(expected))>, got <\(Self.qualified(actual))>"))
            return
        }
        // Bounds count an element's own children: only a rule naming this element sets them.
        if let own = rules.filter({ $0.path.steps.count == path.count && $0.path.weight(against: path) > 0 })
            .max(by: { $0.path.weight(against: path) < $1.path.weight(against: path) })?.set {
            let (low, high) = own.lengthBounds
            if let low, actual.children.count < low { found.append(ShapeMismatch(path, "expected at least \(low) child elements, got \(actual.children.count)")) }
            if let high, actual.children.count > high { found.append(ShapeMismatch(path, "expected at most \(high) child elements, got \(actual.children.count)")) }
        }
        compareAttributes(expected, actual, at: path, engine: engine, into: &found)
        compareChildren(expected, actual, at: path, templated: set != nil, into: &found)
        compareText(expected, actual, at: path, engine: engine, into: &found)
    }

    private func compareAttributes(_ expected: XMLElementValue, _ actual: XMLElementValue, at path: [ShapePath.Step], engine: Shape, into found: inout [ShapeMismatch]) {
        for attribute in expected.attributes {
            let at = path + [.key("@" + attribute.name)]
            guard let got = actual.attributes.first(where: { $0.name == attribute.name && (attribute.namespace == nil || $0.namespace == attribute.namespace) }) else {
                found.append(ShapeMismatch(at, "expected attribute \(attribute.name)=\"\(attribute.value)\", but it is missing"))
                continue
            }
            if let set = engine.governing(at) {
                if let problem = set.problem(expected: .string(attribute.value), actual: .string(got.value)) { found.append(ShapeMismatch(at, problem)) }
            } else if got.value != attribute.value {
                found.append(ShapeMismatch(at, "expected \"\(attribute.value)\", got \"\(got.value)\""))
            }
        }
        guard !allowsExtraKeys else { return }
        for attribute in actual.attributes where !expected.attributes.contains(where: { $0.name == attribute.name }) {
            found.append(ShapeMismatch(path + [.key("@" + attribute.name)], "unexpected attribute \(attribute.name)=\"\(attribute.value)\""))
        }
    }

    private func compareChildren(_ expected: XMLElementValue, _ actual: XMLElementValue, at path: [ShapePath.Step], templated: Bool, into found: inout [ShapeMismatch]) {
        if templated, let template = expected.children.first {
            for child in actual.children { compare(template, child, under: path, into: &found) }
            return
        }
        var names: [String] = []
        for child in expected.children where !names.contains(child.name) { names.append(child.name) }
        for name in names {
            let wanted = expected.children.filter { $0.name == name }
            let got = actual.children.filter { $0.name == name }
            for (index, child) in wanted.enumerated() {
                guard index < got.count else {
                    found.append(ShapeMismatch(path + [.key(name)], "expected \(wanted.count) <\(name)> element\(wanted.count == 1 ? "" : "s"), got \(got.count)"))
                    break
                }
                compare(child, got[index], under: path, into: &found)
            }
            if got.count > wanted.count, !allowsExtraKeys {
                found.append(ShapeMismatch(path + [.key(name)], "expected \(wanted.count) <\(name)> element\(wanted.count == 1 ? "" : "s"), got \(got.count) (unexpected \(got[wanted.count]))"))
            }
        }
        guard !allowsExtraKeys else { return }
        for child in actual.children where !names.contains(child.name) {
            found.append(ShapeMismatch(path + [.key(child.name)], "unexpected element \(child)"))
        }
    }

    private func compareText(_ expected: XMLElementValue, _ actual: XMLElementValue, at path: [ShapePath.Step], engine: Shape, into found: inout [ShapeMismatch]) {
        let at = path + [.key("#text")]
        if let set = engine.governing(at) {
            guard !expected.text.isEmpty || !actual.text.isEmpty else { return }
            if let problem = set.problem(expected: .string(expected.text), actual: .string(actual.text)) { found.append(ShapeMismatch(at, problem)) }
        } else if expected.text != actual.text {
            found.append(ShapeMismatch(at, "expected text \"\(expected.text)\", got \"\(actual.text)\""))
        }
    }

    private static func qualified(_ element: XMLElementValue) -> String {
        element.namespace.map { "\(element.name) in \($0)" } ?? element.name
    }
}
