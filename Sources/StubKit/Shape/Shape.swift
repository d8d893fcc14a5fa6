public import Foundation

/// An example JSON value plus Pact matching rules by path: what a body must
/// look like rather than what it must equal. One engine for both directions:
/// it matches requests when a server picks a stub and checks responses when
/// a provider is verified.
///
/// Without rules a value must equal the example: same keys (or, with
/// ``allowsExtraKeys``, at least them), same array lengths and order, same
/// types and values. A rule at a path governs that value and everything
/// beneath it until a deeper rule applies (``ShapePath/weight(against:)``
/// picks among several; `equality` resets). A rule on an array itself, or on
/// its elements (`[*]`), makes the first example element the template every
/// actual element is judged by, its length free apart from `min`/`max`; a
/// rule on an object's members (`.*`) judges every actual member, the
/// example's own or not.
public struct Shape: Sendable, Hashable, CustomStringConvertible {
    /// The example value.
    public var example: JSONValue
    /// The rules, each at its path.
    public var rules: [ShapePathRules]
    /// Whether an actual object may have keys the example lacks (Pact allows
    /// them in responses, not in requests).
    public var allowsExtraKeys: Bool
    /// Whether a rule on every member (`.*`) also judges members the example
    /// lacks (Pact V3 and later), or only the example's own (V2).
    public var wildcardsJudgeExtraKeys: Bool
    /// Which of the example's numbers its text wrote as decimals, when the
    /// example came from a text that says (a pact): then a number compared
    /// by equality must also be written alike, `40` is not `40.0`, as the
    /// Pact tools judge. `nil`: by value.
    package var exampleDecimals: JSONDecimals?

    /// Creates a shape.
    public init(example: JSONValue, rules: [ShapePathRules] = [], allowsExtraKeys: Bool = false, wildcardsJudgeExtraKeys: Bool = true) {
        self.example = example
        self.rules = rules
        self.allowsExtraKeys = allowsExtraKeys
        self.wildcardsJudgeExtraKeys = wildcardsJudgeExtraKeys
    }

    /// Every way `actual` differs from the shape; empty when it matches.
    /// An `integer` or `decimal` rule judges a number by its value here (`40`
    /// and `40.0` are the same value); ``mismatches(json:)`` knows how each
    /// was written.
    public func mismatches(_ actual: JSONValue) -> [ShapeMismatch] {
        mismatches(actual, spelling: NumberSpelling(decimals: nil))
    }

    /// Every way the JSON text `data` differs from the shape, or `nil` when it
    /// is not JSON. As Pact's matchers do, a number written with a fraction or
    /// an exponent (`40.0`, `4e1`) is a decimal and not an integer, whatever
    /// its value.
    public func mismatches(json data: Data) -> [ShapeMismatch]? {
        guard let (value, decimals) = try? LocatedJSON.valueAndDecimals(data) else { return nil }
        return mismatches(value, spelling: NumberSpelling(decimals: decimals))
    }

    /// Whether `actual` matches.
    public func matches(_ actual: JSONValue) -> Bool { mismatches(actual).isEmpty }

    /// Whether the JSON text `data` matches (see ``mismatches(json:)``).
    public func matches(json data: Data) -> Bool { mismatches(json: data)?.isEmpty ?? false }

    func mismatches(_ actual: JSONValue, spelling: NumberSpelling) -> [ShapeMismatch] {
        var found: [ShapeMismatch] = []
        compare(example, actual, at: [], spelling: spelling, into: &found)
        return found
    }

    /// Why the shape cannot work (a path that does not parse, a bad regex), or `nil`.
    public var problem: String? {
        var found: [String] = []
        for rule in rules {
            if let problem = rule.path.problem { found.append(problem) }
            for case .regex(let pattern) in rule.set.rules { if let problem = pattern.problem { found.append(problem) } }
        }
        return found.isEmpty ? nil : found.joined(separator: "; ")
    }

    /// `shape of {…} (2 rules)`.
    public var description: String {
        "shape of \(example)" + (rules.isEmpty ? "" : " (" + rules.map { "\($0.path): \($0.set.rules.map(\.description).joined(separator: ", "))" }.joined(separator: "; ") + ")")
    }

    // MARK: The walk

    /// The rule set governing the value at `path`: the highest-weighted path
    /// that names it or an ancestor (the longer path on a tie); `nil` for
    /// plain equality.
    func governing(_ path: [ShapePath.Step]) -> ShapeRuleSet? {
        var best: (weight: Int, length: Int, set: ShapeRuleSet)?
        for rule in rules {
            let weight = rule.path.weight(against: path)
            guard weight > 0 else { continue }
            if best == nil || weight > best!.weight || (weight == best!.weight && rule.path.steps.count > best!.length) {
                best = (weight, rule.path.steps.count, rule.set)
            }
        }
        guard let set = best?.set, !set.isEquality else { return nil }
        return set
    }

    /// The example's value at `path` (the spelling of what is compared with
    /// another example value, such as a template element, is not known).
    private func example(at path: [ShapePath.Step]) -> JSONValue? {
        var value = example
        for step in path {
            switch (step, value) {
            case (.key(let key), .object(let members)): guard let member = members[key] else { return nil }; value = member
            case (.index(let index), .array(let items)): guard items.indices.contains(index) else { return nil }; value = items[index]
            default: return nil
            }
        }
        return value
    }

    /// Whether a rule names exactly the value at `path` (not an ancestor).
    private func namesExactly(_ path: [ShapePath.Step]) -> Bool {
        rules.contains { $0.path.steps.count == path.count && $0.path.weight(against: path) > 0 && !$0.set.isEquality }
    }

    private func compare(
        _ expected: JSONValue, _ actual: JSONValue, at path: [ShapePath.Step], spelling: NumberSpelling, into found: inout [ShapeMismatch]
    ) {
        let set = governing(path)
        switch (expected, actual) {
        case (.array(let wanted), .array(let got)):
            compareArrays(wanted, got, set: set, at: path, spelling: spelling, into: &found)
        case (.object(let wanted), .object(let got)):
            compareObjects(wanted, got, set: set, at: path, spelling: spelling, into: &found)
        default:
            if let set {
                if let problem = set.problem(expected: expected, actual: actual, writtenAsDecimal: spelling.isDecimal(actual, at: path)) {
                    found.append(ShapeMismatch(path, problem))
                }
            } else if !ShapeRule.sameValue(expected, actual) {
                let kinds = ShapeRule.kind(of: expected) == ShapeRule.kind(of: actual) ? "" : " (\(ShapeRule.kind(of: actual)) instead of \(ShapeRule.kind(of: expected)))"
                found.append(ShapeMismatch(path, "expected \(expected), got \(actual)\(kinds)"))
            } else if case .number(let number) = expected, let exampleDecimals, let pointer = spelling.pointer(path),
                      let written = spelling.isDecimal(actual, at: path), exampleDecimals.contains(pointer) != written,
                      example(at: path) == expected {
                let decimal = number.description, integer = actual.description
                found.append(ShapeMismatch(path, written ? "expected \(integer) (an integer), got \(decimal) (a decimal)"
                                                         : "expected \(decimal) (a decimal), got \(integer) (an integer)"))
            }
        }
    }

    private func compareArrays(
        _ wanted: [JSONValue], _ got: [JSONValue], set: ShapeRuleSet?, at path: [ShapePath.Step], spelling: NumberSpelling,
        into found: inout [ShapeMismatch]
    ) {
        if let set {
            let (low, high) = set.lengthBounds
            if let low, got.count < low { found.append(ShapeMismatch(path, "expected at least \(low) elements, got \(got.count)")) }
            if let high, got.count > high { found.append(ShapeMismatch(path, "expected at most \(high) elements, got \(got.count)")) }
            for case .arrayContains(let variants) in set.rules {
                for variant in variants where variant.index < wanted.count {
                    var inner = Shape(example: wanted[variant.index], rules: variant.rules, allowsExtraKeys: allowsExtraKeys,
                                      wildcardsJudgeExtraKeys: wildcardsJudgeExtraKeys)
                    inner.exampleDecimals = spelling.pointer(path + [.index(variant.index)]).flatMap { exampleDecimals?.within($0) }
                    let matched = got.indices.contains { index in
                        inner.mismatches(got[index], spelling: spelling.within(path + [.index(index)])).isEmpty
                    }
                    if !matched {
                        found.append(ShapeMismatch(path, "no element matches variant \(variant.index) (\(wanted[variant.index]))"))
                    }
                }
                return
            }
            for case .eachValue(let rules) in set.rules {
                let each = ShapeRuleSet(rules)
                for (index, item) in got.enumerated() {
                    let decimal = spelling.isDecimal(item, at: path + [.index(index)])
                    if let problem = each.problem(expected: wanted.first ?? item, actual: item, writtenAsDecimal: decimal) {
                        found.append(ShapeMismatch(path + [.index(index)], problem))
                    }
                }
            }
        }
        let templated = namesExactly(path) || namesExactly(path + [.index(0)])
        if templated {
            guard let template = wanted.first else { return }
            for (index, item) in got.enumerated() { compare(template, item, at: path + [.index(index)], spelling: spelling, into: &found) }
            return
        }
        for (index, item) in wanted.enumerated() {
            guard index < got.count else {
                found.append(ShapeMismatch(path + [.index(index)], "expected \(item), but the list has only \(got.count) elements"))
                continue
            }
            compare(item, got[index], at: path + [.index(index)], spelling: spelling, into: &found)
        }
        if got.count > wanted.count {
            found.append(ShapeMismatch(path, "expected \(wanted.count) elements, got \(got.count) (unexpected \(got[wanted.count]))"))
        }
    }

    private func compareObjects(
        _ wanted: [String: JSONValue], _ got: [String: JSONValue], set: ShapeRuleSet?, at path: [ShapePath.Step],
        spelling: NumberSpelling, into found: inout [ShapeMismatch]
    ) {
        let exact = namesExactly(path)
        if let set, exact {
            var handled = false
            for rule in set.rules {
                switch rule {
                case .eachKey(let rules):
                    handled = true
                    for key in got.keys.sorted() {
                        if let problem = ShapeRuleSet(rules).problem(expected: .string(key), actual: .string(key)) {
                            found.append(ShapeMismatch(path + [.key(key)], "key: " + problem))
                        }
                    }
                case .eachValue(let rules):
                    handled = true
                    let template = wanted.values.first
                    for key in got.keys.sorted() {
                        let value = got[key]!
                        let decimal = spelling.isDecimal(value, at: path + [.key(key)])
                        if let problem = ShapeRuleSet(rules).problem(expected: wanted[key] ?? template ?? value, actual: value, writtenAsDecimal: decimal) {
                            found.append(ShapeMismatch(path + [.key(key)], problem))
                        }
                    }
                case .values:
                    handled = true
                    guard let template = wanted.values.first else { continue }
                    for key in got.keys.sorted() {
                        compare(wanted[key] ?? template, got[key]!, at: path + [.key(key)], spelling: spelling, into: &found)
                    }
                default:
                    continue
                }
            }
            if handled { return }
        }
        // A rule on every member (`.*`) judges each actual member, the example's or not.
        let everyMember = rules.contains { rule in
            rule.path.steps.count == path.count + 1 && rule.path.steps.last == .any
                && rule.path.weight(against: path + [.any]) > 0 && !rule.set.isEquality
        }
        if everyMember {
            let template = wanted.values.first
            for key in got.keys.sorted() {
                guard let example = wanted[key] ?? (wildcardsJudgeExtraKeys ? template : nil) else { continue }
                compare(example, got[key]!, at: path + [.key(key)], spelling: spelling, into: &found)
            }
            for key in wanted.keys.sorted() where got[key] == nil {
                found.append(ShapeMismatch(path + [.key(key)], "expected \(wanted[key]!), but the key is missing"))
            }
            return
        }
        for key in wanted.keys.sorted() {
            guard let value = got[key] else {
                found.append(ShapeMismatch(path + [.key(key)], "expected \(wanted[key]!), but the key is missing"))
                continue
            }
            compare(wanted[key]!, value, at: path + [.key(key)], spelling: spelling, into: &found)
        }
        if !allowsExtraKeys {
            for key in got.keys.sorted() where wanted[key] == nil {
                found.append(ShapeMismatch(path + [.key(key)], "unexpected key with \(got[key]!)"))
            }
        }
    }
}

/// How the numbers of an actual JSON text were written: the JSON pointers of
/// those written with a fraction or an exponent, rooted at `base`; `nil`
/// when the value came without its text.
struct NumberSpelling {
    var decimals: JSONDecimals?
    var base: [ShapePath.Step] = []

    /// Whether the number at `path` was written as a decimal; `nil` when not
    /// known or `value` is not a number.
    func isDecimal(_ value: JSONValue, at path: [ShapePath.Step]) -> Bool? {
        guard let decimals, case .number = value, let pointer = pointer(base + path) else { return nil }
        return decimals.contains(pointer)
    }

    /// The JSON pointer of `path` (`/lines/0/price`); `nil` for a wildcard.
    func pointer(_ path: [ShapePath.Step]) -> String? {
        var pointer = ""
        for step in path {
            switch step {
            case .key(let key): pointer += "/" + LocatedJSON.escape(key)
            case .index(let index): pointer += "/\(index)"
            case .any: return nil
            }
        }
        return pointer
    }

    /// The spelling of the value at `path`, for a shape rooted there.
    func within(_ path: [ShapePath.Step]) -> NumberSpelling { NumberSpelling(decimals: decimals, base: base + path) }
}

/// One way a value differs from a ``Shape``: where, and what.
public struct ShapeMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The actual value's path, `$.items[2].id`.
    public var path: String
    /// What is wrong.
    public var message: String

    init(_ steps: [ShapePath.Step], _ message: String) {
        self.path = ShapePath(steps: steps).source
        self.message = message
    }

    /// `$.items[2].id: expected a number, got "7"`.
    public var description: String { "\(path): \(message)" }
}
