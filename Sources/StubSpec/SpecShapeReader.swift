import StubKit
import DocumentReader

/// A spec body condition `{ like: <example>, rules: { "$.path": … } }` as a
/// ``Shape`` (see `docs/spec-format.md`).
extension SpecStubReader {
    static let ruleNames = ["type", "integer", "decimal", "number", "boolean", "null", "notEmpty", "semver", "values", "equality",
                            "date", "time", "timestamp"]
    static let ruleKeys = ["regex", "type", "include", "date", "time", "timestamp", "contentType", "eachKey", "eachValue"]

    mutating func shape(_ fields: DocumentMembers) -> BodyMatcher? {
        guard let exampleNode = fields["like"], let example = reading.json(exampleNode) else { return nil }
        var rules: [ShapePathRules] = []
        if let node = fields["rules"], let pairs = reading.pairs(node) {
            for (source, value) in pairs {
                guard let path = ShapePath(source) else {
                    reading.fail(value, "\"\(source)\" is not a path ($, .name, ['name'], [0], [*], .*)")
                    continue
                }
                if let set = ruleSet(value) { rules.append(ShapePathRules(path, set)) }
            }
        }
        return .shape(Shape(example: example, rules: rules,
                            allowsExtraKeys: fields["allowsExtraKeys"].flatMap { reading.bool($0) } ?? false,
                            wildcardsJudgeExtraKeys: fields["wildcardsJudgeExtraKeys"].flatMap { reading.bool($0) } ?? true))
    }

    /// A rule, a list of rules (all must pass), or `{ or: [rules] }`.
    mutating func ruleSet(_ node: DocumentNode) -> ShapeRuleSet? {
        if node.isSequence {
            guard let items = reading.items(node) else { return nil }
            let rules = items.compactMap { shapeRule($0) }
            return rules.count == items.count ? ShapeRuleSet(rules) : nil
        }
        if !node.isScalar, let fields = reading.members(node, allowed: ["or"] + Self.ruleKeys), let either = fields["or"] {
            guard fields.count == 1, let items = reading.items(either) else {
                reading.fail(node, "or takes a list of rules and nothing else")
                return nil
            }
            let rules = items.compactMap { shapeRule($0) }
            return rules.count == items.count ? ShapeRuleSet(rules, combinesWithOr: true) : nil
        }
        return shapeRule(node).map { ShapeRuleSet([$0]) }
    }

    mutating func shapeRule(_ node: DocumentNode) -> ShapeRule? {
        if node.isScalar, let name = reading.string(node) {
            switch name {
            case "type": return .type()
            case "integer": return .integer
            case "decimal": return .decimal
            case "number": return .number
            case "boolean": return .boolean
            case "null": return .null
            case "notEmpty": return .notEmpty
            case "semver": return .semver
            case "values": return .values
            case "equality": return .equality
            case "date": return .dateTime(.date, format: nil)
            case "time": return .dateTime(.time, format: nil)
            case "timestamp": return .dateTime(.timestamp, format: nil)
            default:
                let hint = Suggestion.hint(for: name, in: Self.ruleNames)
                reading.fail(node, "unknown rule \"\(name)\"\(hint)")
                return nil
            }
        }
        guard let fields = reading.members(node, allowed: Self.ruleKeys), let (kind, operand) = fields.single else {
            reading.fail(node, "a rule is a name (\(Self.ruleNames.joined(separator: ", "))) or one of \(Self.ruleKeys.joined(separator: ", "))")
            return nil
        }
        switch kind {
        case "regex": return textPattern(operand).map(ShapeRule.regex)
        case "type":
            guard let bounds = reading.members(operand, allowed: ["min", "max"]) else { return nil }
            return .type(min: bounds["min"].flatMap { reading.int($0, in: 0...Int.max) }, max: bounds["max"].flatMap { reading.int($0, in: 0...Int.max) })
        case "include": return reading.string(operand).map(ShapeRule.include)
        case "date", "time", "timestamp":
            let format = reading.string(operand)
            return .dateTime(ShapeRule.DateTimeKind(rawValue: kind) ?? .timestamp, format: format)
        case "contentType": return reading.string(operand).map(ShapeRule.contentType)
        default: // eachKey, eachValue
            guard let items = reading.items(operand) else { return nil }
            let rules = items.compactMap { shapeRule($0) }
            guard rules.count == items.count else { return nil }
            return kind == "eachKey" ? .eachKey(rules) : .eachValue(rules)
        }
    }
}
