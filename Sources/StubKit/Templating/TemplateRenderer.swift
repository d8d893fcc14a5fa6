import Foundation

/// A failure while rendering that WireMock answers with a `500` (an unknown
/// helper, a Java exception inside one): the answer names it.
public struct TemplateRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// Renders parsed template nodes against a model, as Handlebars.java does
/// for WireMock: names are looked up in the current context and then in
/// every enclosing one, then among the variables helpers assigned.
struct TemplateRenderer {
    /// One context: the value `this` names, block parameters and `@` data.
    struct Frame {
        var this: TemplateValue
        var blockParams: [String: TemplateValue] = [:]
        var data: [String: TemplateValue] = [:]
    }

    var frames: [Frame]
    /// Variables set by `assign`, `regexExtract`, `formData`, `parseJson`.
    var variables: [String: TemplateValue] = [:]
    var environment: TemplateEnvironment
    /// JSON texts parsed so far (`jsonPath` of `request.body` three times parses it once).
    private var parsedJSON: [String: (value: JSONValue, hints: JSONHints)] = [:]

    /// `text` as JSON with its hints, parsed once per rendering; `nil` when it is not JSON.
    mutating func json(_ text: String) -> (value: JSONValue, hints: JSONHints)? {
        if let known = parsedJSON[text] { return known }
        guard let document = try? LocatedJSON(Data(text.utf8)) else { return nil }
        let parsed = (document.root, JSONHints(document))
        parsedJSON[text] = parsed
        return parsed
    }

    init(model: TemplateValue, environment: TemplateEnvironment) {
        frames = [Frame(this: model)]
        self.environment = environment
    }

    // MARK: Nodes

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateRenderError) -> String {
        var output = ""
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .mustache(let call, let escaped, let at):
                let value = try evaluate(call, at: at, asMustache: true)
                if case .safe(let text) = value { output += text } else { output += escaped ? Self.escapeHTML(value.rendered) : value.rendered }
            case .block(let block):
                output += try render(block)
            case .partial(let name, let at):
                throw TemplateRenderError("inline@\(at): The partial '\(name).hbs' could not be found")
            }
        }
        return output
    }

    /// A block: a helper's, or a section over a value (a list repeats, a
    /// truthy value becomes the context, a falsy one renders the inverse).
    private mutating func render(_ block: TemplateBlock) throws(TemplateRenderError) -> String {
        if let name = block.call.helperName, let helper = TemplateHelpers.table[name] {
            var arguments = try self.arguments(block.call, at: block.at)
            arguments.block = block
            return try helper(&self, arguments).rendered
        }
        guard block.call.params.isEmpty, block.call.hash.isEmpty else {
            throw TemplateRenderError("inline@\(block.at): could not find helper: '\(block.call.helperName ?? "?")'")
        }
        let value = try evaluate(block.call.head, at: block.at)
        if let items = value.iterated, case .list = value {
            return try each(items, block: block)
        }
        guard value.isTruthy else { return try renderInverse(block) }
        return try renderBody(block, this: value)
    }

    /// The block's body with `this` as the context.
    mutating func renderBody(_ block: TemplateBlock, this: TemplateValue, params: [TemplateValue] = [],
                             data: [String: TemplateValue] = [:]) throws(TemplateRenderError) -> String {
        var frame = Frame(this: this, data: data)
        for (name, value) in zip(block.blockParams, params) { frame.blockParams[name] = value }
        frames.append(frame)
        defer { frames.removeLast() }
        return try render(block.body)
    }

    /// The block's inverse (`{{else}}`), in the current context; `""` when it has none.
    mutating func renderInverse(_ block: TemplateBlock) throws(TemplateRenderError) -> String {
        try block.inverse.map { nodes throws(TemplateRenderError) in try render(nodes) } ?? ""
    }

    /// `each`'s walk: `this`, `@index`, `@key`, `@first`, `@last` and block parameters per item.
    mutating func each(_ items: [(key: String?, value: TemplateValue)], block: TemplateBlock) throws(TemplateRenderError) -> String {
        guard !items.isEmpty else { return try renderInverse(block) }
        var output = ""
        for (offset, item) in items.enumerated() {
            // Handlebars.java's `@first`/`@last` render `first`/`last` (else nothing); `@even`/`@odd` likewise.
            var data: [String: TemplateValue] = [
                "index": .integer(offset), "first": .text(offset == 0 ? "first" : ""), "last": .text(offset == items.count - 1 ? "last" : ""),
                "even": .text(offset % 2 == 0 ? "even" : ""), "odd": .text(offset % 2 == 1 ? "odd" : ""),
            ]
            if let key = item.key { data["key"] = .text(key) }
            let params: [TemplateValue] = [item.value, item.key.map(TemplateValue.text) ?? .integer(offset)]
            output += try renderBody(block, this: item.value, params: params, data: data)
        }
        return output
    }

    // MARK: Expressions

    /// A call's value: a helper's result, or (no arguments) a path's or literal's.
    mutating func evaluate(_ call: TemplateCall, at: TemplatePosition, asMustache: Bool = false) throws(TemplateRenderError) -> TemplateValue {
        if let name = call.helperName, let helper = TemplateHelpers.table[name] {
            let arguments = try self.arguments(call, at: at)
            return try helper(&self, arguments)
        }
        guard call.params.isEmpty, call.hash.isEmpty else {
            throw TemplateRenderError("inline@\(at): could not find helper: '\(call.helperName ?? "\(call.head)")'")
        }
        return try evaluate(call.head, at: at)
    }

    mutating func evaluate(_ expression: TemplateExpression, at: TemplatePosition) throws(TemplateRenderError) -> TemplateValue {
        switch expression {
        case .string(let text): return .text(text)
        case .integer(let value): return .integer(value)
        case .decimal(let value): return .decimal(value)
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .subexpression(let call):
            guard let name = call.helperName, TemplateHelpers.table[name] != nil else {
                throw TemplateRenderError("inline@\(at): could not find helper: '\(call.helperName ?? "\(call.head)")'")
            }
            return try evaluate(call, at: at)
        case .path(let path): return resolve(path)
        }
    }

    /// The arguments of a helper call, evaluated.
    private mutating func arguments(_ call: TemplateCall, at: TemplatePosition) throws(TemplateRenderError) -> HelperArguments {
        var params: [TemplateValue] = []
        for param in call.params { params.append(try evaluate(param, at: at)) }
        var hash: [String: TemplateValue] = [:]
        for (key, value) in call.hash { hash[key] = try evaluate(value, at: at) }
        return HelperArguments(name: call.helperName ?? "", params: params, hash: hash, at: at)
    }

    /// A path's value: `@` data, block parameters, then the contexts from the
    /// innermost out, then assigned variables; `.missing` when nothing has it.
    func resolve(_ path: TemplatePath) -> TemplateValue {
        let start = max(0, frames.count - 1 - path.depth)
        if path.isData {
            guard let first = path.segments.first else { return .missing }
            if first == "root" { return walk(frames[0].this, path.segments.dropFirst()) }
            for frame in frames[...start].reversed() {
                if let value = frame.data[first] { return walk(value, path.segments.dropFirst()) }
            }
            return .missing
        }
        guard let first = path.segments.first else { return frames[start].this }
        if path.startsAtThis { return walk(frames[start].this, path.segments[...]) }
        for frame in frames[...start].reversed() {
            if let value = frame.blockParams[first] { return walk(value, path.segments.dropFirst()) }
            let found = frame.this.member(first)
            if case .missing = found { continue }
            return walk(found, path.segments.dropFirst())
        }
        if let value = variables[first] { return walk(value, path.segments.dropFirst()) }
        return .missing
    }

    private func walk(_ value: TemplateValue, _ segments: ArraySlice<String>) -> TemplateValue {
        segments.reduce(value) { $0.member($1) }
    }

    /// HTML escaping as Handlebars.java 4.3.1 does it: `& < > " ' ` =`.
    static func escapeHTML(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'`=".contains($0) }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.count + 16)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#x27;"
            case "`": escaped += "&#x60;"
            case "=": escaped += "&#x3D;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// What a helper is called with: its evaluated arguments and, for a block, the block.
struct HelperArguments {
    var name: String
    var params: [TemplateValue]
    var hash: [String: TemplateValue]
    var at: TemplatePosition
    var block: TemplateBlock?

    /// The positional argument `index`, or `.missing`.
    func param(_ index: Int) -> TemplateValue { params.indices.contains(index) ? params[index] : .missing }

    /// A `key=` argument's text, or `nil`.
    func text(_ key: String) -> String? {
        guard let value = hash[key] else { return nil }
        if case .missing = value { return nil }
        return value.rendered
    }
}
