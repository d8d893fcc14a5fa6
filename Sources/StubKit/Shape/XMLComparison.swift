import Foundation

/// How WireMock 2.35.1's `equalToXml` compares two documents (XMLUnit,
/// "similar"): element names, attributes by name (any order), trimmed text
/// (CDATA is text), children paired by name in any order; comments,
/// whitespace between elements and namespaces are not compared. With
/// `placeholders`, `${xmlunit.ignore}`, `${xmlunit.isNumber}`,
/// `${xmlunit.isDateTime}` and `${xmlunit.matchesRegex(…)}` in the expected
/// text or attribute values stand for any value of that kind. Each
/// `exempted` comparison (XMLUnit's `ComparisonType` names) is skipped.
public struct XMLComparison: Sendable, Hashable, CustomStringConvertible {
    /// Whether placeholders are read (`enablePlaceholders`).
    public var placeholders: Bool
    /// What opens a placeholder, as a regular expression (`\$\{`).
    public var opening: String
    /// What closes a placeholder, as a regular expression (`\}`).
    public var closing: String
    /// XMLUnit comparisons not made: `TEXT_VALUE`, `ATTR_VALUE`,
    /// `ELEMENT_TAG_NAME`, `ELEMENT_NUM_ATTRIBUTES`, `ATTR_NAME_LOOKUP`,
    /// `CHILD_NODELIST_LENGTH`, `CHILD_LOOKUP`, `NAMESPACE_URI`,
    /// `NAMESPACE_PREFIX`, `SCHEMA_LOCATION`, `NO_NAMESPACE_SCHEMA_LOCATION`,
    /// `CHILD_NODELIST_SEQUENCE`.
    public var exempted: Set<String>

    /// The comparisons a name in ``exempted`` may be.
    public static let comparisonTypes: Set<String> = [
        "TEXT_VALUE", "ATTR_VALUE", "ELEMENT_TAG_NAME", "ELEMENT_NUM_ATTRIBUTES", "ATTR_NAME_LOOKUP", "CHILD_NODELIST_LENGTH",
        "CHILD_LOOKUP", "NAMESPACE_URI", "NAMESPACE_PREFIX", "SCHEMA_LOCATION", "NO_NAMESPACE_SCHEMA_LOCATION", "CHILD_NODELIST_SEQUENCE",
    ]

    /// A comparison; by default, no placeholders and nothing exempted.
    public init(placeholders: Bool = false, opening: String = #"\$\{"#, closing: String = #"\}"#, exempted: Set<String> = []) {
        self.placeholders = placeholders
        self.opening = opening
        self.closing = closing
        self.exempted = exempted
    }

    /// Where `actual` first differs from `expected` (`/r/b: attribute "z" is not expected`), or `nil`.
    public func difference(_ expected: XMLElementValue, _ actual: XMLElementValue, at path: String = "") -> String? {
        let here = path + "/" + expected.name
        if !exempted.contains("ELEMENT_TAG_NAME"), expected.name != actual.name {
            return "\(path.isEmpty ? "/" : path): expected element <\(expected.name)>, got <\(actual.name)>"
        }
        let ignoredAttributes: Set<String> = ["schemaLocation", "noNamespaceSchemaLocation"]
        let expectedAttributes = expected.attributes.filter { !ignoredAttributes.contains($0.name) || !$0.isSchemaHint }
        let actualAttributes = actual.attributes.filter { !ignoredAttributes.contains($0.name) || !$0.isSchemaHint }
        for attribute in expectedAttributes {
            guard let found = actualAttributes.first(where: { $0.name == attribute.name }) else {
                if exempted.contains("ATTR_NAME_LOOKUP") { continue }
                return "\(here): attribute \(quoted(attribute.name)) is missing"
            }
            if !exempted.contains("ATTR_VALUE"), !same(attribute.value, found.value) {
                return "\(here): attribute \(quoted(attribute.name)) expected \(quoted(attribute.value)), got \(quoted(found.value))"
            }
        }
        if !exempted.contains("ELEMENT_NUM_ATTRIBUTES") && !exempted.contains("ATTR_NAME_LOOKUP"),
           let extra = actualAttributes.first(where: { attribute in !expectedAttributes.contains { $0.name == attribute.name } }) {
            return "\(here): attribute \(quoted(extra.name)) is not expected"
        }
        if !exempted.contains("TEXT_VALUE"), !same(expected.text, actual.text) {
            return "\(here): text expected \(quoted(expected.text)), got \(quoted(actual.text))"
        }
        // Children paired by name, first unpaired one first (XMLUnit's default node matcher).
        var unpaired = Array(actual.children.indices)
        for child in expected.children {
            guard let index = unpaired.firstIndex(where: { actual.children[$0].name == child.name }) else {
                if exempted.contains("CHILD_LOOKUP") || exempted.contains("CHILD_NODELIST_LENGTH") { continue }
                return "\(here): element <\(child.name)> is missing"
            }
            if let difference = difference(child, actual.children[unpaired[index]], at: here) { return difference }
            unpaired.remove(at: index)
        }
        if let extra = unpaired.first, !exempted.contains("CHILD_LOOKUP"), !exempted.contains("CHILD_NODELIST_LENGTH") {
            return "\(here): element <\(actual.children[extra].name)> is not expected"
        }
        return nil
    }

    /// Whether two texts are the same, a placeholder in `expected` standing for what it allows.
    private func same(_ expected: String, _ actual: String) -> Bool {
        guard placeholders, let (name, argument) = placeholder(in: expected) else { return expected == actual }
        switch name {
        case "xmlunit.ignore": return true
        case "xmlunit.isNumber": return Double(actual.trimmingCharacters(in: .whitespaces)) != nil
        case "xmlunit.isDateTime": return ISO8601DateFormatter().date(from: actual) != nil || actual.range(of: #"^\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil
        case "xmlunit.matchesRegex": return argument.map { actual.range(of: "^(?:\($0))$", options: .regularExpression) != nil } ?? false
        default: return expected == actual
        }
    }

    /// `("xmlunit.matchesRegex", "[0-9]+")` for `${xmlunit.matchesRegex([0-9]+)}` filling the whole text.
    private func placeholder(in text: String) -> (String, String?)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let open = trimmed.range(of: "^" + opening, options: .regularExpression),
              let close = trimmed.range(of: closing + "$", options: .regularExpression), open.upperBound <= close.lowerBound
        else { return nil }
        let inner = String(trimmed[open.upperBound..<close.lowerBound])
        guard let parenthesis = inner.firstIndex(of: "("), inner.hasSuffix(")") else { return (inner, nil) }
        return (String(inner[..<parenthesis]), String(inner[inner.index(after: parenthesis)..<inner.index(before: inner.endIndex)]))
    }

    /// Why the comparison cannot be made (an unknown exempted comparison), or `nil`.
    public var problem: String? {
        let unknown = exempted.subtracting(Self.comparisonTypes).sorted()
        return unknown.isEmpty ? nil : "unknown XML comparison \(unknown.map(quoted).joined(separator: ", ")); expected one of \(Self.comparisonTypes.sorted().joined(separator: ", "))"
    }

    /// `placeholders, exempting TEXT_VALUE`, or empty.
    public var description: String {
        var parts: [String] = []
        if placeholders { parts.append("placeholders") }
        if !exempted.isEmpty { parts.append("exempting " + exempted.sorted().joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }
}

extension XMLElementValue.Attribute {
    /// An `xsi:schemaLocation` hint, which `equalToXml` does not compare.
    var isSchemaHint: Bool { namespace == "http://www.w3.org/2001/XMLSchema-instance" }
}
