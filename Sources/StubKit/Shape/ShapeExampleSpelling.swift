/// How a shape's example writes its whole numbers: `10` is an integer to the
/// Pact tools and `10.0` a decimal, so an example whose rule asks for a
/// decimal is written `10.0`, or the pact would contradict itself (a Pact
/// stub serving it answers `10`, which its own `decimal` rule refuses).
extension Shape {
    /// The pointers of the example's whole numbers that the rules governing
    /// them (their own path's, an ancestor's, or a parent's `eachValue`)
    /// refuse written as integers and take written as decimals.
    package var decimalsTheRulesWant: JSONDecimals {
        guard rules.contains(where: { $0.set.rules.contains(where: Self.mayWantADecimal) }) else { return .none }
        var found: Set<String> = []
        walk(example, at: [], pointer: "", each: nil, into: &found)
        return JSONDecimals(pointers: found)
    }

    private static func mayWantADecimal(_ rule: ShapeRule) -> Bool {
        switch rule {
        case .decimal: return true
        case .eachValue(let rules): return rules.contains(where: mayWantADecimal)
        default: return false
        }
    }

    /// Records the numbers under `value`; `each` is its parent's `eachValue` rules.
    private func walk(_ value: JSONValue, at path: [ShapePath.Step], pointer: String, each: ShapeRuleSet?, into found: inout Set<String>) {
        let set = governing(path)
        switch value {
        case .number(let number):
            guard number.isFinite, number.rounded(.towardZero) == number else { return }
            if [set, each].contains(where: { $0.map { Self.wantsADecimal($0, number) } ?? false }) { found.insert(pointer) }
        case .array(let items):
            let children = eachValue(set)
            for (index, item) in items.enumerated() {
                walk(item, at: path + [.index(index)], pointer: pointer + "/\(index)", each: children, into: &found)
            }
        case .object(let members):
            let children = eachValue(set)
            for (key, member) in members {
                walk(member, at: path + [.key(key)], pointer: pointer + "/" + LocatedJSON.escape(key), each: children, into: &found)
            }
        case .string, .bool, .null: break
        }
    }

    private func eachValue(_ set: ShapeRuleSet?) -> ShapeRuleSet? {
        let rules = set?.rules.flatMap { rule -> [ShapeRule] in
            if case .eachValue(let rules) = rule { return rules }
            return []
        } ?? []
        return rules.isEmpty ? nil : ShapeRuleSet(rules)
    }

    private static func wantsADecimal(_ set: ShapeRuleSet, _ number: Double) -> Bool {
        set.problem(expected: .number(number), actual: .number(number), writtenAsDecimal: false) != nil
            && set.problem(expected: .number(number), actual: .number(number), writtenAsDecimal: true) == nil
    }
}
