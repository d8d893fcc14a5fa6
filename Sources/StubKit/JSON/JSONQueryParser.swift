import Foundation

/// A filter of a JSONPath expression: `?(@.price > 10 && @.tag == 'x')`.
indirect enum JSONFilter: Sendable {
    case exists(Operand)
    case compare(Operand, String, Operand)
    case not(JSONFilter)
    case and(JSONFilter, JSONFilter)
    case or(JSONFilter, JSONFilter)

    enum Operand: Sendable {
        case relative([JSONQuery.Step])
        case literal(JSONValue)
        case regex(TextPattern)

        func value(at item: JSONValue) -> JSONValue? {
            switch self {
            case .relative(let steps):
                var current: [JSONValue] = [item]
                for step in steps { current = current.flatMap { step.apply(to: $0) } }
                return current.first
            case .literal(let value): return value
            case .regex: return nil
            }
        }
    }

    func test(_ item: JSONValue) -> Bool {
        switch self {
        case .exists(let operand):
            guard let value = operand.value(at: item) else { return false }
            return value != .bool(false)
        case .not(let inner): return !inner.test(item)
        case .and(let left, let right): return left.test(item) && right.test(item)
        case .or(let left, let right): return left.test(item) || right.test(item)
        case .compare(let left, let op, let right):
            if op == "=~" {
                guard case .regex(let pattern) = right, case .string(let text)? = left.value(at: item) else { return false }
                return pattern.namedCaptures(in: text) != nil
            }
            guard let lhs = left.value(at: item), let rhs = right.value(at: item) else { return op == "!=" }
            switch op {
            case "==": return lhs == rhs
            case "!=": return lhs != rhs
            default:
                switch (lhs, rhs) {
                case (.number(let a), .number(let b)): return Self.order(a, b, op)
                case (.string(let a), .string(let b)): return Self.order(a, b, op)
                default: return false
                }
            }
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T, _ op: String) -> Bool {
        switch op {
        case "<": return a < b
        case "<=": return a <= b
        case ">": return a > b
        case ">=": return a >= b
        default: return false
        }
    }
}

/// Why a JSONPath expression does not parse.
struct JSONQueryError: Error, CustomStringConvertible {
    var description: String
}

/// Parses JSONPath text into steps.
struct JSONQueryParser {
    private let characters: [Character]
    private var position = 0

    init(_ source: String) { characters = Array(source) }

    mutating func parse() throws -> [JSONQuery.Step] {
        skipSpaces()
        guard take("$") else { throw JSONQueryError(description: "it must start with $") }
        let steps = try path()
        skipSpaces()
        guard position == characters.count else { throw failure("unexpected \(quoted(String(characters[position])))") }
        return steps
    }

    // MARK: Steps

    private mutating func path() throws -> [JSONQuery.Step] {
        var steps: [JSONQuery.Step] = []
        while let character = peek {
            if character == "." {
                position += 1
                if take(".") {
                    if take("*") { steps.append(.deep(nil)) } else { steps.append(.deep(try name())) }
                } else if take("*") {
                    steps.append(.wildcard)
                } else {
                    let key = try name()
                    if (key == "length" || key == "size"), take("(") {
                        guard take(")") else { throw failure("expected ) after \(key)(") }
                        steps.append(.length)
                    } else {
                        steps.append(.key(key))
                    }
                }
            } else if character == "[" {
                position += 1
                steps.append(try bracket())
            } else {
                break
            }
        }
        return steps
    }

    private mutating func name() throws -> String {
        var text = ""
        while let character = peek, character != ".", character != "[", character != " ",
              character != "(", character != ")", character != "=", character != "!", character != "<", character != ">",
              character != "&", character != "|" {
            text.append(character)
            position += 1
        }
        guard !text.isEmpty else { throw failure("expected a name") }
        return text
    }

    private mutating func bracket() throws -> JSONQuery.Step {
        skipSpaces()
        let step: JSONQuery.Step
        if take("*") {
            step = .wildcard
        } else if take("?") {
            skipSpaces()
            guard take("(") else { throw failure("expected ( after ?") }
            step = .filter(try orFilter())
            skipSpaces()
            guard take(")") else { throw failure("expected ) to close the filter") }
        } else if peek == "'" || peek == "\"" {
            step = .key(try stringLiteral())
        } else {
            var numbers: [Int?] = [try integer()]
            var separator: Character?
            skipSpaces()
            while let character = peek, character == "," || character == ":" {
                separator = character
                position += 1
                skipSpaces()
                numbers.append(try integer())
                skipSpaces()
            }
            switch separator {
            case nil:
                guard let index = numbers[0] else { throw failure("expected an index") }
                step = .index(index)
            case ",":
                let indices = numbers.compactMap { $0 }
                guard indices.count == numbers.count else { throw failure("expected an index") }
                step = .indices(indices)
            default:
                guard numbers.count == 2 else { throw failure("a slice takes start:end") }
                step = .slice(numbers[0], numbers[1])
            }
        }
        skipSpaces()
        guard take("]") else { throw failure("expected ]") }
        return step
    }

    private mutating func integer() throws -> Int? {
        var text = ""
        if take("-") { text = "-" }
        while let character = peek, character.isASCII, character.isNumber {
            text.append(character)
            position += 1
        }
        if text.isEmpty { return nil }
        guard let value = Int(text) else { throw failure("expected a number") }
        return value
    }

    // MARK: Filters

    private mutating func orFilter() throws -> JSONFilter {
        var left = try andFilter()
        while skipSpaces(), take("||") { left = .or(left, try andFilter()) }
        return left
    }

    private mutating func andFilter() throws -> JSONFilter {
        var left = try unaryFilter()
        while skipSpaces(), take("&&") { left = .and(left, try unaryFilter()) }
        return left
    }

    private mutating func unaryFilter() throws -> JSONFilter {
        skipSpaces()
        if peek == "!", characters.count > position + 1, characters[position + 1] != "=" {
            position += 1
            return .not(try unaryFilter())
        }
        if take("(") {
            let inner = try orFilter()
            skipSpaces()
            guard take(")") else { throw failure("expected )") }
            return inner
        }
        let left = try operand()
        skipSpaces()
        for op in ["==", "!=", "<=", ">=", "=~", "<", ">"] where take(op) {
            skipSpaces()
            return .compare(left, op, try operand())
        }
        return .exists(left)
    }

    private mutating func operand() throws -> JSONFilter.Operand {
        skipSpaces()
        guard let character = peek else { throw failure("expected a value") }
        switch character {
        case "@":
            position += 1
            return .relative(try path())
        case "'", "\"":
            return .literal(.string(try stringLiteral()))
        case "/":
            position += 1
            var source = ""
            while let next = peek, next != "/" {
                if next == "\\", position + 1 < characters.count { source.append(next); position += 1 }
                source.append(characters[position])
                position += 1
            }
            guard take("/") else { throw failure("unterminated /regex/") }
            var flags = ""
            while let flag = peek, flag.isLetter { flags.append(flag); position += 1 }
            let pattern = TextPattern((flags.contains("i") ? "(?i)" : "") + source)
            if let problem = pattern.problem { throw JSONQueryError(description: problem) }
            return .regex(pattern)
        default:
            var text = ""
            while let next = peek, next.isLetter || next.isNumber || next == "." || next == "-" || next == "+" {
                text.append(next)
                position += 1
            }
            switch text {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default:
                guard let number = Double(text) else { throw failure("expected a value, got \(quoted(text))") }
                return .literal(.number(number))
            }
        }
    }

    // MARK: Characters

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func take(_ text: String) -> Bool {
        let wanted = Array(text)
        guard position + wanted.count <= characters.count,
              Array(characters[position..<position + wanted.count]) == wanted else { return false }
        position += wanted.count
        return true
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        while let character = peek, character == " " { position += 1 }
        return true
    }

    private mutating func stringLiteral() throws -> String {
        guard let quote = peek else { throw failure("expected a string") }
        position += 1
        var text = ""
        while let character = peek, character != quote {
            if character == "\\", position + 1 < characters.count { position += 1 }
            text.append(characters[position])
            position += 1
        }
        guard take(String(quote)) else { throw failure("unterminated string") }
        return text
    }

    private func failure(_ message: String) -> JSONQueryError {
        JSONQueryError(description: "\(message) at offset \(position)")
    }
}
