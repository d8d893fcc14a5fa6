/// The parsed form of a response template: Handlebars as WireMock 2.35.1
/// speaks it (Handlebars.java 4.3.1). Values made once per stub by
/// ``TemplateParser`` and walked for every answer.
indirect enum TemplateNode: Sendable, Hashable {
    /// Text copied as it is.
    case text(String)
    /// `{{expression}}` (HTML-escaped) or `{{{expression}}}` / `{{&expression}}` (not).
    case mustache(TemplateCall, escaped: Bool, at: TemplatePosition)
    /// `{{#name …}}body{{else}}inverse{{/name}}`; an `{{else if …}}` chain is a
    /// block in the inverse. `{{^name}}…{{/name}}` is a block with an empty body.
    case block(TemplateBlock)
    /// `{{> partial}}`: Handlebars looks it up and WireMock has none, so rendering fails.
    case partial(String, at: TemplatePosition)
}

/// A block helper call and what it wraps.
struct TemplateBlock: Sendable, Hashable {
    var call: TemplateCall
    /// The names of `as |a b|`.
    var blockParams: [String]
    var body: [TemplateNode]
    /// What `{{else}}` introduces; `nil` when there is no `else`.
    var inverse: [TemplateNode]?
    var at: TemplatePosition
}

/// A helper with its arguments, or (no arguments) a path or a literal.
struct TemplateCall: Sendable, Hashable {
    var head: TemplateExpression
    var params: [TemplateExpression]
    var hash: [(key: String, value: TemplateExpression)]

    static func == (lhs: TemplateCall, rhs: TemplateCall) -> Bool {
        lhs.head == rhs.head && lhs.params == rhs.params
            && lhs.hash.map(\.key) == rhs.hash.map(\.key) && lhs.hash.map(\.value) == rhs.hash.map(\.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(params)
        for (key, value) in hash {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    /// The helper's name when the head is a plain one-segment path (`jsonPath`, `if`).
    var helperName: String? {
        guard case .path(let path) = head, path.depth == 0, !path.isData, path.segments.count == 1 else { return nil }
        return path.segments[0]
    }
}

/// An argument or a mustache's head.
indirect enum TemplateExpression: Sendable, Hashable {
    case path(TemplatePath)
    case string(String)
    case integer(Int)
    case decimal(Double)
    case bool(Bool)
    case null
    /// `(helper arg…)`.
    case subexpression(TemplateCall)
}

/// `request.query.id`, `this`, `../name`, `@index`, `@root.request`, `[X-Foo]`.
struct TemplatePath: Sendable, Hashable {
    /// How many `../` climb out of block contexts.
    var depth: Int
    /// Whether it starts with `@` (`@index`, `@key`, `@first`, `@last`, `@root`).
    var isData: Bool
    /// The segments after `this`/`.` are dropped (`this.name` is `name`).
    var segments: [String]
    /// Whether the path was written as `this` or `.` (alone or leading).
    var startsAtThis: Bool
}

/// Where a tag starts in the template: 1-based line and column.
struct TemplatePosition: Sendable, Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
}
