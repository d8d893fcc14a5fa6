import Foundation
import StubKit

/// A mapping's `request` into a ``RequestPattern``.
extension MappingReader {
    static let requestKeys = [
        "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "pathParameters",
        "queryParameters", "headers", "cookies", "basicAuthCredentials", "basicAuth", "bodyPatterns",
        "multipartPatterns", "formParameters", "clientIp", "scheme", "host", "port", "customMatcher",
    ]
    static let urlKeys = ["url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate"]

    mutating func requestPattern(_ value: JSONValue, at pointer: String) -> RequestPattern? {
        guard let fields = members(value, at: pointer, allowed: Self.requestKeys) else { return nil }
        var method: HTTPMethod?
        if let text = string(fields["method"], at: pointer + "/method"), text != "ANY" {
            method = HTTPMethod(rawValue: text)
        }
        var pattern = RequestPattern(method: method, path: .any)
        url(&pattern, fields, at: pointer)
        pattern.query = fieldMatchers(fields["queryParameters"], at: pointer + "/queryParameters")
        pattern.headers = fieldMatchers(fields["headers"], at: pointer + "/headers")
        pattern.cookies = fieldMatchers(fields["cookies"], at: pointer + "/cookies")
        for key in ["basicAuthCredentials", "basicAuth"] {
            guard let credentials = fields[key],
                  let parts = members(credentials, at: pointer + "/" + key, allowed: ["username", "password"]) else { continue }
            let user = string(parts["username"], at: pointer + "/\(key)/username") ?? ""
            let password = string(parts["password"], at: pointer + "/\(key)/password") ?? ""
            let token = Data("\(user):\(password)".utf8).base64EncodedString()
            pattern.headers.append(FieldMatcher("Authorization", .equals("Basic " + token)))
        }
        if let patterns = fields["bodyPatterns"] {
            if case .array(let items) = patterns {
                pattern.body = items.enumerated().compactMap { index, item in
                    bodyMatcher(item, at: pointer + "/bodyPatterns/\(index)")
                }
            } else {
                fail(pointer + "/bodyPatterns", "expected a list of patterns, got \(shown(patterns))")
            }
        }
        let unsupported: [(String, String)] = [
            ("multipartPatterns", "multipart matching is not supported"),
            ("formParameters", "form parameter matching is not supported (match the body instead)"),
            ("clientIp", "client IP matching is not supported"),
            ("scheme", "scheme matching is not supported"),
            ("host", "host matching is not supported (match the Host header instead)"),
            ("port", "port matching is not supported"),
            ("customMatcher", "custom matchers are Java extensions"),
        ]
        for (key, reason) in unsupported where fields[key] != nil { refuse(pointer + "/" + key, reason) }
        return pattern
    }

    /// At most one URL field, compared with the raw target as WireMock does.
    private mutating func url(_ pattern: inout RequestPattern, _ fields: [String: JSONValue], at pointer: String) {
        let given = (document.keyOrder[pointer] ?? []).filter(Self.urlKeys.contains)
        if given.count > 1 {
            fail(pointer + "/" + given[1], "a request takes one URL field; it also has \"\(given[0])\"")
            return
        }
        if fields["pathParameters"] != nil, given.first != "urlPathTemplate" {
            fail(pointer + "/pathParameters", "pathParameters needs a \"urlPathTemplate\"")
        }
        guard let key = given.first, let text = string(fields[key], at: pointer + "/" + key) else { return }
        let rawPath = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        let decodedPath = rawPath.contains("%") ? rawPath.removingPercentEncoding ?? rawPath : rawPath
        switch key {
        case "url":
            pattern.path = .literal(decodedPath)
            pattern.target.append(TargetMatcher(.whole, .equals(text)))
        case "urlPath":
            pattern.path = .literal(decodedPath)
            pattern.target.append(TargetMatcher(.path, .equals(text)))
        case "urlPattern":
            pattern.target.append(TargetMatcher(.whole, .matches(wholeRegex(text, at: pointer + "/" + key))))
        case "urlPathPattern":
            pattern.target.append(TargetMatcher(.path, .matches(wholeRegex(text, at: pointer + "/" + key))))
        default:
            pattern.path = pathTemplate(text, fields["pathParameters"], at: pointer)
        }
    }

    /// `urlPathTemplate` (`/contacts/{id}`) with `pathParameters` constraints
    /// (`equalTo` or `matches`) as one whole-path regex with named groups.
    private mutating func pathTemplate(_ template: String, _ parameters: JSONValue?, at pointer: String) -> PathPattern {
        var constraints: [String: String] = [:]
        if let parameters, let named = members(parameters, at: pointer + "/pathParameters", allowed: Array(parameters.objectKeys)) {
            for (name, value) in named {
                let here = pointer + "/pathParameters/" + LocatedJSON.escape(name)
                guard case .object(let rule) = value, rule.count == 1, let (kind, operand) = rule.first,
                      case .string(let text) = operand, kind == "equalTo" || kind == "matches" else {
                    refuse(here, "only equalTo and matches constrain a path parameter")
                    continue
                }
                constraints[name] = kind == "equalTo" ? NSRegularExpression.escapedPattern(for: text) : text
            }
        }
        var regex = "", name = "", inName = false
        for character in template {
            switch character {
            case "{" where !inName: inName = true; name = ""
            case "}" where inName:
                inName = false
                regex += "(?<\(name)>\(constraints[name] ?? "[^/]+"))"
            default:
                if inName { name.append(character) } else { regex += NSRegularExpression.escapedPattern(for: String(character)) }
            }
        }
        if constraints.isEmpty { return .template(PathTemplate(template)) }
        return .regex(TextPattern(regex))
    }

    // MARK: Named fields

    private mutating func fieldMatchers(_ value: JSONValue?, at pointer: String) -> [FieldMatcher] {
        guard let value else { return [] }
        guard case .object(let members) = value else {
            fail(pointer, "expected an object of name → pattern, got \(shown(value))")
            return []
        }
        let names = document.keyOrder[pointer] ?? members.keys.sorted()
        return names.compactMap { name in
            valueMatcher(members[name]!, at: pointer + "/" + LocatedJSON.escape(name)).map { FieldMatcher(name, $0) }
        }
    }

    // MARK: Content patterns

    static let patternKeys = [
        "equalTo", "caseInsensitive", "contains", "doesNotContain", "matches", "doesNotMatch", "absent",
        "binaryEqualTo", "equalToJson", "ignoreArrayOrder", "ignoreExtraElements", "matchesJsonPath",
        "and", "or", "equalToXml", "matchesXPath", "before", "after", "equalToDateTime", "not",
        "equalToNumber", "greaterThanNumber", "greaterThanOrEqualNumber", "lessThanNumber", "lessThanOrEqualNumber",
        "matchesJsonSchema", "hasExactly", "includes", "xPathNamespaces", "enablePlaceholders",
        "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex", "actualFormat", "expectedOffset",
        "expectedOffsetUnit", "truncateExpected", "truncateActual", "exactMatch", "schemaVersion",
    ]

    /// One WireMock content pattern as a ``ValueMatcher``.
    mutating func valueMatcher(_ value: JSONValue, at pointer: String) -> ValueMatcher? {
        guard let fields = members(value, at: pointer, allowed: Self.patternKeys) else { return nil }
        let operators = (document.keyOrder[pointer] ?? fields.keys.sorted()).filter { Self.operatorKeys.contains($0) }
        guard let kind = operators.first else {
            fail(pointer, "expected a pattern such as equalTo, contains, matches or absent")
            return nil
        }
        if operators.count > 1 {
            fail(pointer + "/" + operators[1], "a pattern takes one operator; it also has \"\(kind)\"")
            return nil
        }
        let here = pointer + "/" + kind
        let operand = fields[kind]!
        switch kind {
        case "equalTo":
            guard let text = scalarText(operand, at: here) else { return nil }
            return bool(fields["caseInsensitive"], at: pointer + "/caseInsensitive") == true ? .equalsIgnoringCase(text) : .equals(text)
        case "contains": return string(operand, at: here).map(ValueMatcher.contains)
        case "doesNotContain": return string(operand, at: here).map(ValueMatcher.doesNotContain)
        case "matches": return string(operand, at: here).map { .matches(wholeRegex($0, at: here)) }
        case "doesNotMatch": return string(operand, at: here).map { .doesNotMatch(wholeRegex($0, at: here)) }
        // WireMock 2.35.1 reads any `absent` as absent: `false` too [jar].
        case "absent": return bool(operand, at: here).map { _ in .absent }
        case "equalToJson":
            let expected: JSONValue?
            if case .string(let text) = operand {
                expected = JSONValue(json: text)
                if expected == nil { fail(here, "the expected JSON does not parse: \(text.prefix(80))") }
            } else {
                expected = operand
            }
            let comparison = JSONComparison(
                ignoresArrayOrder: bool(fields["ignoreArrayOrder"], at: pointer + "/ignoreArrayOrder") ?? false,
                ignoresExtraElements: bool(fields["ignoreExtraElements"], at: pointer + "/ignoreExtraElements") ?? false)
            return expected.map { .json($0, comparison) }
        case "matchesJsonPath": return jsonPath(operand, at: here)
        case "and", "or":
            guard case .array(let items) = operand, !items.isEmpty else {
                fail(here, "expected a list of patterns")
                return nil
            }
            let parts = items.enumerated().compactMap { valueMatcher($1, at: here + "/\($0)") }
            guard parts.count == items.count else { return nil }
            return kind == "and" ? .allOf(parts) : .anyOf(parts)
        case "binaryEqualTo":
            refuse(here, "binaryEqualTo compares bytes; only a body pattern can")
            return nil
        default:
            refuse(here, Self.refusalReasons[kind] ?? "\(kind) is not supported")
            return nil
        }
    }

    static let operatorKeys: Set<String> = [
        "equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent", "binaryEqualTo", "equalToJson",
        "matchesJsonPath", "and", "or", "equalToXml", "matchesXPath", "before", "after", "equalToDateTime", "not",
        "equalToNumber", "greaterThanNumber", "greaterThanOrEqualNumber", "lessThanNumber", "lessThanOrEqualNumber",
        "matchesJsonSchema", "hasExactly", "includes",
    ]

    static let refusalReasons = [
        "equalToXml": "XML matching is not supported",
        "matchesXPath": "XPath matching is not supported",
        "before": "date matching is not supported", "after": "date matching is not supported",
        "equalToDateTime": "date matching is not supported",
        "not": "\"not\" is WireMock 3.x; use doesNotMatch or doesNotContain",
        "matchesJsonSchema": "JSON Schema matching is not supported yet",
        "hasExactly": "hasExactly is WireMock 3.x and not supported", "includes": "includes is WireMock 3.x and not supported",
    ]

    /// `matchesJsonPath: "$.x"` or `{expression, <pattern>}`.
    private mutating func jsonPath(_ operand: JSONValue, at pointer: String) -> ValueMatcher? {
        if case .string(let expression) = operand { return query(expression, at: pointer).map { .jsonPath($0, then: nil) } }
        guard case .object(var fields) = operand else {
            fail(pointer, "expected a JSON path or {\"expression\": …, <pattern>}, got \(shown(operand))")
            return nil
        }
        guard let expression = string(fields.removeValue(forKey: "expression"), at: pointer + "/expression") else {
            fail(pointer, "a nested JSON path pattern needs an \"expression\"")
            return nil
        }
        guard let parsed = query(expression, at: pointer + "/expression") else { return nil }
        if fields.isEmpty { return .jsonPath(parsed, then: nil) }
        return valueMatcher(operand, withoutExpressionAt: pointer).map { .jsonPath(parsed, then: $0) }
    }

    private mutating func valueMatcher(_ operand: JSONValue, withoutExpressionAt pointer: String) -> ValueMatcher? {
        guard case .object(var fields) = operand else { return nil }
        fields.removeValue(forKey: "expression")
        return valueMatcher(.object(fields), at: pointer)
    }

    private mutating func query(_ expression: String, at pointer: String) -> JSONQuery? {
        let query = JSONQuery(expression)
        if let problem = query.problem {
            refuse(pointer, problem)
            return nil
        }
        return query
    }

    /// A body pattern: bytes for `binaryEqualTo`, otherwise the body as one value.
    private mutating func bodyMatcher(_ value: JSONValue, at pointer: String) -> BodyMatcher? {
        if case .object(let fields) = value, let operand = fields["binaryEqualTo"] {
            guard let text = string(operand, at: pointer + "/binaryEqualTo") else { return nil }
            guard let data = Data(base64Encoded: text) else {
                fail(pointer + "/binaryEqualTo", "expected base64")
                return nil
            }
            return .exact(data)
        }
        return valueMatcher(value, at: pointer).map(BodyMatcher.value)
    }

    /// `text` as an ICU regex that must match the whole value, as Java's `matches()` does.
    private mutating func wholeRegex(_ text: String, at pointer: String) -> TextPattern {
        let pattern = TextPattern("\\A(?:" + text + ")\\z")
        if let problem = TextPattern(text).problem { fail(pointer, problem) }
        return pattern
    }

    /// An `equalTo` operand: text, or a number or boolean taken as its text.
    private mutating func scalarText(_ value: JSONValue, at pointer: String) -> String? {
        switch value {
        case .string(let text): return text
        case .number, .bool: return value.matchText
        default:
            fail(pointer, "expected text, got \(shown(value))")
            return nil
        }
    }
}

extension JSONValue {
    /// The keys of an object (empty otherwise).
    var objectKeys: [String] {
        if case .object(let members) = self { return Array(members.keys) }
        return []
    }
}
