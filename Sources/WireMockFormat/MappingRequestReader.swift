import DocumentReader
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

    mutating func requestPattern(_ node: DocumentNode) -> RequestPattern? {
        guard let fields = members(node, allowed: Self.requestKeys) else { return nil }
        var method: HTTPMethod?
        if let text = string(fields["method"]), text != "ANY" {
            method = HTTPMethod(rawValue: text)
        }
        var pattern = RequestPattern(method: method, path: .any)
        url(&pattern, fields, in: node)
        pattern.query = fieldMatchers(fields["queryParameters"])
        pattern.headers = fieldMatchers(fields["headers"])
        pattern.cookies = fieldMatchers(fields["cookies"])
        // WireMock 3's form fields (2.35.1 refuses the key): the same matchers as queryParameters.
        pattern.form = fieldMatchers(fields["formParameters"])
        for key in ["basicAuthCredentials", "basicAuth"] {
            guard let credentials = fields[key], let parts = members(credentials, allowed: ["username", "password"]) else { continue }
            let user = string(parts["username"]) ?? ""
            let password = string(parts["password"]) ?? ""
            let token = Data("\(user):\(password)".utf8).base64EncodedString()
            pattern.headers.append(FieldMatcher("Authorization", .equals("Basic " + token)))
        }
        if let patterns = fields["multipartPatterns"] {
            if let items = patterns.elements {
                pattern.multipart = items.compactMap { multipartPattern($0) }
            } else {
                fail(patterns, "expected a list of multipart patterns, got \(shown(patterns))")
            }
        }
        if let patterns = fields["bodyPatterns"] {
            if let items = patterns.elements {
                pattern.body = items.compactMap { bodyMatcher($0) }
            } else {
                fail(patterns, "expected a list of patterns, got \(shown(patterns))")
            }
        }
        let unsupported: [(String, String)] = [
            ("clientIp", "client IP matching is not supported"),
            ("scheme", "scheme matching is not supported"),
            ("host", "host matching is not supported (match the Host header instead)"),
            ("port", "port matching is not supported"),
            ("customMatcher", "custom matchers are Java extensions"),
        ]
        for (key, reason) in unsupported {
            if let given = fields[key] { refuse(given, reason) }
        }
        return pattern
    }

    /// At most one URL field, compared with the raw target as WireMock does.
    private mutating func url(_ pattern: inout RequestPattern, _ fields: DocumentMembers, in node: DocumentNode) {
        let given = node.memberOrder.filter(Self.urlKeys.contains)
        if given.count > 1 {
            fail(node.at(given[1]), "a request takes one URL field; it also has \"\(given[0])\"")
            return
        }
        if let parameters = fields["pathParameters"], given.first != "urlPathTemplate" {
            fail(parameters, "pathParameters needs a \"urlPathTemplate\"")
        }
        guard let key = given.first, let field = fields[key], let text = string(field) else { return }
        // By byte: Foundation's `contains` on text goes through `range(of:)`.
        let rawPath = text.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(text[..<$0]) } ?? text
        let decodedPath = rawPath.utf8.contains(UInt8(ascii: "%")) ? rawPath.removingPercentEncoding ?? rawPath : rawPath
        switch key {
        case "url":
            pattern.path = .literal(decodedPath)
            pattern.target.append(TargetMatcher(.whole, .equals(text)))
        case "urlPath":
            pattern.path = .literal(decodedPath)
            pattern.target.append(TargetMatcher(.path, .equals(text)))
        case "urlPattern":
            pattern.target.append(TargetMatcher(.whole, .matches(wholeRegex(text, at: field))))
        case "urlPathPattern":
            pattern.target.append(TargetMatcher(.path, .matches(wholeRegex(text, at: field))))
        default:
            pattern.path = pathTemplate(text, fields["pathParameters"])
        }
    }

    /// `urlPathTemplate` (`/contacts/{id}`) with `pathParameters` constraints
    /// (`equalTo` or `matches`) as one whole-path regex with named groups.
    private mutating func pathTemplate(_ template: String, _ parameters: DocumentNode?) -> PathPattern {
        var constraints: [String: String] = [:]
        if let parameters, let named = members(parameters, allowed: Array(parameters.value.objectKeys)) {
            for name in parameters.memberOrder {
                guard let rule = named[name] else { continue }
                guard case .object(let members) = rule.value, members.count == 1, let (kind, operand) = members.first,
                      case .string(let text) = operand, kind == "equalTo" || kind == "matches" else {
                    refuse(rule, "only equalTo and matches constrain a path parameter")
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

    /// `{matchingType: ANY|ALL, headers: {name: pattern}, bodyPatterns: [...]}`: one multipart pattern.
    private mutating func multipartPattern(_ node: DocumentNode) -> MultipartPattern? {
        guard let fields = members(node, allowed: ["name", "matchingType", "headers", "bodyPatterns"]) else { return nil }
        var pattern = MultipartPattern()
        if let type = fields["matchingType"], let text = string(type) {
            guard let matching = MultipartPattern.Matching(rawValue: text) else {
                fail(type, "expected ANY or ALL, got \"\(text)\"")
                return nil
            }
            pattern.matching = matching
        }
        pattern.headers = fieldMatchers(fields["headers"])
        if let bodies = fields["bodyPatterns"] {
            guard let items = bodies.elements else {
                fail(bodies, "expected a list of patterns, got \(shown(bodies))")
                return nil
            }
            pattern.body = items.compactMap { bodyMatcher($0) }
        }
        return pattern
    }

    // MARK: Named fields

    private mutating func fieldMatchers(_ node: DocumentNode?) -> [FieldMatcher] {
        guard let node else { return [] }
        guard case .object = node.value else {
            fail(node, "expected an object of name → pattern, got \(shown(node))")
            return []
        }
        return node.memberOrder.compactMap { name in valueMatcher(node.at(name)).map { FieldMatcher(name, $0) } }
    }

    // MARK: Content patterns

    static let patternKeys = [
        "equalTo", "caseInsensitive", "contains", "doesNotContain", "matches", "doesNotMatch", "absent",
        "binaryEqualTo", "equalToJson", "ignoreArrayOrder", "ignoreExtraElements", "matchesJsonPath",
        "and", "or", "equalToXml", "matchesXPath", "before", "after", "equalToDateTime", "not",
        "equalToNumber", "greaterThanNumber", "greaterThanOrEqualNumber", "lessThanNumber", "lessThanOrEqualNumber",
        "matchesJsonSchema", "hasExactly", "includes", "xPathNamespaces", "enablePlaceholders",
        "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex", "actualFormat", "expectedOffset",
        "expectedOffsetUnit", "truncateExpected", "truncateActual", "exactMatch", "schemaVersion", "exemptedComparisons",
    ]

    /// One WireMock content pattern as a ``ValueMatcher``.
    mutating func valueMatcher(_ node: DocumentNode) -> ValueMatcher? {
        guard let fields = members(node, allowed: Self.patternKeys) else { return nil }
        let operators = node.memberOrder.filter { Self.operatorKeys.contains($0) && fields.contains($0) }
        guard let kind = operators.first, let operand = fields[kind] else {
            fail(node, "expected a pattern such as equalTo, contains, matches or absent")
            return nil
        }
        if operators.count > 1 {
            fail(node.at(operators[1]), "a pattern takes one operator; it also has \"\(kind)\"")
            return nil
        }
        switch kind {
        case "equalTo":
            guard let text = scalarText(operand) else { return nil }
            return bool(fields["caseInsensitive"]) == true ? .equalsIgnoringCase(text) : .equals(text)
        case "contains": return string(operand).map(ValueMatcher.contains)
        case "doesNotContain": return string(operand).map(ValueMatcher.doesNotContain)
        case "matches": return string(operand).map { .matches(wholeRegex($0, at: operand)) }
        case "doesNotMatch": return string(operand).map { .doesNotMatch(wholeRegex($0, at: operand)) }
        // WireMock 2.35.1 reads any `absent` as absent: `false` too [jar].
        case "absent": return bool(operand).map { _ in .absent }
        case "equalToJson":
            let expected: JSONValue?
            if case .string(let text) = operand.value {
                expected = JSONValue(json: text)
                if expected == nil { fail(operand, "the expected JSON does not parse: \(text.prefix(80))") }
            } else {
                expected = operand.value
            }
            let comparison = JSONComparison(
                ignoresArrayOrder: bool(fields["ignoreArrayOrder"]) ?? false,
                ignoresExtraElements: bool(fields["ignoreExtraElements"]) ?? false)
            return expected.map { .json($0, comparison) }
        case "matchesJsonPath": return jsonPath(operand)
        case "equalToXml": return xml(operand, fields)
        case "matchesXPath": return xpath(operand, fields)
        case "and", "or":
            guard let items = operand.elements, !items.isEmpty else {
                fail(operand, "expected a list of patterns")
                return nil
            }
            let parts = items.compactMap { valueMatcher($0) }
            guard parts.count == items.count else { return nil }
            return kind == "and" ? .allOf(parts) : .anyOf(parts)
        case "binaryEqualTo":
            refuse(operand, "binaryEqualTo compares bytes; only a body pattern can")
            return nil
        default:
            refuse(operand, Self.refusalReasons[kind] ?? "\(kind) is not supported")
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
        "before": "date matching is not supported", "after": "date matching is not supported",
        "equalToDateTime": "date matching is not supported",
        "not": "\"not\" is WireMock 3.x; use doesNotMatch or doesNotContain",
        "matchesJsonSchema": "JSON Schema matching is not supported yet",
        "hasExactly": "hasExactly is WireMock 3.x and not supported", "includes": "includes is WireMock 3.x and not supported",
    ]

    /// `equalToXml` with `enablePlaceholders`, the placeholder delimiters and `exemptedComparisons`.
    private mutating func xml(_ operand: DocumentNode, _ fields: DocumentMembers) -> ValueMatcher? {
        guard let text = string(operand) else { return nil }
        var comparison = XMLComparison(placeholders: bool(fields["enablePlaceholders"]) ?? false)
        if let opening = string(fields["placeholderOpeningDelimiterRegex"]) { comparison.opening = opening }
        if let closing = string(fields["placeholderClosingDelimiterRegex"]) { comparison.closing = closing }
        if let exempted = fields["exemptedComparisons"] {
            guard let items = exempted.elements else {
                fail(exempted, "expected a list of comparison names, got \(shown(exempted))")
                return nil
            }
            comparison.exempted = Set(items.compactMap { string($0) })
            if let problem = comparison.problem {
                fail(exempted, problem)
                return nil
            }
        }
        do {
            return .xml(try XMLElementValue.parse(Data(text.utf8)), comparison)
        } catch {
            fail(operand, "the expected XML does not parse: \(error)")
            return nil
        }
    }

    /// `matchesXPath: "//a"` or `{expression, <pattern>}`, with `xPathNamespaces` beside it.
    private mutating func xpath(_ operand: DocumentNode, _ fields: DocumentMembers) -> ValueMatcher? {
        var namespaces: [String: String] = [:]
        if let declared = fields["xPathNamespaces"] {
            guard case .object = declared.value else {
                fail(declared, "expected an object of prefix → namespace, got \(shown(declared))")
                return nil
            }
            for prefix in declared.memberOrder { namespaces[prefix] = string(declared.at(prefix)) }
        }
        func query(_ expression: String, at node: DocumentNode) -> XPathQuery? {
            let query = XPathQuery(expression, namespaces: namespaces)
            if let problem = query.problem {
                refuse(node, problem)
                return nil
            }
            return query
        }
        if case .string(let expression) = operand.value { return query(expression, at: operand).map { .xpath($0, then: nil) } }
        guard case .object(var members) = operand.value, members.removeValue(forKey: "expression") != nil,
              let expression = string(operand.at("expression")) else {
            fail(operand, "expected an XPath or {\"expression\": …, <pattern>}, got \(shown(operand))")
            return nil
        }
        guard let parsed = query(expression, at: operand.at("expression")) else { return nil }
        if members.isEmpty { return .xpath(parsed, then: nil) }
        let rest = DocumentNode(.object(members), at: operand.pointer, in: document, file: file)
        return valueMatcher(rest).map { .xpath(parsed, then: $0) }
    }

    /// `matchesJsonPath: "$.x"` or `{expression, <pattern>}`.
    private mutating func jsonPath(_ node: DocumentNode) -> ValueMatcher? {
        if case .string(let expression) = node.value { return query(expression, at: node).map { .jsonPath($0, then: nil) } }
        guard case .object(var fields) = node.value else {
            fail(node, "expected a JSON path or {\"expression\": …, <pattern>}, got \(shown(node))")
            return nil
        }
        let expressionNode = node.at("expression")
        guard fields.removeValue(forKey: "expression") != nil, let expression = string(expressionNode) else {
            fail(node, "a nested JSON path pattern needs an \"expression\"")
            return nil
        }
        guard let parsed = query(expression, at: expressionNode) else { return nil }
        if fields.isEmpty { return .jsonPath(parsed, then: nil) }
        // The rest of the object is the pattern the found value must meet.
        let rest = DocumentNode(.object(fields), at: node.pointer, in: document, file: file)
        return valueMatcher(rest).map { .jsonPath(parsed, then: $0) }
    }

    private mutating func query(_ expression: String, at node: DocumentNode) -> JSONQuery? {
        let query = JSONQuery(expression)
        if let problem = query.problem {
            refuse(node, problem)
            return nil
        }
        return query
    }

    /// A body pattern: bytes for `binaryEqualTo`, otherwise the body as one value.
    private mutating func bodyMatcher(_ node: DocumentNode) -> BodyMatcher? {
        if case .object(let fields) = node.value, fields["binaryEqualTo"] != nil {
            let operand = node.at("binaryEqualTo")
            guard let text = string(operand) else { return nil }
            guard let data = Data(base64Encoded: text) else {
                fail(operand, "expected base64")
                return nil
            }
            return .exact(data)
        }
        return valueMatcher(node).map(BodyMatcher.value)
    }

    /// `text` as an ICU regex that must match the whole value, as Java's `matches()` does.
    private mutating func wholeRegex(_ text: String, at node: DocumentNode) -> TextPattern {
        let pattern = TextPattern("\\A(?:" + text + ")\\z")
        // The text must compile by itself too: wrapped, `a)(b` would. Only a
        // group or an escape (`\Q…`) can make the two differ, so without
        // either the wrapped expression's verdict is the text's, and the
        // text is compiled again only to word a problem.
        let wrapperMayDiffer = text.utf8.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") || $0 == UInt8(ascii: "\\") }
        if wrapperMayDiffer || pattern.problem != nil, let problem = TextPattern(text).problem { fail(node, problem) }
        return pattern
    }

    /// An `equalTo` operand: text, or a number or boolean taken as its text.
    private mutating func scalarText(_ node: DocumentNode) -> String? {
        switch node.value {
        case .string(let text): return text
        case .number, .bool: return node.value.matchText
        default:
            fail(node, "expected text, got \(shown(node))")
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
