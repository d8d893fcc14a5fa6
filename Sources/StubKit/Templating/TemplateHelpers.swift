import Foundation

/// Every helper WireMock 2.35.1 registers, by name. A helper gets the
/// renderer (to render its block, set variables, draw random values) and
/// its evaluated arguments, and returns a value; a Java exception WireMock
/// would answer `500` with is a thrown ``TemplateRenderError``.
enum TemplateHelpers {
    typealias Helper = @Sendable (inout TemplateRenderer, HelperArguments) throws(TemplateRenderError) -> TemplateValue

    static let table: [String: Helper] = {
        var table: [String: Helper] = [:]
        for (name, helper) in builtIns { table[name] = helper }
        for (name, helper) in conditionals { table[name] = helper }
        for (name, helper) in TemplateStringHelpers.table { table[name] = helper }
        for (name, helper) in TemplateDataHelpers.table { table[name] = helper }
        for (name, helper) in TemplateDateHelpers.table { table[name] = helper }
        return table
    }()

    /// `[ERROR: message]`, as WireMock's own helpers answer their misuse (status unchanged).
    static func inlineError(_ message: String) -> TemplateValue { .text("[ERROR: \(message)]") }

    // MARK: Handlebars' own

    static let builtIns: [String: Helper] = [
        "if": { renderer, arguments throws(TemplateRenderError) in
            try conditional(&renderer, arguments, arguments.param(0).isTruthy)
        },
        "unless": { renderer, arguments throws(TemplateRenderError) in
            try conditional(&renderer, arguments, !arguments.param(0).isTruthy)
        },
        "with": { renderer, arguments throws(TemplateRenderError) in
            guard let block = arguments.block else { return .missing }
            let value = arguments.param(0)
            guard value.isTruthy else { return .safe(try renderer.renderInverse(block)) }
            return .safe(try renderer.renderBody(block, this: value, params: [value]))
        },
        "each": { renderer, arguments throws(TemplateRenderError) in
            guard let block = arguments.block else { return .missing }
            let items = arguments.param(0).iterated ?? []
            return .safe(try renderer.each(items, block: block))
        },
        "lookup": { _, arguments throws(TemplateRenderError) in
            // A key is a name, or else a dotted path (`'ids[].1'`: the second value of `ids[]`).
            let key = arguments.param(1).rendered, container = arguments.param(0)
            let direct = container.member(key)
            if case .missing = direct, key.contains(".") {
                return key.split(separator: ".").reduce(container) { $0.member(String($1)) }
            }
            return direct
        },
        "log": { _, _ throws(TemplateRenderError) in .safe("") },
    ]

    /// `if`/`unless`: the body or the inverse as a block; the test as a value inline.
    private static func conditional(_ renderer: inout TemplateRenderer, _ arguments: HelperArguments, _ passes: Bool) throws(TemplateRenderError) -> TemplateValue {
        guard let block = arguments.block else { return .bool(passes) }
        return .safe(passes ? try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this) : try renderer.renderInverse(block))
    }

    // MARK: Comparisons (Handlebars.java ConditionalHelpers)

    static let conditionals: [String: Helper] = [
        "eq": comparison { javaEquals($0, $1) },
        "neq": comparison { !javaEquals($0, $1) },
        "gt": comparison { compare($0, $1).map { $0 > 0 } ?? false },
        "gte": comparison { compare($0, $1).map { $0 >= 0 } ?? false },
        "lt": comparison { compare($0, $1).map { $0 < 0 } ?? false },
        "lte": comparison { compare($0, $1).map { $0 <= 0 } ?? false },
        "and": { renderer, arguments throws(TemplateRenderError) in
            try choose(&renderer, arguments, !arguments.params.isEmpty && arguments.params.allSatisfy(\.isTruthy))
        },
        "or": { renderer, arguments throws(TemplateRenderError) in
            try choose(&renderer, arguments, arguments.params.contains(where: \.isTruthy))
        },
        "not": { renderer, arguments throws(TemplateRenderError) in
            try choose(&renderer, arguments, !arguments.param(0).isTruthy)
        },
    ]

    private static func comparison(_ test: @escaping @Sendable (TemplateValue, TemplateValue) -> Bool) -> Helper {
        { renderer, arguments throws(TemplateRenderError) in
            try choose(&renderer, arguments, test(arguments.param(0), arguments.param(1)))
        }
    }

    /// A comparison's result: `true`/`false` inline; as a block its body or its `{{else}}`.
    private static func choose(_ renderer: inout TemplateRenderer, _ arguments: HelperArguments, _ result: Bool) throws(TemplateRenderError) -> TemplateValue {
        guard let block = arguments.block else { return .bool(result) }
        return .safe(result ? try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this) : try renderer.renderInverse(block))
    }

    /// Java's `equals` as the comparison helpers use it: numbers by value
    /// (`1` equals `1.0`), text by text, a value list only to a list, an
    /// enum (`request.method`) to nothing but itself.
    static func javaEquals(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.missing, .missing), (.null, .null), (.missing, .null), (.null, .missing): return true
        case (.opaque(let x), .opaque(let y)): return x == y
        case (.opaque, _), (_, .opaque): return false
        case (.values(let x), .values(let y)): return x == y
        case (.values, _), (_, .values): return false
        case (.bool(let x), .bool(let y)): return x == y
        case (.integer, .integer), (.decimal, .decimal), (.integer, .decimal), (.decimal, .integer): return a.number == b.number
        case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy { javaEquals($0, $1) }
        default:
            guard a.isTextual, b.isTextual else { return false }
            return a.rendered == b.rendered
        }
    }

    /// Java `compareTo`: numbers by value, text by text (`'10'` < `'9'`); `nil` when they do not compare.
    static func compare(_ a: TemplateValue, _ b: TemplateValue) -> Int? {
        if a.isNumeric, b.isNumeric, let x = a.number, let y = b.number { return x < y ? -1 : (x > y ? 1 : 0) }
        guard a.isTextual, b.isTextual else { return nil }
        let x = a.rendered, y = b.rendered
        return x < y ? -1 : (x > y ? 1 : 0)
    }
}

extension TemplateValue {
    var isNumeric: Bool {
        switch self {
        case .integer, .decimal: return true
        default: return false
        }
    }

    var isTextual: Bool {
        switch self {
        case .text, .safe, .segmented: return true
        default: return false
        }
    }
}
