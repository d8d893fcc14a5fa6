import Foundation
import Synchronization

/// How a JSON value is compared with an expected one: exactly by default
/// (key order and number spelling never matter), or leniently on array order
/// and extra elements, with JsonUnit placeholders in the expected value
/// (`"${json-unit.any-string}"`, `any-number`, `any-boolean`, `ignore`,
/// `"${json-unit.regex}[a-z]+"`), as WireMock's `equalToJson` does.
public struct JSONComparison: Sendable, Hashable, CustomStringConvertible {
    /// Arrays compare as multisets.
    public var ignoresArrayOrder: Bool
    /// Extra object keys at any depth, and extra trailing array elements, pass.
    public var ignoresExtraElements: Bool
    /// Whether `${json-unit.…}` strings in the expected value are placeholders.
    public var placeholders: Bool

    /// Creates a comparison; the default is exact, with placeholders on.
    public init(ignoresArrayOrder: Bool = false, ignoresExtraElements: Bool = false, placeholders: Bool = true) {
        self.ignoresArrayOrder = ignoresArrayOrder
        self.ignoresExtraElements = ignoresExtraElements
        self.placeholders = placeholders
    }

    /// Exact comparison with placeholders.
    public static let exact = JSONComparison()

    /// Whether `actual` matches `expected` under this comparison.
    public func matches(_ actual: JSONValue, expected: JSONValue) -> Bool {
        if placeholders, case .string(let text) = expected, text.hasPrefix("${json-unit.") {
            return Self.placeholder(text, accepts: actual)
        }
        switch (expected, actual) {
        case (.object(let wanted), .object(let got)):
            if !ignoresExtraElements, got.count != wanted.count { return false }
            return wanted.allSatisfy { key, value in got[key].map { matches($0, expected: value) } ?? false }
        case (.array(let wanted), .array(let got)):
            if ignoresExtraElements ? got.count < wanted.count : got.count != wanted.count { return false }
            guard ignoresArrayOrder else {
                return zip(wanted, got).allSatisfy { matches($1, expected: $0) }
            }
            var unused = got
            for element in wanted {
                guard let index = unused.firstIndex(where: { matches($0, expected: element) }) else { return false }
                unused.remove(at: index)
            }
            return true
        default:
            return expected == actual
        }
    }

    private static func placeholder(_ text: String, accepts actual: JSONValue) -> Bool {
        switch (text, actual) {
        case ("${json-unit.ignore}", _), ("${json-unit.any-string}", .string),
             ("${json-unit.any-number}", .number), ("${json-unit.any-boolean}", .bool):
            return true
        default:
            let prefix = "${json-unit.regex}"
            guard text.hasPrefix(prefix) else { return false }
            guard case .string(let value) = actual else { return false }
            return regex(String(text.dropFirst(prefix.count))).namedCaptures(in: value) != nil
        }
    }

    /// The `${json-unit.regex}` expressions compiled so far, by text: an
    /// expected value is compared with every request's body, and compiling
    /// its expression each time cost more than the comparison. Emptied when
    /// it holds 1,024.
    private static let compiled = Mutex<[String: TextPattern]>([:])

    /// `source` compiled, once.
    private static func regex(_ source: String) -> TextPattern {
        compiled.withLock { known in
            if let pattern = known[source] { return pattern }
            if known.count >= 1_024 { known.removeAll() }
            let pattern = TextPattern(source)
            known[source] = pattern
            return pattern
        }
    }

    /// The options in words: `ignoring array order, extra elements`.
    public var description: String {
        var parts: [String] = []
        if ignoresArrayOrder { parts.append("array order") }
        if ignoresExtraElements { parts.append("extra elements") }
        return parts.isEmpty ? "" : "ignoring " + parts.joined(separator: ", ")
    }
}
