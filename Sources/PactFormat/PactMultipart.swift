import Foundation
import StubKit

/// A `multipart/*` body in a pact, matched as the Pact tools match it: part
/// by part, by name, in any order, other parts allowed; each expected part's
/// headers (its `Content-Disposition` aside) and its bytes must agree, or its
/// rule at `$.NAME` (a `contentType` matcher tells the bytes by their first
/// bytes); the boundary is free. The parts are StubKit's
/// ``MultipartPattern`` values, the ones WireMock's `multipartPatterns` become.
enum PactMultipart {
    /// Whether `contentType` is `multipart/*`.
    static func isMultipart(_ contentType: String?) -> Bool {
        contentType?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("multipart/") ?? false
    }

    /// One pattern per named part of the `expected` body; `nil` when it is
    /// not a multipart body that parses (it is then compared as bytes).
    static func patterns(_ expected: Data, contentType: String?, rules: PactRules) -> [MultipartPattern]? {
        guard isMultipart(contentType), let parts = MultipartBody.parts(contentType: contentType, body: expected), !parts.isEmpty else { return nil }
        var patterns: [MultipartPattern] = []
        for part in parts {
            guard let name = part.name else { continue }
            var headers = [FieldMatcher("Content-Disposition", .matches(TextPattern(
                #"(?:^|;)\s*name="?"# + NSRegularExpression.escapedPattern(for: name) + #""?\s*(?:;|$)"#)))]
            for field in part.headers.pairs where field.name.lowercased() != "content-disposition" {
                headers.append(FieldMatcher(field.name, .headerValue(field.value)))
            }
            let rule = rules.body.last { $0.path.steps == [.key(name)] }?.set
            var body: [BodyMatcher]
            switch rule?.rules.first {
            case .contentType(let type)? where rule?.rules.count == 1:
                body = [.mediaType(type)]
            case _? where rule != nil:
                body = [.value(.rules(rule!, examples: [String(decoding: part.body, as: UTF8.self)]))]
            default:
                body = [.exact(part.body)]
            }
            patterns.append(MultipartPattern(.any, headers: headers, body: body))
        }
        return patterns.isEmpty ? nil : patterns
    }

    /// The header condition on a multipart `Content-Type`: the same type, any boundary.
    static func contentTypeMatcher(_ contentType: String) -> ValueMatcher {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? contentType
        return .matches(TextPattern("(?i)^\\s*" + NSRegularExpression.escapedPattern(for: type) + "\\s*(?:;.*)?$"))
    }

    /// Every way an `actual` body (sent as `actualType`) misses the `patterns`.
    static func mismatches(_ patterns: [MultipartPattern], actualType: String?, actual: Data) -> [String] {
        let parts = MultipartBody.parts(contentType: actualType, body: actual)
        return patterns.filter { !$0.accepts(parts) }.map { "body: expected a part \($0), got \($0.explain(parts))" }
    }
}
