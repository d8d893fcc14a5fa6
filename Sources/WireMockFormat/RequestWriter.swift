import Foundation
import StubKit

/// A ``RequestPattern`` as a mapping's `request` object: the inverse of the
/// mapping reader's request part.
enum RequestWriter {
    /// The `request` object for `pattern`, plus `required` (a guard's header
    /// or query parameter, which must equal its value).
    static func request(_ pattern: RequestPattern, requiring required: [AuthRule.Requirement]) throws(Inexpressible) -> WrittenJSON {
        guard pattern.predicates.isEmpty else {
            throw Inexpressible(reason: "a Swift predicate (\(pattern.predicates.map(\.description).joined(separator: ", "))) decides what it matches")
        }
        var fields: [(String, WrittenJSON)] = [("method", .string(pattern.method?.rawValue ?? "ANY"))]
        if let url = try url(pattern) { fields.append(url) }
        var query = pattern.query
        var headers = pattern.headers
        for requirement in required {
            switch requirement.field {
            case .header: headers.append(FieldMatcher(requirement.name, .equals(requirement.value)))
            case .query: query.append(FieldMatcher(requirement.name, .equals(requirement.value)))
            }
        }
        for (key, conditions) in [("queryParameters", query), ("headers", headers), ("cookies", pattern.cookies)] where !conditions.isEmpty {
            fields.append((key, try named(conditions, ignoringCase: key == "headers")))
        }
        if !pattern.form.isEmpty {
            throw Inexpressible(reason: "it matches form fields (\(pattern.form.map(\.name).joined(separator: ", "))), "
                                + "which need WireMock 3's formParameters, and 2.35 refuses the mapping")
        }
        if !pattern.body.isEmpty {
            var patterns: [WrittenJSON] = []
            for condition in pattern.body { patterns.append(try PatternWriter.bodyPattern(condition)) }
            fields.append(("bodyPatterns", .array(patterns)))
        }
        if !pattern.multipart.isEmpty {
            var patterns: [WrittenJSON] = []
            for condition in pattern.multipart {
                var members: [(String, WrittenJSON)] = [("matchingType", .string(condition.matching.rawValue))]
                if !condition.headers.isEmpty { members.append(("headers", try named(condition.headers, ignoringCase: true))) }
                if !condition.body.isEmpty {
                    var bodies: [WrittenJSON] = []
                    for body in condition.body { bodies.append(try PatternWriter.bodyPattern(body)) }
                    members.append(("bodyPatterns", .array(bodies)))
                }
                patterns.append(.object(members))
            }
            fields.append(("multipartPatterns", .array(patterns)))
        }
        return .object(fields)
    }

    /// Conditions by name; several on one name become one `and`.
    private static func named(_ conditions: [FieldMatcher], ignoringCase: Bool) throws(Inexpressible) -> WrittenJSON {
        var order: [String] = []
        var byName: [String: (name: String, matchers: [ValueMatcher])] = [:]
        for condition in conditions {
            let key = ignoringCase ? condition.name.lowercased() : condition.name
            if byName[key] == nil {
                order.append(key)
                byName[key] = (condition.name, [])
            }
            byName[key]!.matchers.append(condition.matcher)
        }
        var members: [(String, WrittenJSON)] = []
        for key in order {
            let (name, matchers) = byName[key]!
            members.append((name, try PatternWriter.pattern(matchers.count == 1 ? matchers[0] : .allOf(matchers))))
        }
        return .object(members)
    }

    /// The one URL field: the path pattern, or a raw-target condition the
    /// reader made from `url`, `urlPath`, `urlPattern` or `urlPathPattern`.
    private static func url(_ pattern: RequestPattern) throws(Inexpressible) -> (String, WrittenJSON)? {
        guard pattern.target.count <= 1 else {
            throw Inexpressible(reason: "WireMock takes one URL condition; this has \(pattern.target.count)")
        }
        if let target = pattern.target.first {
            let key: String
            switch (target.part, target.matcher) {
            case (.whole, .equals): key = "url"
            case (.path, .equals): key = "urlPath"
            case (.whole, .matches): key = "urlPattern"
            case (.path, .matches): key = "urlPathPattern"
            default: throw Inexpressible(reason: "a URL condition \(target) has no WireMock URL field")
            }
            let text: String
            switch target.matcher {
            case .equals(let exact):
                text = exact
                // The reader pairs `url` and `urlPath` with the decoded literal path.
                let rawPath = String(exact.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                guard pattern.path == .any || pattern.path == .literal(rawPath.removingPercentEncoding ?? rawPath) else {
                    throw Inexpressible(reason: "both a path \(pattern.path) and a URL condition \(target)")
                }
            case .matches(let regex):
                text = PatternWriter.wholeValueRegex(regex)
                guard pattern.path == .any else {
                    throw Inexpressible(reason: "both a path \(pattern.path) and a URL condition \(target)")
                }
            default: throw Inexpressible(reason: "unreachable")
            }
            return (key, .string(text))
        }
        switch pattern.path {
        case .any: return nil
        case .literal(let path): return ("urlPath", .string(encoded(path)))
        case .regex(let regex): return ("urlPathPattern", .string(regex.source))
        case .template(let template): return ("urlPathPattern", .string(regex(for: template)))
        }
    }

    /// A template as a whole-path regex on the path as sent (WireMock 2.x
    /// has no templates; 3.x's `urlPathTemplate` has no typed captures).
    static func regex(for template: PathTemplate) -> String {
        var regex = ""
        for segment in template.segments {
            switch segment {
            case .literal(let text): regex += "/" + NSRegularExpression.escapedPattern(for: encoded(text))
            case .capture(_, .string): regex += "/[^/]+"
            case .capture(_, .int): regex += "/-?[0-9]+"
            case .capture(_, .uuid): regex += "/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
            case .rest: regex += "(?:/.*)?"
            }
        }
        return regex
    }

    /// A decoded path as a client sends it.
    static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }
}
