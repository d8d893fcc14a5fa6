import Foundation
import StubKit
import Testing

/// `JSONValue.description` is written by hand for speed; it must stay byte
/// for byte what `JSONEncoder` writes with sorted keys and unescaped slashes,
/// which is what exports, admin answers and snapshots were made with.
@Suite struct CompactJSONTests {
    static func encoded(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    @Test(arguments: [
        JSONValue.null, .bool(true), .bool(false), .number(1), .number(-0.0), .number(0.5), .number(1e21), .number(1e-7),
        .number(1.2345678901234568e17), .number(12_345_678.9), .number(1e16), .number(-2.5e-300), .number(.infinity),
        .string(""), .string("a\"b\\c/d\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f} é 😀 \u{2028}"),
        .array([]), .object([:]),
        .object(["b": .number(1), "a": .array([.null, .string("x")]), "10": .bool(true), "9": .object(["Z": .null, "z": .null])]),
        .object(["é": .number(1), "f\u{301}": .number(2), "a_b": .number(3), "ab": .number(4), "A": .number(5)]),
        // By code point, as JSONEncoder sorts: U+2001 is canonically U+2003, so String's `<` puts it after U+2002.
        .object(["a\u{2001}": .number(1), "a\u{2002}": .number(2), "\u{FFFD}": .number(3), "\u{1F600}": .number(4)]),
        // Whole numbers below 10^15 are written as integers without Double.description; at and past it, through it.
        .number(0), .number(7), .number(-7), .number(201), .number(999_999_999_999_999), .number(-999_999_999_999_999),
        .number(1e15), .number(-1e15), .number(4_503_599_627_370_496), .number(9_007_199_254_740_992), .number(0.999_999_999_999_999_9),
        .array([.number(-0.0), .number(0), .number(1), .number(-1.0)]),
    ])
    func matchesJSONEncoder(_ value: JSONValue) {
        #expect(value.description == Self.encoded(value))
    }

    @Test func matchesJSONEncoderOnMadeUpDocuments() {
        var generator = SystemRandomNumberGenerator()
        func made(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2: return .number([Double.random(in: -1e6...1e6, using: &generator), Double(Int.random(in: -1000...1000)),
                                    Double.random(in: -1...1) * 1e-12, 1e300 * Double.random(in: 1...9)].randomElement()!)
            case 3: return .string(String((0..<Int.random(in: 0..<12)).map { _ in
                Character(Unicode.Scalar([0x01, 0x1F, 0x22, 0x2F, 0x5C, 0x41, 0x7A, 0xE9, 0x1F600, 0x2028].randomElement()!)!)
            }))
            case 4: return .array((0..<Int.random(in: 0..<4)).map { _ in made(depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0..<5) { members[["a", "B", "é", "10", "9", "a/b", "ü", "_"].randomElement()! + "\(Int.random(in: 0..<3))"] = made(depth + 1) }
                return .object(members)
            }
        }
        for _ in 0..<2_000 {
            let value = made(0)
            #expect(value.description == Self.encoded(value), "\(value)")
        }
    }
}

/// `JSONValue(data:)` reads with StubKit's own parser (`JSONDecoder` spent
/// most of an admin import in error paths); it must accept and refuse what
/// `JSONDecoder` does.
@Suite struct JSONValueReadingTests {
    static func decoded(_ text: String) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    @Test(arguments: [
        #"{"a":1,"a":2}"#, "01", "1.", ".5", "+1", "-", "1e5", "-0", "-0.5e-3", "1E+2", "\u{FEFF}{}", " [1, 2 ] ", "{,}",
        #""\ud800""#, "\"\u{1}\"", #""\u00e9\ud83d\ude00""#, "1e400", "[", "{\"a\" 1}", "nul", "truex", "", "  ", #""a\/b""#,
        #"{"k":[true,false,null,{"x":"y"}]}"#, "123456789012345678901234567890", "[[[[]]]]",
        "[12e-2349]", "1e-400", "0.000e-400", "4.9e-324",
        // A sign where a hex digit must be (found by the fuzzer): refused, as JSONDecoder refuses it.
        #""\u+83d""#, #""\u-83d""#, #""\u 83d""#, #""\u00E9\uD83D\uDE00""#,
        // Repeated keys in a small object (compared key by key) and a large one (a set from the 16th key on).
        #"{"a":1,"b":2,"a":3}"#, largeObject(repeating: "k18"), largeObject(repeating: "k3"), largeObject(repeating: nil),
        // Text past ASCII is still checked as UTF-8 (an escape-free string is decoded straight from its bytes).
        "\"caf\u{E9} \u{1F600}\"", #"{"é":"ü","a":"b"}"#,
    ])
    func agreesWithJSONDecoder(_ text: String) {
        #expect(JSONValue(data: Data(text.utf8)) == Self.decoded(text), "\(text.debugDescription)")
    }

    /// An object of 20 keys `k0`…`k19`, with `repeating` written again at the end.
    static func largeObject(repeating key: String?) -> String {
        let members = (0..<20).map { #""k\#($0)":\#($0)"# } + (key.map { [#""\#($0)":"again""#] } ?? [])
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test func refusesTextThatIsNotUTF8() {
        #expect(JSONValue(data: Data([0x22, 0x61, 0xC3, 0x28, 0x22])) == nil)
        #expect(JSONValue(data: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])) == nil)
    }

    /// Where it is stricter: `JSONDecoder` takes `[1,]`, and never checks
    /// the value a repeated key hides (`{"a":1,"a":02}`); JSON (and every
    /// server a client will meet) takes neither.
    @Test func refusesATrailingCommaAndAMalformedHiddenValue() {
        #expect(JSONValue(data: Data("[1,]".utf8)) == nil)
        #expect(JSONValue(data: Data(#"{"a":1,}"#.utf8)) == nil)
        #expect(JSONValue(data: Data(#"{"a":1,"a":02}"#.utf8)) == nil)
        #expect(JSONValue(data: Data(#"{"a":1,"a":2}"#.utf8)) == .object(["a": .number(1)]), "the first of a repeated key, as JSONDecoder")
    }

    /// Where `JSONDecoder` is wrong: RFC 8259 allows a zero with any exponent;
    /// `JSONDecoder` refuses `0e2` and `-0.0e-3` (and takes `0e+2`, `0.0e-3`).
    @Test func readsAZeroWithAnExponentAsJSONAllowsIt() {
        #expect(JSONValue(data: Data("[0e2, 0E2, 0e+2, -0e1, -0.0e-3, -0.0e3]".utf8)) == .array(Array(repeating: .number(0), count: 6)))
    }

    @Test func readsWhatItWrites() {
        let document: JSONValue = .object(["list": .array([.number(1.5), .string("é\n\"/"), .null, .bool(false)]),
                                           "nested": .object(["x": .number(-0.0), "y": .number(1e-7)])])
        #expect(JSONValue(data: Data(document.description.utf8)) == document)
    }
}
