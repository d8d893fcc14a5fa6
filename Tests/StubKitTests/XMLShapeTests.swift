import Foundation
import StubKit
import Testing

/// XML documents as values and Pact's XML matching over them.
@Suite struct XMLShapeTests {
    static func data(_ text: String) -> Data { Data(text.utf8) }

    @Test func prefixesResolveToNamespacesAndReferencesAreDecoded() throws {
        let document = try XMLElementValue.parse(Self.data("""
            <?xml version="1.0"?>
            <!-- the alligator -->
            <a:alligator xmlns:a="urn:alligators" xmlns:n="urn:names" n:name="Mary &amp; &#x41;" feet="4">
              <a:note><![CDATA[1 < 2]]></a:note>
            </a:alligator>
            """))
        #expect(document.name == "alligator" && document.namespace == "urn:alligators")
        #expect(document.attributes == [.init(name: "name", namespace: "urn:names", value: "Mary & A"), .init(name: "feet", value: "4")],
                "namespace declarations are not attributes; an unprefixed attribute has no namespace")
        #expect(document.children.first?.text == "1 < 2")
        #expect(document.children.first?.namespace == "urn:alligators")
    }

    @Test(arguments: [
        ("<a>\n<b></a>", 2, "</a> closes <b>"),
        ("<a x=\"1\" x=\"2\"/>", 1, "attribute x given twice"),
        ("<a>&nope;</a>", 1, "unknown entity &nope;"),
        ("<a>&#+65;&#x+41;</a>", 1, "unknown entity &#+65;"),
        ("<p:a/>", 1, "undeclared namespace prefix p"),
        ("<a/><b/>", 1, "content after the root element"),
        ("", 1, "expected an element"),
    ])
    func malformedDocumentsAreRefusedWithTheirLine(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: XMLSyntaxError.self) { try XMLElementValue.parse(Self.data(text)) }
        do {
            _ = try XMLElementValue.parse(Self.data(text))
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "<a>", count: 10_000) + String(repeating: "</a>", count: 10_000)
        #expect(throws: XMLSyntaxError.self) { try XMLElementValue.parse(Self.data(deep)) }
    }

    @Test func withoutRulesADocumentMustEqualTheExampleInAnyAttributeOrSiblingOrder() throws {
        let shape = XMLShape(example: try XMLElementValue.parse(Self.data(#"<a x="1" y="2"><b>one</b><c/><b>two</b></a>"#)))
        #expect(shape.matches(Self.data(#"<a y="2" x="1"><c/><b>one</b><b>two</b></a>"#)))
        #expect(shape.mismatches(Self.data(#"<a x="1" y="2"><b>two</b><c/><b>one</b></a>"#)).map(\.description)
                == [#"$.a.b['#text']: expected text "one", got "two""#, #"$.a.b['#text']: expected text "two", got "one""#])
        #expect(shape.mismatches(Self.data(#"<a x="1" y="2" z="3"><b>one</b><c/><b>two</b></a>"#)).map(\.description)
                == [#"$.a['@z']: unexpected attribute z="3""#])
        let response = XMLShape(example: shape.example, allowsExtraKeys: true)
        #expect(response.matches(Self.data(#"<a x="1" y="2" z="3"><b>one</b><c/><b>two</b><b>three</b><d/></a>"#)),
                "a response may carry attributes and children the example lacks")
        #expect(!shape.matches(Self.data("not xml")))
    }

    @Test func aRuleOnAnElementTemplatesItsChildren() throws {
        let matcher = try BodyMatcher.likeXML(#"<animals><alligator name="Mary" phone="0415"/></animals>"#,
                                              rules: ["$.animals": .type(min: 2), "$.animals.alligator['@phone']": .regex(#"\d+"#)])
        #expect(matcher.accepts(Self.data(#"<animals><alligator name="Mary" phone="1"/><alligator name="Mary" phone="22"/></animals>"#)))
        #expect(!matcher.accepts(Self.data(#"<animals><alligator name="Mary" phone="1"/></animals>"#)), "min 2 children")
        #expect(!matcher.accepts(Self.data(#"<animals><alligator name="Mary" phone="1"/><alligator name="Mary" phone="x"/></animals>"#)))
        #expect(!matcher.accepts(Self.data(#"<animals><alligator name="Mary" phone="1"/><crocodile name="Mary" phone="2"/></animals>"#)),
                "every child is judged by the first example child, its name included")
        #expect(throws: XMLSyntaxError.self) { try BodyMatcher.likeXML("<unclosed>") }
    }

    @Test func anExampleWithoutANamespaceAcceptsAnyButOneWithANamespaceNeedsIt() throws {
        let plain = XMLShape(example: try XMLElementValue.parse(Self.data("<alligator/>")))
        #expect(plain.matches(Self.data(#"<alligator xmlns="urn:alligators"/>"#)))
        let qualified = XMLShape(example: try XMLElementValue.parse(Self.data(#"<a:alligator xmlns:a="urn:alligators"/>"#)))
        #expect(qualified.matches(Self.data(#"<alligator xmlns="urn:alligators"/>"#)))
        #expect(!qualified.matches(Self.data(#"<a:alligator xmlns:a="urn:crocodiles"/>"#)))
    }
}
