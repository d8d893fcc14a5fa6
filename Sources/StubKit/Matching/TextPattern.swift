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
        guard !compiled.anchoredAtStart || text.utf8.starts(with: compiled.requiredPrefix), let regex = compiled.regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether the expression matches the whole of `text` (Pact's regex rule,
    /// a format check), not just a part of it.
    public func matchesWhole(_ text: String) -> Bool {
        guard text.utf8.starts(with: compiled.requiredPrefix), let regex = compiled.wholeRegex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The named groups of a whole-text match, or `nil` when it does not match.
    public func namedCaptures(in text: String) -> [String: String]? {
        guard text.utf8.starts(with: compiled.requiredPrefix), let regex = compiled.regex,
              let match = regex.firstMatch(in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text)),
              match.range.length == text.utf16.count else { return nil }
        var captures: [String: String] = [:]
        for name in compiled.groupNames {
            let range = match.range(withName: name)
            if range.location != NSNotFound, let swiftRange = Range(range, in: text) {
                captures[name] = String(text[swiftRange])
            }
        }
        return captures
    }

    /// The bytes every match must start with when the expression is anchored
    /// at the start (`^`, `\A`), even in a search; `nil` when it is not.
    package var anchoredPrefix: [UInt8]? { compiled.anchoredAtStart ? compiled.requiredPrefix : nil }

    /// The bytes every whole match of the expression starts with (as a path
    /// regex matches: anchored at the start); empty when nothing is known.
    package var wholeMatchPrefix: [UInt8] { compiled.requiredPrefix }

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
        /// Text every match anchored at the start begins with: a request path
        /// that lacks it fails without running the expression (a WireMock
        /// root is mostly `urlPathPattern`s, tried in order for every request).
        let requiredPrefix: [UInt8]
        /// Whether the expression starts with `^` or `\A`, so even a search must begin with ``requiredPrefix``.
        let anchoredAtStart: Bool
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
            requiredPrefix = Self.literalPrefix(of: source)
            anchoredAtStart = Self.anchorLength(source) > 0
        }

        /// The plain characters `source` starts with (after `^`), short of a
        /// character a quantifier makes optional; none when the expression
        /// has an alternation anywhere.
        static func literalPrefix(of source: String) -> [UInt8] {
            let bytes = Array(source.utf8)
            guard !bytes.contains(UInt8(ascii: "|")) else { return [] }
            var index = anchorLength(source)
            if bytes[index...].starts(with: Array("(?:".utf8)), let close = closingParen(of: index, in: bytes),
               ["", "$", "\\z", "\\Z"].contains(String(decoding: bytes[(close + 1)...], as: UTF8.self)) {
                index += 3 // `^(?:…)$` or `\A(?:…)\z`, the whole-value form: the group is the expression
            }
            var prefix: [UInt8] = []
            while index < bytes.count, plain.contains(bytes[index]) {
                prefix.append(bytes[index])
                index += 1
            }
            if index < bytes.count, [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "{")].contains(bytes[index]), !prefix.isEmpty {
                prefix.removeLast()
            }
            return prefix
        }

        /// The length of a leading `^` or `\A`, or 0.
        static func anchorLength(_ source: String) -> Int {
            source.hasPrefix("^") ? 1 : source.hasPrefix("\\A") ? 2 : 0
        }

        /// Where the group opened at `open` closes, skipping escapes and sets; `nil` when it does not.
        private static func closingParen(of open: Int, in bytes: [UInt8]) -> Int? {
            var depth = 0, index = open, inSet = false
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 1
                case UInt8(ascii: "[") where !inSet: inSet = true
                case UInt8(ascii: "]") where inSet: inSet = false
                case UInt8(ascii: "(") where !inSet: depth += 1
                case UInt8(ascii: ")") where !inSet:
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
                index += 1
            }
            return nil
        }

        private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_-=:,;@&%~'\"<> ".utf8)

        /// The names of `(?<name>…)` groups, in order; read by byte (a
        /// Foundation search for `(?<` cost more than the rest of the set-up
        /// but the compile).
        private static func groupNames(in source: String) -> [String] {
            let bytes = Array(source.utf8)
            var names: [String] = []
            var index = 0
            while index + 3 <= bytes.count {
                guard bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?"), bytes[index + 2] == UInt8(ascii: "<") else {
                    index += 1
                    continue
                }
                let after = index + 3
                guard after < bytes.count, bytes[after] != UInt8(ascii: "="), bytes[after] != UInt8(ascii: "!"),
                      let end = bytes[after...].firstIndex(of: UInt8(ascii: ">")) else {
                    index = after
                    continue
                }
                names.append(String(decoding: bytes[after..<end], as: UTF8.self))
                index = end
            }
            return names
        }
    }
}
