import Foundation
import StubKit

/// Something a stub says that WireMock's mapping language cannot, with why.
struct Inexpressible: Error {
    var reason: String
}

/// StubKit matchers as WireMock content patterns: the inverse of the
/// mapping reader, so a pattern written here reads back as the same value.
enum PatternWriter {
    /// One value matcher as a pattern object (`{"equalTo": "x"}`).
    static func pattern(_ matcher: ValueMatcher) throws(Inexpressible) -> WrittenJSON {
        switch matcher {
        case .equals(let text): return .object([("equalTo", .string(text))])
        case .equalsIgnoringCase(let text): return .object([("equalTo", .string(text)), ("caseInsensitive", .bool(true))])
        case .contains(let text): return .object([("contains", .string(text))])
        case .doesNotContain(let text): return .object([("doesNotContain", .string(text))])
        case .matches(let regex): return .object([("matches", .string(wholeValueRegex(regex)))])
        case .doesNotMatch(let regex): return .object([("doesNotMatch", .string(wholeValueRegex(regex)))])
        // WireMock reads `absent: false` as absent too; any value matches this.
        case .present: return .object([("matches", .string("(?s).*"))])
        case .absent: return .object([("absent", .bool(true))])
        case .oneOf(let texts):
            guard !texts.isEmpty else { throw Inexpressible(reason: "one of an empty list matches nothing") }
            return texts.count == 1 ? .object([("equalTo", .string(texts[0]))])
                : .object([("or", .array(texts.map { .object([("equalTo", .string($0))]) }))])
        case .values(let texts):
            throw Inexpressible(reason: "exact repeated values \(texts) need WireMock 3's hasExactly")
        case .allOf(let parts): return .object([("and", .array(try parts.map(pattern)))])
        case .anyOf(let parts): return .object([("or", .array(try parts.map(pattern)))])
        case .json(let value, let comparison):
            guard comparison.placeholders || !containsPlaceholder(value) else {
                throw Inexpressible(reason: "WireMock always reads ${json-unit.…} strings as placeholders")
            }
            var fields: [(String, WrittenJSON)] = [("equalToJson", .value(value))]
            if comparison.ignoresArrayOrder { fields.append(("ignoreArrayOrder", .bool(true))) }
            if comparison.ignoresExtraElements { fields.append(("ignoreExtraElements", .bool(true))) }
            return .object(fields)
        case .jsonPath(let query, let then):
            guard let then else { return .object([("matchesJsonPath", .string(query.source))]) }
            guard case .object(let nested) = try pattern(then) else { throw Inexpressible(reason: "unreachable") }
            return .object([("matchesJsonPath", .object([("expression", .string(query.source))] + nested))])
        case .xml(let document, let comparison):
            var fields: [(String, WrittenJSON)] = [("equalToXml", .string(document.xmlText))]
            if comparison.placeholders {
                fields.append(("enablePlaceholders", .bool(true)))
                if comparison.opening != XMLComparison().opening { fields.append(("placeholderOpeningDelimiterRegex", .string(comparison.opening))) }
                if comparison.closing != XMLComparison().closing { fields.append(("placeholderClosingDelimiterRegex", .string(comparison.closing))) }
            }
            if !comparison.exempted.isEmpty { fields.append(("exemptedComparisons", .array(comparison.exempted.sorted().map(WrittenJSON.string)))) }
            return .object(fields)
        case .xpath(let query, let then):
            var fields: [(String, WrittenJSON)]
            if let then {
                guard case .object(let nested) = try pattern(then) else { throw Inexpressible(reason: "unreachable") }
                fields = [("matchesXPath", .object([("expression", .string(query.source))] + nested))]
            } else {
                fields = [("matchesXPath", .string(query.source))]
            }
            if !query.namespaces.isEmpty {
                fields.append(("xPathNamespaces", .object(query.namespaces.keys.sorted().map { ($0, .string(query.namespaces[$0]!)) })))
            }
            return .object(fields)
        case .headerValue, .rules:
            throw Inexpressible(reason: "a Pact condition (\(matcher)) has no WireMock pattern")
        }
    }

    /// One body condition as an entry of `bodyPatterns`.
    static func bodyPattern(_ matcher: BodyMatcher) throws(Inexpressible) -> WrittenJSON {
        switch matcher {
        case .exact(let data):
            if let text = String(data: data, encoding: .utf8) { return try pattern(.equals(text)) }
            return .object([("binaryEqualTo", .string(data.base64EncodedString()))])
        case .contains(let text): return try pattern(.contains(text))
        case .matches(let regex): return try pattern(.matches(regex))
        case .json(let value):
            guard !containsPlaceholder(value) else {
                throw Inexpressible(reason: "WireMock reads ${json-unit.…} strings in equalToJson as placeholders")
            }
            return try pattern(.json(value, .exact))
        case .jsonSubset(let value, let ignoringArrayOrder):
            guard !containsArray(value) else {
                throw Inexpressible(reason: "a JSON subset with lists: WireMock's ignoreExtraElements also accepts longer lists")
            }
            return try pattern(.json(value, JSONComparison(ignoresArrayOrder: ignoringArrayOrder, ignoresExtraElements: true)))
        case .jsonPath(let path, let value):
            let expression = path.hasPrefix("$") ? path : "$." + path
            return try pattern(.jsonPath(JSONQuery(expression), then: scalarOrJSON(value)))
        case .value(let matcher):
            if matcher == .absent { return .object([("absent", .bool(true))]) }
            return try pattern(matcher)
        case .unparsableJSON, .unencodable:
            throw Inexpressible(reason: "its body matcher is invalid: \(matcher)")
        case .shape, .xmlShape:
            throw Inexpressible(reason: "a Pact body shape has no WireMock pattern")
        case .mediaType(let type):
            throw Inexpressible(reason: "a body told by its media type (\(type)) has no WireMock pattern")
        }
    }

    /// What a JSON path's selection must equal: text for a string, number or
    /// boolean (the selection read as text), JSON otherwise.
    private static func scalarOrJSON(_ value: JSONValue) -> ValueMatcher {
        switch value {
        case .string(let text): return .equals(text)
        case .number, .bool: return .equals(value.matchText)
        default: return .json(value, .exact)
        }
    }

    /// A regex that matches anywhere (StubKit's `matches`) as one that must
    /// match the whole value (Java's, which WireMock uses); a pattern the
    /// reader wrapped as `\A(?:…)\z` is unwrapped instead.
    static func wholeValueRegex(_ regex: TextPattern) -> String {
        let source = regex.source
        if source.hasPrefix("\\A(?:"), source.hasSuffix(")\\z") {
            return String(source.dropFirst(5).dropLast(3))
        }
        return "(?s).*(?:" + source + ").*"
    }

    private static func containsPlaceholder(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return text.hasPrefix("${json-unit.")
        case .array(let items): return items.contains(where: containsPlaceholder)
        case .object(let members): return members.values.contains(where: containsPlaceholder)
        default: return false
        }
    }

    private static func containsArray(_ value: JSONValue) -> Bool {
        switch value {
        case .array: return true
        case .object(let members): return members.values.contains(where: containsArray)
        default: return false
        }
    }
}
