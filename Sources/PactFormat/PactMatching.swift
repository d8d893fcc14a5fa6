public import Foundation
public import StubKit

/// Pact expectations as StubKit values: a request becomes a
/// ``RequestPattern`` (what a server serving the pact matches with), a
/// response a set of conditions a provider's answer is checked against. The
/// same matchers, and the same ``Shape`` engine for bodies, serve both.
extension PactRequest {
    /// The pattern a served interaction answers: method (any case), the
    /// path (or its rule), exactly the query parameters given, the headers
    /// given (others allowed), and the body by Pact's rules.
    public var requestPattern: RequestPattern {
        var pattern = RequestPattern(method: HTTPMethod(rawValue: method.uppercased()), path: Self.pathPattern(path, rules.path))
        if let query {
            pattern.query = query.map { item in
                FieldMatcher(item.name, rules.query[item.name].map { .rules($0, examples: item.values) } ?? .values(item.values))
            }
            let names = Set(query.map(\.name))
            pattern.predicates.append(RequestPredicate("no query parameters other than \(names.sorted().joined(separator: ", "))") { request in
                request.query.allSatisfy { names.contains($0.name) }
            })
        }
        pattern.headers = PactConditions.headers(headers, rules)
        if let parts = PactConditions.multipart(body, headers, rules) {
            pattern.multipart = parts
        } else if let form = PactConditions.form(body, headers, rules) {
            // As the Pact tools match a form: by field, in any order, `+` a
            // space, a body rule at `$.name` on its values, no field unstated.
            pattern.form = form
            let names = Set(form.map(\.name))
            pattern.predicates.append(RequestPredicate("no form fields other than \(names.sorted().joined(separator: ", "))") { request in
                request.formFields.allSatisfy { names.contains($0.name) }
            })
        } else {
            pattern.body = PactConditions.body(body, rules, allowsExtraKeys: false, spelling: bodySpelling)
        }
        return pattern
    }

    /// This request as a server would record it (for a pact's examples and the spec cases' actual requests).
    public var recorded: RecordedRequest {
        var headers = HTTPHeaders(pairs: self.headers)
        if case .json = body, headers["Content-Type"] == nil { headers.add("Content-Type", "application/json") }
        return RecordedRequest(method: method.uppercased(), target: target, headers: headers, body: bodyData)
    }

    /// The request target: the path as written (bytes a target cannot hold
    /// percent-encoded), then V2's query string as written, or V3/V4's
    /// values percent-encoded, in order.
    public var target: String {
        var target = Self.percentEncoded(path, keeping: "/%:@!$&'()*+,;=")
        if let rawQuery, !rawQuery.isEmpty {
            target += "?" + Self.percentEncoded(rawQuery, keeping: "/%?&=+;:@!$'()*,")
        } else if let query, !query.isEmpty {
            target += "?" + query.flatMap { item in
                item.values.map { Self.percentEncoded(item.name, keeping: "") + "=" + Self.percentEncoded($0, keeping: "") }
            }.joined(separator: "&")
        }
        return target
    }

    /// `text` with every byte percent-encoded that is not an ASCII letter,
    /// digit, `-._~`, or one of `keeping`.
    static func percentEncoded(_ text: String, keeping: String) -> String {
        let kept = Set(("-._~" + keeping).utf8)
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    static func pathPattern(_ path: String, _ rule: ShapeRuleSet?) -> PathPattern {
        guard let rule else { return .literal(path) }
        if case .regex(let pattern)? = rule.rules.first, rule.rules.count == 1 { return .regex(TextPattern("^(?:" + pattern.source + ")$")) }
        return .any
    }
}

extension PactResponse {
    /// Every way an answer (`status`, `headers`, `body`) differs from this
    /// expectation: extra headers and extra object keys are allowed.
    public func mismatches(status actual: Int, headers actualHeaders: HTTPHeaders, body actualBody: Data) -> [String] {
        var found: [String] = []
        if let rule = rules.status {
            if let problem = rule.problem(expected: .number(Double(status)), actual: .number(Double(actual))) { found.append("status: \(problem)") }
        } else if actual != status {
            found.append("status: expected \(status), got \(actual)")
        }
        for condition in PactConditions.headers(headers, rules) {
            let values = actualHeaders.values(for: condition.name)
            if !condition.matcher.accepts(values) {
                found.append("header \(condition.name): expected \(condition.matcher), got " + (values.isEmpty ? "none" : values.joined(separator: ", ")))
            }
        }
        if let parts = PactConditions.multipart(body, headers, rules) {
            return found + PactMultipart.mismatches(parts, actualType: actualHeaders["Content-Type"], actual: actualBody)
        }
        for condition in PactConditions.body(body, rules, allowsExtraKeys: true, spelling: bodySpelling) where !condition.accepts(actualBody) {
            if case .shape(let shape) = condition, let mismatches = shape.mismatches(json: actualBody) {
                found += mismatches.map { "body \($0)" }
            } else if case .xmlShape(let shape) = condition {
                found += shape.mismatches(actualBody).map { "body \($0)" }
            } else {
                found.append("body: expected \(condition), got " + (String(data: actualBody, encoding: .utf8).map { $0.isEmpty ? "an empty body" : "\"\($0.prefix(200))\"" } ?? "\(actualBody.count) bytes"))
            }
        }
        return found
    }
}

/// The header and body conditions requests and responses share.
enum PactConditions {
    /// Whether a content type is XML (`application/xml`, `text/xml`, `…+xml`).
    static func isXML(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/xml" || type == "text/xml" || type.hasSuffix("+xml")
    }

    /// Each expected header: its rules, or equality as a header value (a
    /// multipart `Content-Type` with any boundary).
    static func headers(_ headers: [(name: String, value: String)], _ rules: PactRules) -> [FieldMatcher] {
        headers.map { header in
            if let rule = rules.header(named: header.name) { return FieldMatcher(header.name, .rules(rule, examples: [header.value])) }
            if header.name.lowercased() == "content-type", PactMultipart.isMultipart(header.value) {
                return FieldMatcher(header.name, PactMultipart.contentTypeMatcher(header.value))
            }
            return FieldMatcher(header.name, .headerValue(header.value))
        }
    }

    /// A URL-encoded form body's fields as conditions (each name's values in
    /// order, or the body rule at `$.name`), or `nil` when the body is not a form.
    static func form(_ body: PactBody, _ headers: [(name: String, value: String)], _ rules: PactRules) -> [FieldMatcher]? {
        guard case .bytes(let data, let type) = body,
              let declared = headers.first(where: { $0.name.lowercased() == "content-type" })?.value ?? type,
              declared.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded",
              let text = String(data: data, encoding: .utf8) else { return nil }
        var fields: [(name: String, values: [String])] = []
        for item in QueryItem.parse(Substring(text)) where !item.name.isEmpty {
            if let index = fields.firstIndex(where: { $0.name == item.name }) { fields[index].values.append(item.value ?? "") } else { fields.append((item.name, [item.value ?? ""])) }
        }
        guard !fields.isEmpty else { return nil }
        return fields.map { field in
            let path: [ShapePath.Step] = [.key(field.name)]
            let rule = rules.body.filter { $0.path.weight(against: path) > 0 }.max { $0.path.weight(against: path) < $1.path.weight(against: path) }
            if let set = rule?.set, !set.isEquality { return FieldMatcher(field.name, .rules(set, examples: field.values)) }
            return FieldMatcher(field.name, .values(field.values))
        }
    }

    /// A multipart body's part patterns, or `nil` when the body is not multipart.
    static func multipart(_ body: PactBody, _ headers: [(name: String, value: String)], _ rules: PactRules) -> [MultipartPattern]? {
        guard case .bytes(let data, let type) = body else { return nil }
        let declared = headers.first { $0.name.lowercased() == "content-type" }?.value ?? type
        return PactMultipart.patterns(data, contentType: declared, rules: rules)
    }

    /// The body's condition: none when absent, empty when `""`, JSON null or
    /// nothing for `null`, a shape for JSON, the text (or its `$` rule)
    /// otherwise. With the pact's `spelling` of a JSON body, a number compared
    /// by equality must be written alike (`40.0` is not `40` to the Pact tools).
    static func body(_ body: PactBody, _ rules: PactRules, allowsExtraKeys: Bool, spelling: PactBodySpelling? = nil) -> [BodyMatcher] {
        switch body {
        case .absent:
            return []
        case .empty:
            return [.exact(Data())]
        case .json(.null):
            return [.value(.anyOf([.equals(""), .matches(TextPattern(#"^\s*null\s*$"#))]))]
        case .json(let value):
            var shape = Shape(example: value, rules: rules.body, allowsExtraKeys: allowsExtraKeys, wildcardsJudgeExtraKeys: rules.wildcardsJudgeExtraKeys)
            if let spelling, spelling.body == value { shape.exampleDecimals = spelling.decimals }
            return [.shape(shape)]
        case .bytes(let data, let contentType):
            if contentType.map(isXML) ?? XMLElementValue.looksLikeXML(data), let example = try? XMLElementValue.parse(data) {
                return [.xmlShape(XMLShape(example: example, rules: rules.body, allowsExtraKeys: allowsExtraKeys))]
            }
            let whole = rules.body.first(where: { $0.path.steps.isEmpty })
            // A `$` contentType rule: any bytes of that type (a PDF, an image), told by their first bytes.
            if let whole, whole.set.rules.count == 1, case .contentType(let type) = whole.set.rules[0] {
                return [.mediaType(type)]
            }
            if let whole, let text = String(data: data, encoding: .utf8) {
                return [.value(.rules(whole.set, examples: [text]))]
            }
            return [.exact(data)]
        }
    }
}
