import Foundation
import StubKit
import Testing

/// The rules the Pact specification cases do not exercise (they use only
/// `type`, `min` and `regex`), each with a value that passes and one that fails.
@Suite struct ShapeTests {
    static func shape(_ example: JSONValue, _ rules: [(String, [ShapeRule])], or: Bool = false, extraKeys: Bool = false) -> Shape {
        Shape(example: example, rules: rules.map { ShapePathRules(ShapePath($0.0)!, ShapeRuleSet($0.1, combinesWithOr: or)) },
              allowsExtraKeys: extraKeys)
    }

    @Test(arguments: [
        (ShapeRule.integer, JSONValue.number(7), JSONValue.number(7.5)),
        (.decimal, .number(7.5), .number(7)),
        (.number, .number(-3), .string("3")),
        (.boolean, .string("true"), .string("yes")),
        (.null, .null, .string("")),
        (.include("Spider"), .string("Spider-Man"), .string("Hulk")),
        (.notEmpty, .string("x"), .string("")),
        (.semver, .string("1.2.3-rc.1+b7"), .string("1.2")),
        (.dateTime(.date, format: "yyyy-MM-dd"), .string("2026-11-23"), .string("23/11/2026")),
        (.dateTime(.time, format: "HH:mm:ss"), .string("23:59:01"), .string("24:00:00")),
        (.dateTime(.timestamp, format: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX"), .string("2026-11-23T10:00:00.123+01:00"), .string("2026-11-23 10:00")),
        (.dateTime(.timestamp, format: nil), .string("2026-11-23T10:00:00Z"), .string("tomorrow")),
    ])
    func aRuleAcceptsItsKindAndRefusesAnother(_ rule: ShapeRule, _ passing: JSONValue, _ failing: JSONValue) {
        let shape = Self.shape(.object(["v": passing]), [("$.v", [rule])])
        #expect(shape.matches(.object(["v": passing])))
        #expect(!shape.matches(.object(["v": failing])), "\(rule) must refuse \(failing)")
    }

    @Test func theHighestWeightedPathWinsAndEqualityResetsACascade() {
        let example: JSONValue = ["a": ["b": [["id": 1], ["id": 2]]]]
        let shape = Self.shape(example, [("$.a", [.type()]), ("$.a.b[*].id", [.integer]), ("$.a.b[1].id", [.equality])])
        #expect(shape.matches(["a": ["b": [["id": 9], ["id": 2]]]]))
        let mismatches = shape.mismatches(["a": ["b": [["id": 9], ["id": 3]]]])
        #expect(mismatches.map(\.path) == ["$.a.b[1].id"], "index 1 is pinned by the more specific path: \(mismatches)")
    }

    @Test func orCombinedRulesNeedOnlyOne() {
        let shape = Self.shape(["v": "x"], [("$.v", [.null, .regex("[a-z]+")])], or: true)
        #expect(shape.matches(["v": .null]))
        #expect(shape.matches(["v": "abc"]))
        #expect(!shape.matches(["v": "ABC"]))
    }

    @Test func eachKeyEachValueAndValuesJudgeEveryMember() {
        let keys = Self.shape(["en": "hello"], [("$", [.eachKey([.regex("[a-z]{2}")])])])
        #expect(keys.matches(["fr": "bonjour", "de": "hallo"]))
        #expect(!keys.matches(["french": "bonjour"]))
        let values = Self.shape(["a": 1], [("$", [.eachValue([.integer])])])
        #expect(values.matches(["x": 2, "y": 3]))
        #expect(!values.matches(["x": 2.5]))
        let like = Self.shape(["a": ["id": 1]], [("$", [.values]), ("$.*.id", [.type()])])
        #expect(like.matches(["p": ["id": 5], "q": ["id": 6]]))
        #expect(!like.matches(["p": ["id": "5"]]))
    }

    @Test func arrayContainsFindsEachVariantAnywhere() {
        let example: JSONValue = ["items": [["kind": "book"], ["kind": "film", "minutes": 90]]]
        let variants = [ShapeVariant(index: 0, rules: []),
                        ShapeVariant(index: 1, rules: [ShapePathRules("$.minutes", ShapeRuleSet([.integer]))])]
        let shape = Self.shape(example, [("$.items", [.arrayContains(variants)])])
        #expect(shape.matches(["items": [["kind": "film", "minutes": 120], ["kind": "toy"], ["kind": "book"]]]))
        #expect(!shape.matches(["items": [["kind": "book"]]]))
    }

    @Test func minAndMaxBoundAnArrayJudgedByItsFirstElement() {
        let shape = Self.shape(["tags": ["a"]], [("$.tags", [.type(min: 1, max: 3)])])
        #expect(shape.matches(["tags": ["x", "y", "z"]]))
        #expect(!shape.matches(["tags": []]))
        #expect(!shape.matches(["tags": ["w", "x", "y", "z"]]))
        #expect(!shape.matches(["tags": ["x", 2]]))
    }

    @Test func pathsParseEveryNotation() {
        let parsed: ShapePath = "$.a['b.c'][2][*].*"
        #expect(parsed.steps == [.key("a"), .key("b.c"), .index(2), .any, .any])
        #expect(parsed.problem == nil)
        #expect(ShapePath(String("a.b")) == nil)
        #expect(("$.a[" as ShapePath).problem != nil)
    }
}

/// As Pact's matchers (serde_json) do, a number's spelling in the actual text
/// decides `integer` and `decimal`: `40.0` and `4e1` are decimals, `40` is an
/// integer, whatever the value. Without the text, the value decides.
@Suite struct ShapeNumberSpellingTests {
    static let shape = ShapeTests.shape(
        ["total": 1.5, "items": 3, "lines": [["price": 2.5]], "tags": ["a": 1]],
        [("$.total", [.decimal]), ("$.items", [.integer]), ("$.lines", [.type()]), ("$.lines[*].price", [.decimal]), ("$.tags", [.eachValue([.integer])])])

    static func problems(_ text: String) -> [String] {
        shape.mismatches(json: Data(text.utf8))?.map(\.description) ?? ["not JSON"]
    }

    @Test func aWholeNumberWrittenAsADecimalIsADecimal() {
        #expect(Self.problems(#"{"total": 40.0, "items": 3, "lines": [{"price": 10.0}, {"price": 2.5}], "tags": {"x": 7}}"#) == [])
        #expect(Self.problems(#"{"total": 4e1, "items": 3, "lines": [], "tags": {}}"#) == [])
        #expect(Self.problems(#"{"total": 40, "items": 3.0, "lines": [{"price": 10}], "tags": {"x": 7.0, "y": 1E2}}"#) == [
            "$.items: expected an integer, got 3 (written as a decimal)",
            "$.lines[0].price: expected a decimal number, got 10 (written as an integer)",
            "$.tags.x: expected an integer, got 7 (written as a decimal)",
            "$.tags.y: expected an integer, got 100 (written as a decimal)",
            "$.total: expected a decimal number, got 40 (written as an integer)",
        ].sorted())
    }

    @Test func aRepeatedKeyKeepsItsFirstValueAndThatValuesSpelling() {
        #expect(Self.problems(#"{"total": 40.0, "total": 40, "items": 3, "items": 3.0, "lines": [], "tags": {}}"#) == [])
    }

    @Test func withoutTheTextTheValueDecides() {
        #expect(Self.shape.mismatches(["total": 40, "items": 3, "lines": [], "tags": [:]]).map(\.description)
            == ["$.total: expected a decimal number, got 40"])
        #expect(Self.shape.mismatches(json: Data("{".utf8)) == nil)
    }

    @Test func aRequestIsMatchedByHowItsNumbersAreWritten() {
        let stub = Post("/payments").body(.like(["amount": 1.5], rules: ["$.amount": .decimal]))
        #expect(stub.request.match(RecordedRequest(method: "POST", target: "/payments", body: Data(#"{"amount": 12.0}"#.utf8))) != nil)
        #expect(stub.request.match(RecordedRequest(method: "POST", target: "/payments", body: Data(#"{"amount": 12}"#.utf8))) == nil)
    }
}

/// A shape written in the DSL with a path that does not parse is refused
/// before the server starts, at the stub.
@Suite struct ShapeDSLTests {
    @Test func aBadRulePathIsTheStubsProblem() {
        let stub = Post("/orders").body(.like(["items": []], rules: ["items[*]": .type()]))
        #expect(stub.problem?.contains("\"items[*]\" is not a path") == true, "\(stub.problem ?? "no problem")")
        let good = Post("/orders").body(.like(["items": ["a"]], rules: ["$.items": .type(min: 1)]))
        #expect(good.problem == nil)
        #expect(good.request.match(RecordedRequest(method: "POST", target: "/orders", body: Data(#"{"items":["x","y"]}"#.utf8))) != nil)
    }
}
