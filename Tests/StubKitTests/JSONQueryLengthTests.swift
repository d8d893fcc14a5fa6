import StubKit
import Testing

/// `.length()` and `.size()` after a path, as Jayway (and WireMock's
/// `matchesJsonPath`) read them; the name before `(` used to swallow it.
@Suite struct JSONQueryLengthTests {
    @Test func lengthAndSizeCountItemsKeysAndCharacters() {
        let document: JSONValue = ["items": [1, 2, 3], "name": "Ann", "o": ["a": 1]]
        for (expression, count) in [("$.items.length()", 3), ("$.items.size()", 3), ("$.name.length()", 3), ("$.o.size()", 1)] {
            let query = JSONQuery(expression)
            #expect(query.problem == nil, "\(expression): \(query.problem ?? "")")
            #expect(query.select(in: document) == .number(Double(count)), "\(expression)")
        }
        let matcher = ValueMatcher.jsonPath(JSONQuery("$.items.length()"), then: .equals("3"))
        #expect(matcher.accepts([#"{"items":[1,2,3]}"#]))
    }
}
