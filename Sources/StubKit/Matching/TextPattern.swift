import Foundation
import Synchronization

/// A regular expression (ICU syntax, as `NSRegularExpression`) kept with its
/// source text. An invalid expression does not trap: it matches nothing and is
/// reported by ``problem``, which the server checks before it starts.
public struct TextPattern: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The expression as written.
    public let source: String
    private let compiled: Compiled

    /// Compiles `source`.
    public init(_ source: String) {
        self.source = source
        self.compiled = Compiled(source)
    }

    /// Compiles a literal expression.
    public init(stringLiteral value: String) { self.init(value) }

    /// Why the expression cannot be used, or `nil` when it compiled.
    public var problem: String? { compiled.problem }

    /// Whether the expression matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        guard let regex = compiled.regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the expression matches the whole of `text` (Pact's regex rule,
    /// a format check), not just a part of it.
    public func matchesWhole(_ text: String) -> Bool {
        guard let regex = compiled.wholeRegex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The named groups of a whole-text match, or `nil` when it does not match.
    public func namedCaptures(in text: String) -> [String: String]? {
        guard let regex = compiled.regex,
              let match = regex.firstMatch(in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text)),
              match.range.length == (text as NSString).length else { return nil }
        var captures: [String: String] = [:]
        for name in compiled.groupNames {
            let range = match.range(withName: name)
            if range.location != NSNotFound, let swiftRange = Range(range, in: text) {
                captures[name] = String(text[swiftRange])
            }
        }
        return captures
    }

    /// `/source/`.
    public var description: String { "/\(source)/" }

    /// Equal when the sources are equal.
    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool { lhs.source == rhs.source }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    private final class Compiled: @unchecked Sendable {
        // Immutable after init; NSRegularExpression is safe to use from several threads.
        let regex: NSRegularExpression?
        let problem: String?
        let groupNames: [String]
        /// The expression anchored at both ends (`^(?:…)$`), compiled on first use.
        private let whole = Mutex<NSRegularExpression??>(nil)
        private let source: String

        /// The whole-value form of the expression, compiled once.
        var wholeRegex: NSRegularExpression? {
            whole.withLock { cached in
                if let cached { return cached }
                let compiled = try? NSRegularExpression(pattern: "^(?:" + source + ")$")
                cached = .some(compiled)
                return compiled
            }
        }

        init(_ source: String) {
            self.source = source
            do {
                regex = try NSRegularExpression(pattern: source)
                problem = nil
            } catch {
                regex = nil
                problem = "invalid regular expression /\(source)/"
            }
            groupNames = Self.groupNames(in: source)
        }

        private static func groupNames(in source: String) -> [String] {
            var names: [String] = []
            var rest = source[...]
            while let start = rest.range(of: "(?<") {
                let after = rest[start.upperBound...]
                guard let first = after.first, first != "=", first != "!",
                      let end = after.firstIndex(of: ">") else { rest = after; continue }
                names.append(String(after[..<end]))
                rest = after[end...]
            }
            return names
        }
    }
}
