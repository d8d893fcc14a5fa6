import Foundation
import StubKit
import Testing

/// A path regex skips the expression when the path lacks its literal start;
/// the shortcut must never change an answer.
@Suite struct TextPatternPrefixTests {
    static let patterns = [
        "/resource-51/[0-9]+", "^/v1/items/.*", "/ab*c", "/ab?c", "/ab{0,2}c", "/ab+c", "/a|/b", "(?i)/Items", "/items(?i)/X",
        "/x\\.json", "/caf.", "/ü/.*", "[/]items", "/items/(?<id>[0-9]+)", ".*", "/a b", "/100%/x",
        "^(?:/resource-51/[0-9]+)$", "^(?:/a)?$", "^(?:/ab)c?$", "^/items", "(?m)^/x", "^(?:/a\\)b)$", "^(?:/a[)]b)$", "^(?:/v1)(?:/x)$",
        "\\A(?:/resource-51/[0-9]+)\\z", "\\A(?:/a)?\\z", "\\A/items", "^(?:/ab)", "^(?:/ab)+c",
    ]
    static let texts = [
        "/resource-51/7", "/resource-51/", "/resource-5/7", "/v1/items/a", "/v1/item", "/ac", "/abc", "/abbc", "/abbbc", "/a", "/b",
        "/items", "/ITEMS", "/items/x", "/items/X", "/x.json", "/xajson", "/café", "/ü/1", "/items/42", "", "/a b", "/100%/x", "/a)b", "/v1/x", "/ab", "x/items",
    ]

    @Test func thePrefixShortcutAgreesWithTheExpression() throws {
        for source in Self.patterns {
            let expression = try NSRegularExpression(pattern: source)
            for text in Self.texts {
                let range = NSRange(text.startIndex..., in: text)
                let expected = expression.firstMatch(in: text, options: [.anchored], range: range).map { $0.range.length == range.length } ?? false
                #expect((TextPattern(source).namedCaptures(in: text) != nil) == expected, "/\(source)/ on \(text.debugDescription)")
                let whole = try NSRegularExpression(pattern: "^(?:" + source + ")$").firstMatch(in: text, range: range) != nil
                #expect(TextPattern(source).matchesWhole(text) == whole, "/\(source)/ whole on \(text.debugDescription)")
                let anywhere = expression.firstMatch(in: text, range: range) != nil
                #expect(TextPattern(source).matches(text) == anywhere, "/\(source)/ anywhere in \(text.debugDescription)")
            }
        }
    }
}
