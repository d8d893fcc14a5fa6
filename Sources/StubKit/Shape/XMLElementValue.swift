public import Foundation

/// An XML element as a value: its name and namespace, attributes, child
/// elements and text, as ``XMLShape`` compares them. Comments, processing
/// instructions and namespace declarations are read and left out; prefixes
/// are resolved to namespace names, so `<a:x xmlns:a="urn:n"/>` and
/// `<x xmlns="urn:n"/>` are the same element.
public struct XMLElementValue: Sendable, Hashable, CustomStringConvertible {
    /// An attribute: local name, namespace (unprefixed attributes have none), value.
    public struct Attribute: Sendable, Hashable {
        /// The local name.
        public var name: String
        /// The namespace name, or `nil`.
        public var namespace: String?
        /// The value, entities decoded.
        public var value: String

        /// Creates an attribute.
        public init(name: String, namespace: String? = nil, value: String) {
            self.name = name
            self.namespace = namespace
            self.value = value
        }
    }

    /// The local name (`alligator` in `<a:alligator>`).
    public var name: String
    /// The namespace name the element's prefix (or the default) resolves to.
    public var namespace: String?
    /// The attributes in document order, namespace declarations left out.
    public var attributes: [Attribute]
    /// The child elements in document order.
    public var children: [XMLElementValue]
    /// The element's own text (CDATA included), trimmed of surrounding whitespace.
    public var text: String
    /// The prefix as written (`a` in `<a:alligator>`), kept for writing the
    /// element back as WireMock does; not compared (`==` resolves prefixes).
    public var prefix: String?

    /// Equal when name, namespace, attributes, children and text are; the prefix is not compared.
    public static func == (lhs: XMLElementValue, rhs: XMLElementValue) -> Bool {
        lhs.name == rhs.name && lhs.namespace == rhs.namespace && lhs.attributes == rhs.attributes
            && lhs.children == rhs.children && lhs.text == rhs.text
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(namespace)
        hasher.combine(attributes)
        hasher.combine(children)
        hasher.combine(text)
    }

    /// Creates an element.
    public init(name: String, namespace: String? = nil, attributes: [Attribute] = [], children: [XMLElementValue] = [], text: String = "") {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The root element of an XML document.
    ///
    /// - Throws: ``XMLSyntaxError`` with the line and column of what is wrong.
    public static func parse(_ data: Data) throws(XMLSyntaxError) -> XMLElementValue {
        var reader = XMLReader(Array(data))
        return try reader.document()
    }

    /// Whether `data` looks like an XML document (after whitespace, `<?xml` or an element).
    public static func looksLikeXML(_ data: Data) -> Bool {
        guard let first = data.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) })
        else { return false }
        guard data[first] == UInt8(ascii: "<"), first + 1 < data.endIndex else { return false }
        let next = data[first + 1]
        return next == UInt8(ascii: "?") || next == UInt8(ascii: "!") || (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A) || next == 0x5F
    }

    /// The value attribute `name` (in no namespace, or any when `namespace` is `nil`), or `nil`.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The element as XML text, escaped, with the namespace of each element
    /// that has one declared as its default (`<x xmlns="urn:n">`).
    public var xmlText: String { xmlText(inherited: nil) }

    /// The element as XML text without namespace declarations, prefixes as
    /// written, as WireMock 2.35.1 hands a selected element to a nested
    /// pattern (`<a>1</a>`, `<n:a>1</n:a>`).
    var plainXMLText: String { xmlText(inherited: nil, declaringNamespaces: false) }

    private func xmlText(inherited: String?, declaringNamespaces: Bool = true) -> String {
        func escaped(_ text: String, attribute: Bool) -> String {
            var result = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            if attribute { result = result.replacingOccurrences(of: "\"", with: "&quot;") }
            return result
        }
        let written = !declaringNamespaces ? (prefix.map { "\($0):\(name)" } ?? name) : name
        var head = "<" + written
        if declaringNamespaces, namespace != inherited { head += " xmlns=\"\(escaped(namespace ?? "", attribute: true))\"" }
        for attribute in attributes where attribute.namespace == nil { head += " \(attribute.name)=\"\(escaped(attribute.value, attribute: true))\"" }
        if children.isEmpty && text.isEmpty { return head + "/>" }
        let close = "</\(written)>"
        return head + ">" + escaped(text, attribute: false)
            + children.map { $0.xmlText(inherited: namespace, declaringNamespaces: declaringNamespaces) }.joined() + close
    }

    /// `<alligator name="Mary">…</alligator>`, short.
    public var description: String {
        let attributes = self.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
        if children.isEmpty && text.isEmpty { return "<\(name)\(attributes)/>" }
        return "<\(name)\(attributes)>" + (text.isEmpty ? "" : text) + children.map(\.description).joined() + "</\(name)>"
    }
}

/// What makes a body not XML, with where.
public struct XMLSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column (in bytes) of the problem.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `3:14: unclosed element <alligator>`.
    public var description: String { "\(line):\(column): \(message)" }
}
