import Foundation

/// An XPath 1.0 expression, as WireMock's `matchesXPath` and `xPath`
/// helper use it: parsed once, evaluated on an ``XMLElementValue``. A name
/// without a prefix matches an element of that local name in any
/// namespace (as WireMock 2.35.1 does); a prefixed one only in the
/// namespace `namespaces` maps the prefix to.
///
/// An expression that does not parse is kept with its ``problem`` and
/// selects nothing.
public struct XPathQuery: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    /// Prefixes for prefixed names (`["soap": "http://schemas.xmlsoap.org/soap/envelope/"]`).
    public let namespaces: [String: String]
    let expression: XPathExpr?
    /// Why the expression cannot be used, or `nil`.
    public let problem: String?

    /// Parses `source`.
    public init(_ source: String, namespaces: [String: String] = [:]) {
        self.source = source
        self.namespaces = namespaces
        do {
            expression = try XPathParser.parse(source)
            problem = nil
        } catch {
            expression = nil
            problem = "malformed XPath \(quoted(source)): \(error)"
        }
    }

    /// The nodes the expression selects in `document` as WireMock's matcher
    /// hands them to a nested pattern (document order): an element as its XML
    /// and a newline (`<a>1</a>\n`: `/r/a` does not equal `1`, `/r/a/text()`
    /// does), an attribute or text node as its value. `nil` when it does not
    /// parse, names an undeclared prefix, or yields no node-set (`count(//a)`).
    public func selectedTexts(in document: XMLElementValue) -> [String]? {
        selectedNodes(in: document)?.map { node in node.element.map { $0.plainXMLText + "\n" } ?? node.text }
    }

    /// The nodes the expression selects in `document`, for the `xPath`
    /// template helper; `nil` as for ``selectedTexts(in:)``.
    func selectedNodes(in document: XMLElementValue) -> [XPathSelection]? {
        guard let expression, let tree = try? XPathTree(document), case .nodes(let nodes)? = try? tree.evaluate(expression, namespaces: namespaces)
        else { return nil }
        return nodes.map { index in
            let node = tree.nodes[index]
            return XPathSelection(name: node.name, text: tree.stringValue(index), element: tree.elements[index],
                                  attributes: node.attributes.map { (tree.nodes[$0].name, tree.nodes[$0].value) })
        }
    }

    /// Whether the expression selects at least one node.
    public func selectsAnything(in document: XMLElementValue) -> Bool {
        !(selectedTexts(in: document) ?? []).isEmpty
    }

    /// The expression.
    public var description: String { source }
}

/// A document as XPath sees it: every node with its parent, in document order.
struct XPathTree {
    enum Kind { case root, element, attribute, text }

    struct Node {
        var kind: Kind
        var name = ""
        var namespace: String?
        var value = ""
        var parent = -1
        var children: [Int] = []
        var attributes: [Int] = []
    }

    private(set) var nodes: [Node] = [Node(kind: .root)]
    /// The element each element node was made from.
    private(set) var elements: [Int: XMLElementValue] = [:]

    init(_ document: XMLElementValue) throws {
        var budget = 100_000
        let top = try add(document, parent: 0, budget: &budget)
        nodes[0].children = [top]
    }

    private mutating func add(_ element: XMLElementValue, parent: Int, budget: inout Int) throws -> Int {
        budget -= 1
        guard budget > 0 else { throw XPathParser.XPathSyntax("the document is too large to search") }
        let index = nodes.count
        nodes.append(Node(kind: .element, name: element.name, namespace: element.namespace, parent: parent))
        elements[index] = element
        for attribute in element.attributes {
            nodes[index].attributes.append(nodes.count)
            nodes.append(Node(kind: .attribute, name: attribute.name, namespace: attribute.namespace, value: attribute.value, parent: index))
        }
        if !element.text.isEmpty {
            nodes[index].children.append(nodes.count)
            nodes.append(Node(kind: .text, value: element.text, parent: index))
        }
        for child in element.children { nodes[index].children.append(try add(child, parent: index, budget: &budget)) }
        return index
    }

    /// An element's text and its descendants', an attribute's or text node's value.
    func stringValue(_ index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .attribute, .text: return node.value
        case .root, .element: return node.children.map(stringValue).joined()
        }
    }

    /// The value of an expression.
    enum Value {
        case nodes([Int]), string(String), number(Double), boolean(Bool)
    }

    struct Context {
        var node: Int
        var position: Int
        var size: Int
    }

    func evaluate(_ expression: XPathExpr, namespaces: [String: String]) throws -> Value {
        try XPathEvaluation(tree: self, namespaces: namespaces).value(expression, Context(node: 0, position: 1, size: 1))
    }
}

/// A node an XPath selected: an element (with its XML), an attribute or text.
struct XPathSelection: Sendable {
    var name: String
    /// Its string value.
    var text: String
    /// The element, when the node is one.
    var element: XMLElementValue?
    var attributes: [(String, String)]
}
