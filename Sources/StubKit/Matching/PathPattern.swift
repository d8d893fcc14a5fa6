import Foundation

/// What a request's path must be for a stub to match.
///
/// Paths are compared after percent-decoding, without the query string.
public enum PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this path, for example `/v1/public/characters`.
    case literal(String)
    /// A template with named captures, for example `/characters/{id:int}`.
    case template(PathTemplate)
    /// A regular expression that must match the whole path; named groups
    /// (`(?<id>\d+)`) become captures.
    case regex(TextPattern)
    /// Any path: a stub that matches on something else (a
    /// ``TargetMatcher`` on the raw target, say, or nothing at all).
    case any

    /// A template when `text` has a `{`, a literal otherwise.
    public static func parse(_ text: String) -> PathPattern {
        // By byte: Foundation's `contains` of a string searches through
        // CFString, 4,000 instructions a call, and every declared stub asks.
        text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") } ? .template(PathTemplate(text)) : .literal(text)
    }

    /// The captures when `path` matches (empty for a literal), else `nil`.
    public func match(_ path: String) -> [String: String]? {
        switch self {
        case .literal(let literal): return literal == path ? [:] : nil
        case .template(let template): return template.match(path)
        case .regex(let pattern): return pattern.namedCaptures(in: path)
        case .any: return [:]
        }
    }

    /// This pattern under a path prefix such as `/v1/public`.
    public func prefixed(with prefix: String) -> PathPattern {
        guard !prefix.isEmpty else { return self }
        let trimmed = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        switch self {
        case .literal(let path): return .literal(trimmed + path)
        case .template(let template): return .template(PathTemplate(trimmed + template.source))
        case .regex(let pattern):
            let body = pattern.source.hasPrefix("^") ? String(pattern.source.dropFirst()) : pattern.source
            return .regex(TextPattern(NSRegularExpression.escapedPattern(for: trimmed) + body))
        case .any: return .regex(TextPattern(NSRegularExpression.escapedPattern(for: trimmed) + "(?:/.*)?"))
        }
    }

    /// Why the pattern cannot work, or `nil`.
    public var problem: String? {
        switch self {
        case .literal(let path): return path.hasPrefix("/") ? nil : "path \(quoted(path)) must start with /"
        case .template(let template):
            return template.problem ?? (template.source.hasPrefix("/") ? nil : "path \(quoted(template.source)) must start with /")
        case .regex(let pattern): return pattern.problem
        case .any: return nil
        }
    }

    /// The pattern as written (a regex between slashes).
    public var description: String {
        switch self {
        case .literal(let path): return path
        case .template(let template): return template.source
        case .regex(let pattern): return pattern.description
        case .any: return "(any path)"
        }
    }
}
