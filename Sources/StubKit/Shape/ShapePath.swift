import Foundation

/// A Pact-style path to values inside a JSON document: `$`, `.name` or
/// `['name with.dots']`, `[2]`, and `*` for any key or index at one level
/// (`$.items[*].id`, `$.*.level`, `$[0].name`).
///
/// Several paths may cover one value; the one with the highest weight wins
/// (``weight(against:)``), and a path also covers everything beneath what it
/// names until a deeper path applies.
public struct ShapePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    public enum Step: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
        /// Any member or element.
        case any
    }

    /// The steps after `$`.
    public let steps: [Step]
    /// The path as written.
    public let source: String

    /// Why the path as written is not one; such a path names nothing, and a
    /// stub using it is refused before the server starts.
    public let problem: String?

    /// Parses `source`; `nil` when it is not a path (it must start with `$`).
    public init?(_ source: String) {
        guard let steps = Self.parse(source) else { return nil }
        self.steps = steps
        self.source = source
        self.problem = nil
    }

    /// A path written in the DSL (`"$.items[*].id"`); one that does not
    /// parse names nothing and carries its ``problem``.
    public init(stringLiteral source: String) {
        if let parsed = ShapePath(source) {
            self = parsed
        } else {
            self.steps = []
            self.source = source
            self.problem = "\"\(source)\" is not a path ($, .name, ['name'], [0], [*], .*)"
        }
    }

    /// A path made of `steps`.
    public init(steps: [Step]) {
        self.steps = steps
        self.problem = nil
        self.source = "$" + steps.map { step in
            switch step {
            case .key(let name) where name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) && !name.isEmpty:
                return "." + name
            case .key(let name): return "['" + name + "']"
            case .index(let index): return "[\(index)]"
            case .any: return "[*]"
            }
        }.joined()
    }

    /// How well this path names the value at `actual` (its steps from the
    /// root): 0 when it does not, else the product of 2 for `$` and each
    /// exact step and 1 for each `*`. A path shorter than `actual` names an
    /// ancestor, whose rule cascades.
    public func weight(against actual: [Step]) -> Int {
        guard problem == nil, steps.count <= actual.count else { return 0 }
        var weight = 2
        for (mine, theirs) in zip(steps, actual) {
            switch (mine, theirs) {
            case (.any, _): weight *= 1
            case let (.key(a), .key(b)) where a == b: weight *= 2
            case let (.index(a), .index(b)) where a == b: weight *= 2
            default: return 0
            }
        }
        return weight
    }

    /// `$.a[*].id`.
    public var description: String { source }

    private static func parse(_ source: String) -> [Step]? {
        var text = Substring(source.trimmingCharacters(in: .whitespaces))
        guard text.first == "$" else { return nil }
        text = text.dropFirst()
        var steps: [Step] = []
        while let first = text.first {
            if first == "." {
                text = text.dropFirst()
                let name = text.prefix { $0 != "." && $0 != "[" }
                guard !name.isEmpty else { return nil }
                steps.append(name == "*" ? .any : .key(String(name)))
                text = text.dropFirst(name.count)
            } else if first == "[" {
                guard let close = text.firstIndex(of: "]") else { return nil }
                var inside = text[text.index(after: text.startIndex)..<close]
                text = text[text.index(after: close)...]
                if inside == "*" {
                    steps.append(.any)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if let quote = inside.first, quote == "'" || quote == "\"", inside.count >= 2, inside.last == quote {
                    inside = inside.dropFirst().dropLast()
                    steps.append(.key(String(inside)))
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        return steps
    }
}
