import StubKit

/// Reads `matchingRules`: V2's flat map keyed by path (`$.body.a`,
/// `$.headers.Accept`, `$.query.q`, `$.path`), or V3/V4's categories
/// (`path`, `status`, `query`, `header`, `body`), each entry a list of
/// `matchers` with `combine` (`AND`, `OR`).
struct PactRulesReader {
    var version: PactVersion

    /// The rules, each problem added to `problems` (one bad rule leaves the others read).
    func rules(_ value: JSONValue?, at pointer: String, problems: inout [StubProblem]) -> PactRules {
        var rules = PactRules()
        rules.wildcardsJudgeExtraKeys = version != .v2
        guard let value, value != .null else { return rules }
        guard case .object(let top) = value else {
            problems.append(StubProblem(pointer: pointer, message: "expected an object of rules, got \(value)"))
            return rules
        }
        if version == .v2 || top.keys.contains(where: { $0.hasPrefix("$") }) {
            for key in top.keys.sorted() {
                let here = pointer + "/" + LocatedJSON.escape(key)
                problems.attempt { () throws(StubProblem) in try place(key, try ruleSet(top[key]!, at: here), into: &rules, at: here) }
            }
            return rules
        }
        for category in top.keys.sorted() {
            let here = pointer + "/" + LocatedJSON.escape(category)
            do throws(StubProblem) { try self.category(category, top[category]!, into: &rules, at: here, problems: &problems) } catch {
                problems.append(error)
            }
        }
        return rules
    }

    /// One V3/V4 category's rules (`path`, `status`, `query`, `header`, `body`).
    private func category(_ category: String, _ entries: JSONValue, into rules: inout PactRules, at here: String,
                          problems: inout [StubProblem]) throws(StubProblem) {
        switch category {
        case "path": rules.path = try ruleSet(entries, at: here)
        case "status": rules.status = try ruleSet(entries, at: here)
        case "query", "header", "headers":
            guard case .object(let named) = entries else { throw StubProblem(pointer: here, message: "expected rules by name") }
            for name in named.keys.sorted() {
                guard let set = problems.attempt({ () throws(StubProblem) in try ruleSet(named[name]!, at: here + "/" + LocatedJSON.escape(name)) }) else { continue }
                if category == "query" { rules.query[name] = set } else { rules.header[name] = set }
            }
        case "body", "content":
            guard case .object(let paths) = entries else { throw StubProblem(pointer: here, message: "expected rules by body path") }
            for key in paths.keys.sorted() {
                let at = here + "/" + LocatedJSON.escape(key)
                problems.attempt { () throws(StubProblem) in
                    guard let path = ShapePath(key) else { throw StubProblem(pointer: at, message: "\"\(key)\" is not a body path (it starts with $)") }
                    rules.body.append(ShapePathRules(path, try ruleSet(paths[key]!, at: at)))
                }
            }
        case "metadata":
            return // message metadata: messages are not served
        default:
            throw StubProblem(pointer: here, message: "unknown rule category \"\(category)\"; expected path, status, query, header, body")
        }
    }

    /// A V2 key (`$.body.a[*]`, `$.headers.X`, `$.query.q`, `$.path`) put in its category.
    private func place(_ key: String, _ set: ShapeRuleSet, into rules: inout PactRules, at pointer: String) throws(StubProblem) {
        if key == "$.path" { rules.path = set; return }
        if key == "$.status" { rules.status = set; return }
        for prefix in ["$.headers.", "$.header."] where key.hasPrefix(prefix) {
            rules.header[String(key.dropFirst(prefix.count))] = set
            return
        }
        if key.hasPrefix("$.query.") { rules.query[String(key.dropFirst("$.query.".count))] = set; return }
        // V1/V2 bracket notation: `$.headers['Content-Type']`, `$.header["X-Id"]`, `$.query['q']`.
        for (prefix, isHeader) in [("$.headers[", true), ("$.header[", true), ("$.query[", false)] where key.hasPrefix(prefix) {
            let inner = key.dropFirst(prefix.count)
            guard inner.hasSuffix("]"), let quote = inner.first, quote == "'" || quote == "\"",
                  inner.dropLast().hasSuffix(String(quote)), inner.count >= 4 else {
                throw StubProblem(pointer: pointer, message: "\"\(key)\" is not a quoted name in brackets (\(prefix)'NAME'])")
            }
            let name = String(inner.dropFirst().dropLast(2))
            if isHeader { rules.header[name] = set } else { rules.query[name] = set }
            return
        }
        if key == "$.body" || key.hasPrefix("$.body.") || key.hasPrefix("$.body[") {
            guard let path = ShapePath("$" + key.dropFirst("$.body".count)) else {
                throw StubProblem(pointer: pointer, message: "\"\(key)\" is not a body path")
            }
            rules.body.append(ShapePathRules(path, set))
            return
        }
        throw StubProblem(pointer: pointer, message: "\"\(key)\" names no part of a request or response ($.path, $.query.NAME, $.headers.NAME, $.body…)")
    }

    /// `{"matchers": [...], "combine": "AND"}`, or one matcher object (V2).
    func ruleSet(_ value: JSONValue, at pointer: String) throws(StubProblem) -> ShapeRuleSet {
        guard case .object(let fields) = value else { throw StubProblem(pointer: pointer, message: "expected a rule object, got \(value)") }
        var orCombined = false
        if let combine = fields["combine"] {
            guard case .string(let how) = combine, ["AND", "OR"].contains(how.uppercased()) else {
                throw StubProblem(pointer: pointer + "/combine", message: "combine is AND or OR, not \(combine)")
            }
            orCombined = how.uppercased() == "OR"
        }
        guard let matchers = fields["matchers"] else { return ShapeRuleSet([try rule(value, at: pointer)]) }
        guard case .array(let items) = matchers else { throw StubProblem(pointer: pointer + "/matchers", message: "expected a list of matchers") }
        var rules: [ShapeRule] = []
        for (index, item) in items.enumerated() { rules.append(try rule(item, at: "\(pointer)/matchers/\(index)")) }
        return ShapeRuleSet(rules, combinesWithOr: orCombined)
    }

    /// One matcher object (`{"match": "type", "min": 1}`, `{"match": "regex", "regex": "…"}`).
    func rule(_ value: JSONValue, at pointer: String) throws(StubProblem) -> ShapeRule {
        guard case .object(let fields) = value else { throw StubProblem(pointer: pointer, message: "expected a matcher object, got \(value)") }
        func text(_ key: String) throws(StubProblem) -> String {
            guard case .string(let text)? = fields[key] else { throw StubProblem(pointer: pointer + "/" + key, message: "expected text for \(key)") }
            return text
        }
        func count(_ key: String) throws(StubProblem) -> Int? {
            guard let given = fields[key] else { return nil }
            guard case .number(let number) = given, number >= 0, number.rounded() == number, number <= 1e15 else {
                throw StubProblem(pointer: pointer + "/" + key, message: "\(key) is a whole number from 0 to 10^15, not \(given)")
            }
            return Int(number)
        }
        var kind = fields["match"].flatMap { if case .string(let name) = $0 { name } else { nil } }
        if let given = fields["match"], kind == nil {
            throw StubProblem(pointer: pointer + "/match", message: "match names a matcher as text, not \(given)")
        }
        // Legacy forms (pact-jvm 3.x, ruby): no `match`, the kind told by its attribute.
        if kind == nil {
            kind = ["regex", "timestamp", "date", "time", "min", "max"].first { fields[$0] != nil }
        }
        // The format a date matcher takes: `format`, or (legacy) the attribute named like the matcher.
        func format(_ names: String...) -> String? {
            for name in ["format"] + names { if case .string(let text)? = fields[name] { return text } }
            return nil
        }
        switch kind {
        case "equality": return .equality
        case "regex":
            let pattern = TextPattern(try text("regex"))
            if let problem = pattern.problem { throw StubProblem(pointer: pointer + "/regex", message: problem) }
            return .regex(pattern)
        case "type", "min", "max": return .type(min: try count("min"), max: try count("max"))
        case "include": return .include(try text("value"))
        case "number": return .number
        case "integer": return .integer
        case "decimal", "real": return .decimal
        case "boolean": return .boolean
        case "null": return .null
        case "date": return .dateTime(.date, format: format("date"))
        case "time": return .dateTime(.time, format: format("time"))
        case "timestamp", "datetime": return .dateTime(.timestamp, format: format("timestamp", "datetime"))
        case "statusCode": return try statusCode(fields["status"], at: pointer + "/status")
        case "contentType": return .contentType(try text("value"))
        case "values": return .values
        case "notEmpty": return .notEmpty
        case "semver": return .semver
        case "eachKey", "eachValue":
            guard case .array(let items)? = fields["rules"] else { throw StubProblem(pointer: pointer + "/rules", message: "\(kind!) needs rules") }
            var rules: [ShapeRule] = []
            for (index, item) in items.enumerated() { rules.append(try rule(item, at: "\(pointer)/rules/\(index)")) }
            return kind == "eachKey" ? .eachKey(rules) : .eachValue(rules)
        case "arrayContains":
            guard case .array(let items)? = fields["variants"] else { throw StubProblem(pointer: pointer + "/variants", message: "arrayContains needs variants") }
            var variants: [ShapeVariant] = []
            for (index, item) in items.enumerated() {
                let at = "\(pointer)/variants/\(index)"
                guard case .object(let variant) = item, case .number(let position)? = variant["index"],
                      position >= 0, position.rounded() == position, position <= 1e15 else {
                    throw StubProblem(pointer: at, message: "a variant needs an index: a whole number of at least 0")
                }
                var rules: [ShapePathRules] = []
                if case .object(let paths)? = variant["rules"] {
                    for key in paths.keys.sorted() {
                        guard let path = ShapePath(key) else { throw StubProblem(pointer: at + "/rules/" + LocatedJSON.escape(key), message: "not a body path") }
                        rules.append(ShapePathRules(path, try ruleSet(paths[key]!, at: at + "/rules/" + LocatedJSON.escape(key))))
                    }
                }
                variants.append(ShapeVariant(index: Int(position), rules: rules))
            }
            return .arrayContains(variants)
        case let other:
            throw StubProblem(pointer: pointer + "/match", message: "unsupported matcher \(other.map { "\"\($0)\"" } ?? "(no match given)")")
        }
    }

    /// V4's `statusCode` matcher: a class (`success`, `clientError`, …) or a
    /// list of statuses, as the regular expression a status's digits match.
    func statusCode(_ status: JSONValue?, at pointer: String) throws(StubProblem) -> ShapeRule {
        let classes = ["info": "1\\d\\d", "success": "2\\d\\d", "redirect": "3\\d\\d", "clientError": "4\\d\\d",
                       "serverError": "5\\d\\d", "nonError": "[123]\\d\\d", "error": "[45]\\d\\d"]
        switch status {
        case .string(let name)?:
            guard let pattern = classes[name] else {
                throw StubProblem(pointer: pointer, message: "unknown status class \"\(name)\"; expected info, success, redirect, clientError, serverError, nonError, error or a list of statuses")
            }
            return .regex(TextPattern(pattern))
        case .array(let items)? where !items.isEmpty:
            var codes: [String] = []
            for (index, item) in items.enumerated() {
                guard case .number(let code) = item, code.rounded() == code, (100...599).contains(code) else {
                    throw StubProblem(pointer: "\(pointer)/\(index)", message: "expected a status from 100 to 599, got \(item)")
                }
                codes.append(String(Int(code)))
            }
            return .regex(TextPattern("(?:" + codes.joined(separator: "|") + ")"))
        default:
            throw StubProblem(pointer: pointer, message: "statusCode needs status: a class (success, clientError, …) or a list of statuses")
        }
    }
}
