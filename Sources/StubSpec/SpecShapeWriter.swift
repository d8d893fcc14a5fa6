import StubKit
/// Writes a ``Shape`` as a spec body condition:
/// `{ like: <example>, rules: { "$.path": rule | [rules] | { or: [rules] } } }`.
/// A rule is a name (`type`, `integer`, `decimal`, `number`, `boolean`,
/// `null`, `notEmpty`, `semver`, `values`, `equality`, `date`, `time`,
/// `timestamp`) or a one-key object (`regex`, `type: { min, max }`,
/// `include`, `date`/`time`/`timestamp: format`, `contentType`, `eachKey`,
/// `eachValue`).
enum SpecShapeWriter {
    static func shape(_ shape: Shape) throws(Unwritable) -> WrittenJSON {
        var rules: [(String, WrittenJSON)] = []
        for pathRules in shape.rules {
            var written: [WrittenJSON] = []
            for rule in pathRules.set.rules { written.append(try self.rule(rule)) }
            let value: WrittenJSON = pathRules.set.combinesWithOr ? .object([("or", .array(written))])
                : written.count == 1 ? written[0] : .array(written)
            rules.append((pathRules.path.source, value))
        }
        var members: [(String, WrittenJSON)] = [("like", .value(shape.example))]
        if !rules.isEmpty { members.append(("rules", .object(rules))) }
        if shape.allowsExtraKeys { members.append(("allowsExtraKeys", .bool(true))) }
        if !shape.wildcardsJudgeExtraKeys { members.append(("wildcardsJudgeExtraKeys", .bool(false))) }
        return .object(members)
    }

    static func rule(_ rule: ShapeRule) throws(Unwritable) -> WrittenJSON {
        func one(_ key: String, _ value: WrittenJSON) -> WrittenJSON { .object([(key, value)]) }
        switch rule {
        case .equality: return .string("equality")
        case .regex(let pattern): return one("regex", .string(pattern.source))
        case .type(nil, nil): return .string("type")
        case .type(let min, let max):
            var bounds: [(String, WrittenJSON)] = []
            if let min { bounds.append(("min", .number(Double(min)))) }
            if let max { bounds.append(("max", .number(Double(max)))) }
            return one("type", .object(bounds))
        case .include(let text): return one("include", .string(text))
        case .number: return .string("number")
        case .integer: return .string("integer")
        case .decimal: return .string("decimal")
        case .boolean: return .string("boolean")
        case .null: return .string("null")
        case .dateTime(let kind, nil): return .string(kind.rawValue)
        case .dateTime(let kind, let format?): return one(kind.rawValue, .string(format))
        case .contentType(let type): return one("contentType", .string(type))
        case .values: return .string("values")
        case .notEmpty: return .string("notEmpty")
        case .semver: return .string("semver")
        case .eachKey(let rules), .eachValue(let rules):
            var written: [WrittenJSON] = []
            for inner in rules { written.append(try self.rule(inner)) }
            if case .eachKey = rule { return one("eachKey", .array(written)) }
            return one("eachValue", .array(written))
        case .arrayContains:
            throw Unwritable("its body shape has an arrayContains rule, which has no spec-file form yet")
        }
    }
}
