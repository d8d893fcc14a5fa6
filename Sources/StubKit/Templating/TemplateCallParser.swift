// Reads what stands inside a tag: a helper or path, its arguments
// (paths, literals, subexpressions) and `key=value` pairs.

extension TemplateParser {
    /// `head param… key=value…` up to the tag's end or a `)`.
    mutating func readCall(at: TemplatePosition) throws(TemplateSyntaxError) -> TemplateCall {
        skipSpace()
        guard !peekClose(), !peek(")") else { throw syntaxError("an empty tag: expected a name, a path or a value") }
        let head = try readExpression(at: at)
        var params: [TemplateExpression] = []
        var hash: [(key: String, value: TemplateExpression)] = []
        while true {
            skipSpace()
            if peekClose() || peek(")") || peek("}}}") || peekBlockParams() { break }
            if let key = peekHashKey() {
                advance(over: key.count + 1)
                skipSpace()
                hash.append((key, try readExpression(at: at)))
            } else {
                guard hash.isEmpty else { throw syntaxError("a positional argument after key=value arguments") }
                params.append(try readExpression(at: at))
            }
        }
        return TemplateCall(head: head, params: params, hash: hash)
    }

    /// `as |a b|` after a block's call; empty when absent.
    mutating func readBlockParams(at: TemplatePosition) throws(TemplateSyntaxError) -> [String] {
        skipSpace()
        guard peekBlockParams() else { return [] }
        advance(over: 2)
        skipSpace()
        guard consume("|") else { throw syntaxError("expected |name| after as") }
        var names: [String] = []
        while true {
            skipSpace()
            if consume("|") { break }
            let name = readIdentifier()
            guard !name.isEmpty else { throw syntaxError("expected a block parameter name or |") }
            names.append(name)
        }
        return names
    }

    private func peekBlockParams() -> Bool {
        guard peekWord("as") else { return false }
        var at = index + 2
        while at < textCount, character(at).isWhitespace { at += 1 }
        return at < textCount && character(at) == "|"
    }

    /// `key` when `key=` stands here.
    private func peekHashKey() -> String? {
        var at = index
        var key = ""
        while at < textCount, Self.isIdentifier(character(at)) {
            key.append(character(at))
            at += 1
        }
        guard !key.isEmpty, at < textCount, character(at) == "=" else { return nil }
        return key
    }

    // MARK: Expressions

    private mutating func readExpression(at: TemplatePosition) throws(TemplateSyntaxError) -> TemplateExpression {
        skipSpace()
        guard index < textCount else { throw syntaxError("the template ends inside a tag") }
        let first = character(index)
        if first == "(" {
            advance(over: 1)
            let call = try readCall(at: at)
            skipSpace()
            guard consume(")") else { throw syntaxError("expected ) to close the subexpression") }
            return .subexpression(call)
        }
        if first == "'" || first == "\"" { return .string(try readString(quote: first)) }
        if first.isNumber || (first == "-" && index + 1 < textCount && character(index + 1).isNumber) {
            if let number = readNumber() { return number }
        }
        let path = try readPath()
        if path.depth == 0, !path.isData, !path.startsAtThis, path.segments.count == 1, !path.literalSegment {
            switch path.segments[0] {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null", "undefined": return .null
            default: break
            }
        }
        return .path(TemplatePath(depth: path.depth, isData: path.isData, segments: path.segments, startsAtThis: path.startsAtThis))
    }

    /// A quoted literal; `\'` and `\"` stand for the quote, `\\` for a backslash.
    private mutating func readString(quote: Character) throws(TemplateSyntaxError) -> String {
        let start = TemplatePosition(line: line, column: column)
        advance(over: 1)
        var value = ""
        while index < textCount {
            let next = character(index)
            if next == "\\", index + 1 < textCount, character(index + 1) == quote || character(index + 1) == "\\" {
                value.append(character(index + 1))
                advance(over: 2)
                continue
            }
            advance(over: 1)
            if next == quote {
                if index < textCount, character(index) == quote {
                    throw TemplateSyntaxError(line: line, column: column - 1, message: "a doubled quote \(quote)\(quote) inside a literal (write \\\(quote) instead)")
                }
                return value
            }
            value.append(next)
        }
        throw TemplateSyntaxError(line: start.line, column: start.column, message: "a literal opened with \(quote) is not closed")
    }

    /// `7`, `-3`, `007` (7), `2.5`; `nil` (nothing read) when digits run into a name (`3d`).
    private mutating func readNumber() -> TemplateExpression? {
        var end = index
        if character(end) == "-" { end += 1 }
        while end < textCount, character(end).isNumber { end += 1 }
        var isDecimal = false
        if end + 1 < textCount, character(end) == ".", character(end + 1).isNumber {
            isDecimal = true
            end += 1
            while end < textCount, character(end).isNumber { end += 1 }
        }
        guard end >= textCount || Self.endsValue(character(end)) else { return nil }
        let literal = String((index..<end).map { character($0) })
        advance(over: end - index)
        if isDecimal { return Double(literal).map(TemplateExpression.decimal) }
        if let integer = Int(literal) { return .integer(integer) }
        return Double(literal).map(TemplateExpression.decimal)
    }

    /// A path as read, before literals are told apart.
    private struct ReadPath {
        var depth = 0
        var isData = false
        var segments: [String] = []
        var startsAtThis = false
        var literalSegment = false
    }

    private mutating func readPath() throws(TemplateSyntaxError) -> ReadPath {
        var path = ReadPath()
        if consume("@") { path.isData = true }
        while consume("../") { path.depth += 1 }
        var first = true
        while index < textCount {
            if consume("[") {
                var segment = ""
                while index < textCount, character(index) != "]" { segment.append(character(index)); advance(over: 1) }
                guard consume("]") else { throw syntaxError("a [segment] is not closed with ]") }
                path.segments.append(segment)
                path.literalSegment = true
            } else {
                let segment = readIdentifier()
                if segment.isEmpty {
                    if first, consume(".") { path.startsAtThis = true; break }
                    throw syntaxError("expected a name, a path or a value, got \"\(index < textCount ? String(character(index)) : "the end")\"")
                }
                if first, segment == "this", !path.isData { path.startsAtThis = true } else { path.segments.append(segment) }
            }
            first = false
            guard index < textCount, character(index) == "." || character(index) == "/" else { break }
            // `.` or `/` separates segments; a final `.` (`this.`) ends the path.
            advance(over: 1)
        }
        return path
    }

    /// Identifier characters: anything but white space and `=~}()[]|"'.` and `/`.
    private mutating func readIdentifier() -> String {
        var name = ""
        while index < textCount, Self.isIdentifier(character(index)) {
            name.append(character(index))
            advance(over: 1)
        }
        return name
    }

    static func isIdentifier(_ character: Character) -> Bool {
        !character.isWhitespace && !"=~}(){[]|\"'./@!#^&>".contains(character)
    }

    /// Whether a number literal may end before `character`.
    static func endsValue(_ character: Character) -> Bool {
        character.isWhitespace || ")}~=".contains(character)
    }

    func syntaxError(_ message: String) -> TemplateSyntaxError {
        TemplateSyntaxError(line: line, column: column, message: message)
    }
}
