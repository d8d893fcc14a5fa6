import Foundation
import StubKit
import Testing
import WireMockFormat

/// `urlPattern` and `urlPathPattern` must match the whole URL, as Java's
/// `matches()` does; an expression that does not compile by itself is
/// refused at its place, also when it would compile inside the whole-value
/// wrapper (`a)(b`).
@Suite struct RegexFieldTests {
    static func read(_ key: String, _ regex: String) throws(StubValidationError) -> WireMockMappings.Loaded {
        let mapping: [String: Any] = ["request": ["method": "GET", key: regex], "response": ["status": 200]]
        // On line 2, so the problem's line is the mapping's, not a default.
        let data = Data("\n".utf8) + (try! JSONSerialization.data(withJSONObject: mapping))
        return try WireMockMappings.read(data, file: "regex.json", bodyFiles: nil)
    }

    @Test(arguments: ["urlPattern", "urlPathPattern"], ["/a[", "/a)(b", "/x{2,1}", "/(open", "/close)"])
    func anExpressionThatDoesNotCompileIsRefused(key: String, regex: String) {
        guard let error = #expect(throws: StubValidationError.self, performing: { try Self.read(key, regex) }) else { return }
        #expect(error.problems.count == 1)
        #expect(error.problems.first?.message == "invalid regular expression /\(regex)/")
        #expect(error.problems.first?.location.line == 2)
    }

    @Test(arguments: ["/items/[0-9]+", "/a(b)?c", "/x\\d{2}", "/(?<id>[a-z]+)/more"])
    func anExpressionThatCompilesIsServed(regex: String) throws {
        #expect(try Self.read("urlPathPattern", regex).stubs.count == 1)
    }
}
