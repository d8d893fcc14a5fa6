import Foundation
import StubKit

/// The XML reader (Pact's XML bodies) on arbitrary bytes. It must either
/// read a document or throw an ``XMLSyntaxError`` with a line and column
/// inside the input; any other outcome (a trap, a hang, a stack overflow) is
/// a finding. What it reads must compare with itself as a match, and with
/// the input's second half without trapping. The first line is also read as
/// an XPath (parsed or refused with a problem) and evaluated on the document,
/// and the document compared with itself by `equalToXml`'s rules.
enum XMLFuzz {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        do {
            let document = try XMLElementValue.parse(data)
            _ = document.description
            let shape = XMLShape(example: document, rules: [ShapePathRules("$", ShapeRuleSet([.type()]))], allowsExtraKeys: false)
            precondition(XMLShape(example: document).matches(data), "a document must match itself")
            _ = shape.mismatches(Data(bytes.suffix(bytes.count / 2)))
            let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
            let query = XPathQuery(line, namespaces: ["n": "urn:n"])
            _ = query.selectedTexts(in: document)
            precondition(XMLComparison().difference(document, document) == nil, "a document must equal itself")
            _ = XMLComparison(placeholders: true, exempted: ["TEXT_VALUE"]).difference(document, document)
        } catch {
            let lines = bytes.count { $0 == 0x0A } + 1
            precondition(error.line >= 1 && error.line <= lines && error.column >= 1, "an XML error outside the input: \(error)")
        }
    }
}
