import Foundation
import StubKit
import DocumentReader

/// The conditions of a spec's `request:` block: on query items, headers,
/// cookies and the raw target (`name: text` means equals, or a one-key
/// object), and on the body.
extension SpecStubReader {
    static let conditionKeys = ["equals", "equalsIgnoringCase", "contains", "matches", "doesNotContain", "doesNotMatch",
                                "oneOf", "values", "present", "absent", "allOf", "anyOf", "json", "jsonPath", "xml", "xpath"]

    /// `{ name: condition }` as field matchers, in order.
    mutating func fieldMatchers(_ node: DocumentNode) -> [FieldMatcher] {
        guard let pairs = reading.pairs(node) else { return [] }
        return pairs.compactMap { name, value in valueMatcher(value).map { FieldMatcher(name, $0) } }
    }

    /// One condition: text (equals; plain `present` and `absent` are the
    /// checks of those names), or an object with one of ``conditionKeys``
    /// (`json` may add `ignoringArrayOrder`, `ignoringExtraElements`, `placeholders`).
    mutating func valueMatcher(_ node: DocumentNode) -> ValueMatcher? {
        if node.isScalar, let text = reading.string(node) {
            switch (text, node.isQuoted) {
            case ("present", false): return .present
            case ("absent", false): return .absent
            default: return .equals(text)
            }
        }
        let jsonOptions = ["ignoringArrayOrder", "ignoringExtraElements", "placeholders"]
        let xmlOptions = ["placeholders", "exempting"]
        guard let fields = reading.members(node, allowed: Self.conditionKeys + jsonOptions + ["exempting"]),
              let kind = Self.conditionKeys.first(where: { fields[$0] != nil }), let operand = fields[kind],
              fields.names.filter({ Self.conditionKeys.contains($0) }).count == 1,
              fields.names.allSatisfy({ !(jsonOptions + xmlOptions).contains($0) || (kind == "json" && jsonOptions.contains($0))
                                       || (kind == "xml" && xmlOptions.contains($0)) })
        else {
            reading.fail(node, "expected text, present, absent, or one of " + Self.conditionKeys.joined(separator: ", "))
            return nil
        }
        switch kind {
        case "equals": return reading.string(operand).map(ValueMatcher.equals)
        case "equalsIgnoringCase": return reading.string(operand).map(ValueMatcher.equalsIgnoringCase)
        case "contains": return reading.string(operand).map(ValueMatcher.contains)
        case "doesNotContain": return reading.string(operand).map(ValueMatcher.doesNotContain)
        case "matches", "doesNotMatch":
            guard let pattern = textPattern(operand) else { return nil }
            return kind == "matches" ? .matches(pattern) : .doesNotMatch(pattern)
        case "present", "absent":
            guard reading.bool(operand) == true else {
                reading.fail(operand, "\(kind) takes true")
                return nil
            }
            return kind == "present" ? .present : .absent
        case "oneOf", "values":
            guard let items = reading.items(operand) else { return nil }
            let texts = items.compactMap { reading.string($0) }
            return kind == "oneOf" ? .oneOf(texts) : .values(texts)
        case "allOf", "anyOf":
            guard let items = reading.items(operand) else { return nil }
            let matchers = items.compactMap { valueMatcher($0) }
            guard matchers.count == items.count else { return nil }
            return kind == "allOf" ? .allOf(matchers) : .anyOf(matchers)
        case "json":
            guard let value = reading.json(operand) else { return nil }
            let comparison = JSONComparison(
                ignoresArrayOrder: fields["ignoringArrayOrder"].flatMap { reading.bool($0) } ?? false,
                ignoresExtraElements: fields["ignoringExtraElements"].flatMap { reading.bool($0) } ?? false,
                placeholders: fields["placeholders"].flatMap { reading.bool($0) } ?? true)
            return .json(value, comparison)
        case "xml":
            guard let text = reading.string(operand) else { return nil }
            let exempted = Set(fields["exempting"].flatMap { reading.items($0) }?.compactMap { reading.string($0) } ?? [])
            let comparison = XMLComparison(placeholders: fields["placeholders"].flatMap { reading.bool($0) } ?? false, exempted: exempted)
            if let problem = comparison.problem { reading.fail(fields["exempting"] ?? operand, problem) }
            do { return .xml(try XMLElementValue.parse(Data(text.utf8)), comparison) } catch {
                reading.fail(operand, "the expected XML does not parse: \(error)")
                return nil
            }
        case "xpath":
            guard let parts = reading.members(operand, allowed: ["path", "namespaces", "then"]),
                  let path = parts["path"].flatMap({ reading.string($0) })
            else {
                reading.fail(operand, "xpath needs a path (and may have namespaces: and then: a condition)")
                return nil
            }
            let namespaces = Dictionary((parts["namespaces"].flatMap { reading.pairs($0) } ?? []).compactMap { name, value in
                reading.string(value).map { (name, $0) }
            }, uniquingKeysWith: { first, _ in first })
            let query = XPathQuery(path, namespaces: namespaces)
            if let problem = query.problem { reading.fail(parts["path"] ?? operand, problem) }
            let then = parts["then"].flatMap { valueMatcher($0) }
            return .xpath(query, then: then)
        default: // jsonPath
            guard let parts = reading.members(operand, allowed: ["path", "then"]),
                  let path = parts["path"].flatMap({ reading.string($0) })
            else {
                reading.fail(operand, "jsonPath needs a path (and may have then: a condition)")
                return nil
            }
            let query = JSONQuery(path)
            if let problem = query.problem { reading.fail(parts["path"] ?? operand, problem) }
            if let thenNode = parts["then"] {
                guard let then = valueMatcher(thenNode) else { return nil }
                return .jsonPath(query, then: then)
            }
            return .jsonPath(query, then: nil)
        }
    }

    /// A regular expression, its syntax checked.
    mutating func textPattern(_ node: DocumentNode) -> TextPattern? {
        guard let text = reading.string(node) else { return nil }
        let pattern = TextPattern(text)
        if let problem = pattern.problem { reading.fail(node, problem) }
        return pattern
    }

    /// One body matcher, or a list of them.
    /// `{ matching: any | all, name: file, filename: a.txt, headers: { … }, body: … }`: a condition on a multipart body's parts.
    mutating func multipart(_ node: DocumentNode) -> MultipartPattern? {
        guard let fields = reading.members(node, allowed: ["matching", "name", "filename", "headers", "body"]) else { return nil }
        var matching = MultipartPattern.Matching.any
        if let given = fields["matching"], let text = reading.string(given) {
            guard let known = MultipartPattern.Matching(rawValue: text.uppercased()) else {
                reading.fail(given, "expected any or all, got \"\(text)\"")
                return nil
            }
            matching = known
        }
        var pattern = MultipartPattern.any(named: fields["name"].flatMap { reading.string($0) },
                                           filename: fields["filename"].flatMap { reading.string($0) })
        pattern.matching = matching
        pattern.headers += fields["headers"].map { fieldMatchers($0) } ?? []
        pattern.body = fields["body"].map { bodyMatchers($0) } ?? []
        return pattern
    }

    mutating func bodyMatchers(_ node: DocumentNode) -> [BodyMatcher] {
        if node.isSequence {
            return (reading.items(node) ?? []).flatMap { bodyMatchers($0) }
        }
        let keys = ["equals", "base64", "contains", "matches", "json", "jsonSubset", "ignoringArrayOrder", "jsonPath", "value",
                    "like", "rules", "allowsExtraKeys", "wildcardsJudgeExtraKeys"]
        guard let fields = reading.members(node, allowed: keys) else { return [] }
        var found: [BodyMatcher] = []
        if fields["like"] != nil, let shape = shape(fields) { found.append(shape) }
        for key in ["rules", "allowsExtraKeys", "wildcardsJudgeExtraKeys"] where fields["like"] == nil {
            if let stray = fields[key] { reading.fail(stray, "\(key) goes with like: <example>") }
        }
        if let operand = fields["equals"], let text = reading.string(operand) { found.append(.text(text)) }
        if let operand = fields["base64"], let data = base64(operand) { found.append(.exact(data)) }
        if let operand = fields["contains"], let text = reading.string(operand) { found.append(.contains(text)) }
        if let operand = fields["matches"], let pattern = textPattern(operand) { found.append(.matches(pattern)) }
        if let operand = fields["json"], let value = reading.json(operand) { found.append(.json(value)) }
        if let operand = fields["jsonSubset"], let value = reading.json(operand) {
            let ignoring = fields["ignoringArrayOrder"].flatMap { reading.bool($0) } ?? false
            found.append(.jsonSubset(value, ignoringArrayOrder: ignoring))
        }
        if let operand = fields["jsonPath"], let parts = reading.members(operand, allowed: ["path", "equals"]),
           let pathNode = parts["path"], let path = reading.string(pathNode), let valueNode = parts["equals"],
           let value = reading.json(valueNode) {
            found.append(.jsonPath(path, equals: value)) // a malformed path is reported with the stub's problems
        }
        if let operand = fields["value"], let matcher = valueMatcher(operand) { found.append(.value(matcher)) }
        return found
    }
}
