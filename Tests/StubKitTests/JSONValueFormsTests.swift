import Foundation
import StubKit
import Testing

/// What a newcomer writes where a JSON value is asked for compiles and
/// means what it says: interpolated strings, and `String`, `Int`, `Double`
/// and `Bool` variables, as well as literals.
@Suite struct JSONValueFormsTests {
    static let body = Data(#"{"title": "case 7", "count": 3, "price": 9.5, "open": true, "tags": ["a", "b"], "note": null}"#.utf8)

    @Test func interpolatedStringsAreJSONStrings() {
        let n = 7
        #expect(BodyMatcher.jsonPath("title", equals: "case \(n)").accepts(Self.body))
        #expect(!BodyMatcher.jsonPath("title", equals: "case \(n + 1)").accepts(Self.body))
        let value: JSONValue = "case \(n)"
        #expect(value == .string("case 7"))
    }

    @Test func variablesOfEveryScalarTypeAreAccepted() {
        let title = "case 7", count = 3, price = 9.5, open = true
        #expect(BodyMatcher.jsonPath("title", equals: title).accepts(Self.body))
        #expect(BodyMatcher.jsonPath("count", equals: count).accepts(Self.body))
        #expect(BodyMatcher.jsonPath("price", equals: price).accepts(Self.body))
        #expect(BodyMatcher.jsonPath("open", equals: open).accepts(Self.body))
        #expect(!BodyMatcher.jsonPath("count", equals: count + 1).accepts(Self.body))
        let missing: String? = nil
        #expect(BodyMatcher.jsonPath("note", equals: missing).accepts(Self.body), "nil is null")
    }

    @Test func collectionsOfVariablesAreAccepted() {
        let title = "case 7", count = 3, tags = ["a", "b"]
        #expect(BodyMatcher.jsonSubset(["title": title]).accepts(Self.body))
        #expect(BodyMatcher.jsonSubset(["count": count]).accepts(Self.body))
        #expect(BodyMatcher.jsonPath("tags", equals: tags).accepts(Self.body))
        #expect(BodyMatcher.json(["a": count]).accepts(Data(#"{"a": 3}"#.utf8)))
        #expect(BodyMatcher.like(["title": title], allowsExtraKeys: true).accepts(Self.body))
        #expect(JSONValue(["x": [1, 2]]) == .object(["x": .array([1, 2])]))
        #expect(JSONValue(count) == 3 && JSONValue(title) == "case 7")
    }

    @Test func literalsKeepTheirMeaning() {
        #expect(BodyMatcher.jsonPath("note", equals: .null).accepts(Self.body))
        #expect(BodyMatcher.jsonPath("count", equals: 3).accepts(Self.body))
        // A String given to .json is JSON text, as before; a JSON string is .string(…).
        #expect(BodyMatcher.json(#"{"a": 1}"#) == .json(["a": 1]))
        let text = #"{"a": 1}"#
        #expect(BodyMatcher.json(text) == .json(["a": 1]))
        #expect(BodyMatcher.json(.string("hi")).accepts(Data(#""hi""#.utf8)))
    }
}
