import Foundation

/// Why a template cannot be parsed, at its line and column inside the template.
public struct TemplateSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line inside the template.
    public var line: Int
    /// The 1-based column inside the template.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `template 2:7: … is not closed`.
    public var description: String { "template \(line):\(column): \(message)" }
}

/// Parses Handlebars as Handlebars.java 4.3.1 reads it for WireMock: only
/// the text from the first `{{` to the last `}}` is a template (the rest is
/// copied byte for byte), comments, `{{{raw}}}` and `{{&raw}}`, blocks with
/// `{{else}}` chains and block parameters, subexpressions, `key=value`
/// arguments, literals with backslash escapes, `~` whitespace control and
/// `\{{` escapes. No standalone-line trimming (WireMock turns it off).
struct TemplateParser {
    let text: [Character]
    var index = 0
    var line = 1
    var column = 1

    /// How many characters the template has.
    var textCount: Int { text.count }

    /// The character at `position`.
    func character(_ position: Int) -> Character { text[position] }

    init(_ source: String) {
        text = Array(source)
    }

    /// The nodes of `source`: the window parsed, the text around it kept.
    static func parse(_ source: String) throws(TemplateSyntaxError) -> [TemplateNode] {
        guard let open = source.range(of: "{{"), let close = source.range(of: "}}", options: .backwards),
              open.lowerBound < close.lowerBound else { return source.isEmpty ? [] : [.text(source)] }
        var parser = TemplateParser(String(source[..<close.upperBound]))
        // Positions count from the template's start: skip the text before the window.
        let before = String(source[..<open.lowerBound])
        parser.advance(over: before.count)
        var nodes: [TemplateNode] = before.isEmpty ? [] : [.text(before)]
        var stack: [OpenBlock] = []
        var current: [TemplateNode] = []
        try parser.parseNodes(into: &current, stack: &stack)
        if let unclosed = stack.last {
            throw TemplateSyntaxError(line: unclosed.at.line, column: unclosed.at.column,
                                      message: "{{#\(unclosed.name)}} is not closed: expected {{/\(unclosed.name)}} before the end")
        }
        nodes += current
        let after = String(source[close.upperBound...])
        if !after.isEmpty { nodes.append(.text(after)) }
        return Self.merged(nodes)
    }

    /// Adjacent text nodes joined.
    private static func merged(_ nodes: [TemplateNode]) -> [TemplateNode] {
        var result: [TemplateNode] = []
        for node in nodes {
            if case .text(let next) = node, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(node)
            }
        }
        return result
    }

    /// A block being read: its call, and the nodes of its body or its inverse so far.
    struct OpenBlock {
        var name: String
        var call: TemplateCall
        var blockParams: [String]
        var at: TemplatePosition
        var body: [TemplateNode]
        var inverse: [TemplateNode]?
        var inverted: Bool
        /// An `{{else if …}}` link: closed by its enclosing block's close tag.
        var isChainLink = false

        /// Where text and tags go now: the body, or the inverse after `{{else}}`.
        var currentPart: [TemplateNode] {
            get { inverse ?? body }
            set { if inverse != nil { inverse = newValue } else { body = newValue } }
        }

        mutating func startInverse() { inverse = inverse ?? [] }

        /// The block as parsed; `{{^name}}` has its nodes as the inverse.
        var finished: TemplateBlock {
            if inverted { return TemplateBlock(call: call, blockParams: blockParams, body: inverse ?? [], inverse: body, at: at) }
            return TemplateBlock(call: call, blockParams: blockParams, body: body, inverse: inverse, at: at)
        }
    }

    // MARK: Nodes

    private mutating func parseNodes(into nodes: inout [TemplateNode], stack: inout [OpenBlock]) throws(TemplateSyntaxError) {
        var pending = ""
        var trimNext = false
        func flush(_ nodes: inout [TemplateNode], trimEnd: Bool) {
            var textNow = pending
            if trimEnd { textNow = String(textNow.reversed().drop(while: \.isWhitespace).reversed()) }
            if !textNow.isEmpty { nodes.append(.text(textNow)) }
            pending = ""
        }
        while index < text.count {
            if peek("\\{{") {
                // An escaped mustache: `{{` and everything up to the next `{{` is text.
                advance(over: 1)
                pending += "{{"
                advance(over: 2)
                while index < text.count, !peek("{{") { pending.append(text[index]); advance(over: 1) }
                continue
            }
            guard peek("{{") else {
                let character = text[index]
                advance(over: 1)
                if trimNext, character.isWhitespace, pending.isEmpty { continue }
                trimNext = false
                pending.append(character)
                continue
            }
            trimNext = false
            let at = TemplatePosition(line: line, column: column)
            let tag = try readTag(at: at)
            var target = nodes
            // Text goes to the innermost open block's current part.
            if stack.isEmpty {
                flush(&target, trimEnd: tag.trimBefore)
                nodes = target
            } else {
                var part = stack[stack.count - 1].currentPart
                flush(&part, trimEnd: tag.trimBefore)
                stack[stack.count - 1].currentPart = part
            }
            trimNext = tag.trimAfter
            try apply(tag, at: at, nodes: &nodes, stack: &stack)
        }
        if stack.isEmpty {
            flush(&nodes, trimEnd: false)
        } else {
            var part = stack[stack.count - 1].currentPart
            flush(&part, trimEnd: false)
            stack[stack.count - 1].currentPart = part
        }
    }

    private mutating func apply(_ tag: Tag, at: TemplatePosition, nodes: inout [TemplateNode], stack: inout [OpenBlock]) throws(TemplateSyntaxError) {
        func append(_ node: TemplateNode) {
            if stack.isEmpty { nodes.append(node) } else { stack[stack.count - 1].currentPart.append(node) }
        }
        switch tag.kind {
        case .comment, .raw:
            return
        case .mustache(let call, let escaped):
            append(.mustache(call, escaped: escaped, at: at))
        case .partial(let name):
            append(.partial(name, at: at))
        case .open(let call, let params, let inverted):
            let name = call.helperName ?? "\(call.head)"
            stack.append(OpenBlock(name: name, call: call, blockParams: params, at: at, body: [], inverse: nil, inverted: inverted))
        case .else(let chained):
            guard !stack.isEmpty else { throw TemplateSyntaxError(line: at.line, column: at.column, message: "{{else}} outside a block") }
            if let chained {
                // `{{else if x}}`: a nested block that the enclosing one's close also closes.
                stack[stack.count - 1].startInverse()
                let name = chained.helperName ?? "\(chained.head)"
                var link = OpenBlock(name: name, call: chained, blockParams: [], at: at, body: [], inverse: nil, inverted: false)
                link.isChainLink = true
                stack.append(link)
            } else {
                guard stack[stack.count - 1].inverse == nil else {
                    throw TemplateSyntaxError(line: at.line, column: at.column, message: "a second {{else}} in {{#\(stack[stack.count - 1].name)}}")
                }
                stack[stack.count - 1].startInverse()
            }
        case .close(let name):
            // Close the chain links, then the block they belong to.
            while let last = stack.last, last.isChainLink {
                let link = stack.removeLast()
                guard !stack.isEmpty else { break }
                stack[stack.count - 1].currentPart.append(.block(link.finished))
            }
            guard let open = stack.popLast() else {
                throw TemplateSyntaxError(line: at.line, column: at.column, message: "{{/\(name)}} closes no block")
            }
            guard open.name == name else {
                throw TemplateSyntaxError(line: at.line, column: at.column,
                                          message: "{{/\(name)}} closes {{#\(open.name)}} (opened at \(open.at)): expected {{/\(open.name)}}")
            }
            append(.block(open.finished))
        }
    }

    // MARK: Tags

    private enum TagKind {
        case comment, raw
        case mustache(TemplateCall, escaped: Bool)
        case partial(String)
        case open(TemplateCall, blockParams: [String], inverted: Bool)
        case `else`(TemplateCall?)
        case close(String)
    }

    private struct Tag {
        var kind: TagKind
        var trimBefore: Bool
        var trimAfter: Bool
    }

    private mutating func readTag(at: TemplatePosition) throws(TemplateSyntaxError) -> Tag {
        if peek("{{{{") { return try readRawBlock(at: at) }
        if peek("{{!--") || peek("{{~!--") {
            let trimBefore = peek("{{~")
            guard let end = find("--}}", from: index) ?? find("--~}}", from: index) else { throw error(at, "a {{!-- comment is not closed with --}}") }
            let trimAfter = text[end + 2] == "~"
            advance(over: end - index + (trimAfter ? 5 : 4))
            return Tag(kind: .comment, trimBefore: trimBefore, trimAfter: trimAfter)
        }
        let triple = peek("{{{")
        advance(over: triple ? 3 : 2)
        let trimBefore = consume("~")
        if !triple, consume("!") {
            guard let end = find("}}", from: index) else { throw error(at, "a {{! comment is not closed with }}") }
            let trimAfter = end > 0 && text[end - 1] == "~"
            advance(over: end - index + 2)
            return Tag(kind: .comment, trimBefore: trimBefore, trimAfter: trimAfter)
        }
        skipSpace()
        let sigil: Character? = triple ? nil : ["#", "/", "^", "&", ">"].first(where: { consume($0) })
        skipSpace()
        var kind: TagKind
        switch sigil {
        case "/":
            let name = readWord()
            guard !name.isEmpty else { throw error(at, "{{/}} needs the name of the block it closes") }
            kind = .close(name)
        case ">":
            kind = .partial(readWord())
        case "^" where peekClose():
            kind = .else(nil)
        case "#", "^":
            let call = try readCall(at: at)
            let params = try readBlockParams(at: at)
            kind = .open(call, blockParams: params, inverted: sigil == "^")
        default:
            if !triple, sigil == nil, peekWord("else") {
                advance(over: 4)
                skipSpace()
                kind = peekClose() ? .else(nil) : .else(try readCall(at: at))
            } else {
                let call = try readCall(at: at)
                kind = .mustache(call, escaped: !triple && sigil != "&")
            }
        }
        skipSpace()
        let trimAfter = consume("~")
        guard consume(triple ? "}}}" : "}}") else {
            throw error(TemplatePosition(line: line, column: column), "expected \(triple ? "}}}" : "}}") to close the tag opened at \(at)")
        }
        return Tag(kind: kind, trimBefore: trimBefore, trimAfter: trimAfter)
    }

    /// `{{{{raw}}}}…{{{{/raw}}}}`: Handlebars.java 4.3.1 under WireMock renders it as nothing.
    private mutating func readRawBlock(at: TemplatePosition) throws(TemplateSyntaxError) -> Tag {
        guard let openEnd = find("}}}}", from: index) else { throw error(at, "a {{{{raw}}}} block is not closed") }
        let name = String(text[(index + 4)..<openEnd]).trimmingSpaces
        guard let close = find("{{{{/\(name)}}}}", from: openEnd) else { throw error(at, "{{{{\(name)}}}} is not closed with {{{{/\(name)}}}}") }
        advance(over: close - index + "{{{{/\(name)}}}}".count)
        return Tag(kind: .raw, trimBefore: false, trimAfter: false)
    }

    private func error(_ at: TemplatePosition, _ message: String) -> TemplateSyntaxError {
        TemplateSyntaxError(line: at.line, column: at.column, message: message)
    }
}

extension TemplateParser {
    // MARK: Characters

    mutating func advance(over count: Int) {
        for _ in 0..<count where index < text.count {
            if text[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
    }

    func peek(_ literal: String) -> Bool {
        var at = index
        for character in literal {
            guard at < text.count, text[at] == character else { return false }
            at += 1
        }
        return true
    }

    mutating func consume(_ literal: String) -> Bool {
        guard peek(literal) else { return false }
        advance(over: literal.count)
        return true
    }

    mutating func consume(_ character: Character) -> Bool { consume(String(character)) }

    func find(_ literal: String, from start: Int) -> Int? {
        let pattern = Array(literal)
        guard pattern.count <= text.count else { return nil }
        var at = start
        while at + pattern.count <= text.count {
            if text[at] == pattern[0], Array(text[at..<(at + pattern.count)]) == pattern { return at }
            at += 1
        }
        return nil
    }

    mutating func skipSpace() {
        while index < text.count, text[index].isWhitespace { advance(over: 1) }
    }

    /// Whether the tag ends here (`}}`, `~}}`, `}}}`).
    func peekClose() -> Bool { peek("}}") || peek("~}}") }

    /// Whether `word` stands here as a whole word (`else`, not `elsewhere`).
    func peekWord(_ word: String) -> Bool {
        guard peek(word) else { return false }
        let after = index + word.count
        return after >= text.count || text[after].isWhitespace || text[after] == "}" || text[after] == "~"
    }

    /// A run of identifier characters (a block's name in `{{/name}}`).
    mutating func readWord() -> String {
        var word = ""
        while index < text.count, !text[index].isWhitespace, !"}~".contains(text[index]) {
            word.append(text[index])
            advance(over: 1)
        }
        return word
    }
}

extension String {
    /// Without leading and trailing white space.
    var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
