import StubKit
import Foundation

/// Writes a ``RequestPattern`` as a spec file's `request:` block.
///
/// A condition is a string (equals) or a one-key object: `equalsIgnoringCase`,
/// `contains`, `matches`, `doesNotContain`, `doesNotMatch`, `oneOf`, `values`,
/// `present: true`, `absent: true`, `json`, `jsonPath`, `allOf`, `anyOf`.
/// Several conditions on one name become `allOf`.
package enum SpecPatternWriter {
    static func request(_ pattern: RequestPattern) throws(Unwritable) -> WrittenJSON {
        guard pattern.predicates.isEmpty else {
            throw Unwritable("a Swift predicate decides what it matches, and a closure cannot leave the process")
        }
        var members: [(String, WrittenJSON)] = []
        if let method = pattern.method { members.append(("method", .string(method.rawValue))) }
        switch pattern.path {
        case .literal(let path) where !path.contains("{"):
            members.append(("path", .string(path)))
        case .literal(let path):
            members.append(("pathRegex", .string("^" + NSRegularExpression.escapedPattern(for: path) + "$")))
        case .template(let template):
            members.append(("path", .string(template.source)))
        case .regex(let pattern):
            members.append(("pathRegex", .string(pattern.source)))
        case .any:
            members.append(("pathRegex", .string(".*")))
        }
        for (key, part) in [("rawTarget", TargetMatcher.Part.whole), ("rawPath", .path)] {
            let matchers = pattern.target.filter { $0.part == part }.map(\.matcher)
            if !matchers.isEmpty { members.append((key, try matcher(matchers.count == 1 ? matchers[0] : .allOf(matchers)))) }
        }
        for (key, fields) in [("query", pattern.query), ("headers", pattern.headers), ("cookies", pattern.cookies), ("form", pattern.form)] where !fields.isEmpty {
            members.append((key, try self.fields(fields)))
        }
        if !pattern.body.isEmpty {
            var bodies: [WrittenJSON] = []
            for matcher in pattern.body { bodies.append(try body(matcher)) }
            members.append(("body", bodies.count == 1 ? bodies[0] : .array(bodies)))
        }
        if !pattern.multipart.isEmpty {
            var parts: [WrittenJSON] = []
            for condition in pattern.multipart {
                var part: [(String, WrittenJSON)] = [("matching", .string(condition.matching.rawValue.lowercased()))]
                if !condition.headers.isEmpty { part.append(("headers", try fields(condition.headers))) }
                if !condition.body.isEmpty {
                    var bodies: [WrittenJSON] = []
                    for matcher in condition.body { bodies.append(try body(matcher)) }
                    part.append(("body", bodies.count == 1 ? bodies[0] : .array(bodies)))
                }
                parts.append(.object(part))
            }
            members.append(("multipart", .array(parts)))
        }
        return .object(members)
    }

    /// `{ name: condition }`, in first-mention order.
    private static func fields(_ fields: [FieldMatcher]) throws(Unwritable) -> WrittenJSON {
        var order: [String] = []
        var byName: [String: [ValueMatcher]] = [:]
        for field in fields {
            if byName[field.name] == nil { order.append(field.name) }
            byName[field.name, default: []].append(field.matcher)
        }
        var members: [(String, WrittenJSON)] = []
        for name in order {
            let all = byName[name] ?? []
            members.append((name, try matcher(all.count == 1 ? all[0] : .allOf(all))))
        }
        return .object(members)
    }

    /// One condition on a value.
    static func matcher(_ matcher: ValueMatcher) throws(Unwritable) -> WrittenJSON {
        func one(_ key: String, _ value: WrittenJSON) -> WrittenJSON { .object([(key, value)]) }
        switch matcher {
        case .equals(let text): return .string(text)
        case .equalsIgnoringCase(let text): return one("equalsIgnoringCase", .string(text))
        case .contains(let text): return one("contains", .string(text))
        case .matches(let pattern): return one("matches", .string(pattern.source))
        case .doesNotContain(let text): return one("doesNotContain", .string(text))
        case .doesNotMatch(let pattern): return one("doesNotMatch", .string(pattern.source))
        case .present: return one("present", .bool(true))
        case .absent: return one("absent", .bool(true))
        case .oneOf(let texts): return one("oneOf", .array(texts.map(WrittenJSON.string)))
        case .values(let texts): return one("values", .array(texts.map(WrittenJSON.string)))
        case .allOf(let matchers), .anyOf(let matchers):
            var written: [WrittenJSON] = []
            for inner in matchers { written.append(try self.matcher(inner)) }
            if case .allOf = matcher { return one("allOf", .array(written)) }
            return one("anyOf", .array(written))
        case .json(let value, let comparison):
            var members: [(String, WrittenJSON)] = [("json", .value(value))]
            if comparison.ignoresArrayOrder { members.append(("ignoringArrayOrder", .bool(true))) }
            if comparison.ignoresExtraElements { members.append(("ignoringExtraElements", .bool(true))) }
            if !comparison.placeholders { members.append(("placeholders", .bool(false))) }
            return .object(members)
        case .jsonPath(let query, let then):
            var parts: [(String, WrittenJSON)] = [("path", .string(query.source))]
            if let then { parts.append(("then", try self.matcher(then))) }
            return one("jsonPath", .object(parts))
        case .xml(let document, let comparison):
            var members: [(String, WrittenJSON)] = [("xml", .string(document.xmlText))]
            if comparison.placeholders { members.append(("placeholders", .bool(true))) }
            if !comparison.exempted.isEmpty { members.append(("exempting", .array(comparison.exempted.sorted().map(WrittenJSON.string)))) }
            return .object(members)
        case .xpath(let query, let then):
            var parts: [(String, WrittenJSON)] = [("path", .string(query.source))]
            if !query.namespaces.isEmpty {
                parts.append(("namespaces", .object(query.namespaces.keys.sorted().map { ($0, .string(query.namespaces[$0]!)) })))
            }
            if let then { parts.append(("then", try self.matcher(then))) }
            return one("xpath", .object(parts))
        case .headerValue, .rules:
            throw Unwritable("a Pact condition (\(matcher)) has no spec-file form yet")
        }
    }

    /// One body condition: `equals` (text), `base64` (bytes), `contains`,
    /// `matches`, `json`, `jsonSubset`, `jsonPath: { path, equals }`, `value: condition`.
    static func body(_ matcher: BodyMatcher) throws(Unwritable) -> WrittenJSON {
        func one(_ key: String, _ value: WrittenJSON) -> WrittenJSON { .object([(key, value)]) }
        switch matcher {
        case .exact(let data):
            if let text = String(data: data, encoding: .utf8) { return one("equals", .string(text)) }
            return one("base64", .string(data.base64EncodedString()))
        case .contains(let text): return one("contains", .string(text))
        case .matches(let pattern): return one("matches", .string(pattern.source))
        case .json(let value): return one("json", .value(value))
        case .jsonSubset(let value, let ignoringArrayOrder):
            var members: [(String, WrittenJSON)] = [("jsonSubset", .value(value))]
            if ignoringArrayOrder { members.append(("ignoringArrayOrder", .bool(true))) }
            return .object(members)
        case .jsonPath(let path, let value):
            return one("jsonPath", .object([("path", .string(path)), ("equals", .value(value))]))
        case .value(let condition): return one("value", try self.matcher(condition))
        case .unparsableJSON, .unencodable: throw Unwritable(matcher.problem ?? "its body matcher is invalid")
        case .shape(let shape): return try SpecShapeWriter.shape(shape)
        case .xmlShape: throw Unwritable("an XML body shape has no spec form yet")
        case .mediaType: throw Unwritable("a body told by its media type has no spec form yet")
        }
    }
}
