import Foundation

/// An XPath 1.0 expression, parsed.
indirect enum XPathExpr: Sendable, Hashable {
    case or(XPathExpr, XPathExpr)
    case and(XPathExpr, XPathExpr)
    case compare(String, XPathExpr, XPathExpr)
    case arithmetic(String, XPathExpr, XPathExpr)
    case negate(XPathExpr)
    case union(XPathExpr, XPathExpr)
    case path(absolute: Bool, steps: [XPathStep])
    /// A primary expression with predicates, then a relative path (`(//a)[1]/b`).
    case filter(XPathExpr, predicates: [XPathExpr], steps: [XPathStep])
    case literal(String)
    case number(Double)
    case function(String, [XPathExpr])
}

/// One location step: an axis, a node test and predicates.
struct XPathStep: Sendable, Hashable {
    enum Axis: String, Sendable, Hashable {
        case child, descendant, parent, ancestor, attribute, `self`
        case descendantOrSelf = "descendant-or-self", ancestorOrSelf = "ancestor-or-self"
        case followingSibling = "following-sibling", precedingSibling = "preceding-sibling"
    }

    enum Test: Sendable, Hashable {
        /// A name; `prefix` resolves through the query's namespaces.
        case name(prefix: String?, local: String)
        /// `*` or `prefix:*`.
        case any(prefix: String?)
        case text, node
    }

    var axis: Axis
    var test: Test
    var predicates: [XPathExpr] = []
}

/// Parses XPath 1.0 (the subset WireMock's XML matchers and `xPath`
/// helper meet in practice: every axis but namespace, every operator, the
/// core functions); a mistake throws its message.
struct XPathParser {
    private var tokens: [String] = []
    private var index = 0

    static func parse(_ source: String) throws -> XPathExpr {
        var parser = XPathParser()
        parser.tokens = try tokenize(source)
        guard !parser.tokens.isEmpty else { throw XPathSyntax("an empty expression") }
        let expression = try parser.or()
        guard parser.index == parser.tokens.count else { throw XPathSyntax("unexpected \(parser.tokens[parser.index])") }
        return expression
    }

    struct XPathSyntax: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Tokens

    private static func tokenize(_ source: String) throws -> [String] {
        let characters = Array(source)
        var tokens: [String] = []
        var index = 0
        func isNameCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || "_-.".contains(character) }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            let two = index + 1 < characters.count ? String(characters[index...(index + 1)]) : ""
            if ["//", "::", "..", "!=", "<=", ">="].contains(two) { tokens.append(two); index += 2; continue }
            if "/()[]@,|+-=<>*$".contains(character) { tokens.append(String(character)); index += 1; continue }
            if character == "." , !(index + 1 < characters.count && characters[index + 1].isNumber) { tokens.append("."); index += 1; continue }
            if character == "'" || character == "\"" {
                guard let end = characters[(index + 1)...].firstIndex(of: character) else { throw XPathSyntax("a literal is not closed") }
                tokens.append(String(characters[index...end]))
                index = end + 1
                continue
            }
            if character.isNumber || character == "." {
                var end = index
                while end < characters.count, characters[end].isNumber || characters[end] == "." { end += 1 }
                tokens.append(String(characters[index..<end]))
                index = end
                continue
            }
            guard character.isLetter || character == "_" else { throw XPathSyntax("unexpected \(character)") }
            var end = index
            while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
            // A QName (`p:n`, `p:*`), not an axis (`child::`).
            if end + 1 < characters.count, characters[end] == ":", characters[end + 1] != ":" {
                end += 1
                if end < characters.count, characters[end] == "*" { end += 1 } else { while end < characters.count, isNameCharacter(characters[end]) { end += 1 } }
            }
            tokens.append(String(characters[index..<end]))
            index = end
        }
        return tokens
    }

    private var peek: String? { index < tokens.count ? tokens[index] : nil }

    private mutating func take(_ token: String) -> Bool {
        guard peek == token else { return false }
        index += 1
        return true
    }

    /// Whether `*`, `and`, `or`, `div`, `mod` here are operators (XPath 1.0 §3.7).
    private var operatorPosition: Bool {
        guard index > 0 else { return false }
        let previous = tokens[index - 1]
        // A `*` right after a name test's `/` or `@` is the test; after an operand, the operator.
        if previous == "*" { return index > 1 && ["/", "//", "@", "::", "("].contains(tokens[index - 2]) || index == 1 }
        return !["@", "::", "(", "[", ",", "/", "//", "|", "+", "-", "=", "!=", "<", "<=", ">", ">=", "and", "or", "div", "mod"].contains(previous)
    }

    // MARK: Grammar

    private mutating func or() throws -> XPathExpr {
        var left = try and()
        while peek == "or", operatorPosition { index += 1; left = .or(left, try and()) }
        return left
    }

    private mutating func and() throws -> XPathExpr {
        var left = try equality()
        while peek == "and", operatorPosition { index += 1; left = .and(left, try equality()) }
        return left
    }

    private mutating func equality() throws -> XPathExpr {
        var left = try relational()
        while let op = peek, op == "=" || op == "!=" { index += 1; left = .compare(op, left, try relational()) }
        return left
    }

    private mutating func relational() throws -> XPathExpr {
        var left = try additive()
        while let op = peek, ["<", "<=", ">", ">="].contains(op) { index += 1; left = .compare(op, left, try additive()) }
        return left
    }

    private mutating func additive() throws -> XPathExpr {
        var left = try multiplicative()
        while let op = peek, op == "+" || op == "-" { index += 1; left = .arithmetic(op, left, try multiplicative()) }
        return left
    }

    private mutating func multiplicative() throws -> XPathExpr {
        var left = try unary()
        while let op = peek, ["*", "div", "mod"].contains(op), operatorPosition { index += 1; left = .arithmetic(op, left, try unary()) }
        return left
    }

    private mutating func unary() throws -> XPathExpr {
        if take("-") { return .negate(try unary()) }
        var left = try pathExpression()
        while take("|") { left = .union(left, try pathExpression()) }
        return left
    }

    private mutating func pathExpression() throws -> XPathExpr {
        guard let token = peek else { throw XPathSyntax("the expression ends too soon") }
        if token == "/" || token == "//" {
            index += 1
            var steps: [XPathStep] = token == "//" ? [XPathStep(axis: .descendantOrSelf, test: .node)] : []
            if token == "/", !startsStep { return .path(absolute: true, steps: []) }
            steps += try relativeSteps()
            return .path(absolute: true, steps: steps)
        }
        if let primary = try primaryExpression() {
            var predicates: [XPathExpr] = []
            while take("[") { predicates.append(try predicateBody()) }
            var steps: [XPathStep] = []
            if let slash = peek, slash == "/" || slash == "//" {
                index += 1
                if slash == "//" { steps.append(XPathStep(axis: .descendantOrSelf, test: .node)) }
                steps += try relativeSteps()
            }
            return predicates.isEmpty && steps.isEmpty ? primary : .filter(primary, predicates: predicates, steps: steps)
        }
        return .path(absolute: false, steps: try relativeSteps())
    }

    private var startsStep: Bool {
        guard let token = peek else { return false }
        return token == "." || token == ".." || token == "@" || token == "*" || token.first.map { $0.isLetter || $0 == "_" } == true
    }

    private mutating func primaryExpression() throws -> XPathExpr? {
        guard let token = peek else { return nil }
        if token.hasPrefix("'") || token.hasPrefix("\"") { index += 1; return .literal(String(token.dropFirst().dropLast())) }
        if let number = Double(token), token.first?.isNumber == true || token.first == "." { index += 1; return .number(number) }
        if take("(") {
            let inner = try or()
            guard take(")") else { throw XPathSyntax("expected )") }
            return inner
        }
        if index + 1 < tokens.count, tokens[index + 1] == "(", !["node", "text", "comment", "processing-instruction"].contains(token),
           token.first?.isLetter == true {
            index += 2
            var arguments: [XPathExpr] = []
            if !take(")") {
                repeat { arguments.append(try or()) } while take(",")
                guard take(")") else { throw XPathSyntax("expected ) after the arguments of \(token)") }
            }
            return .function(token, arguments)
        }
        return nil
    }

    private mutating func relativeSteps() throws -> [XPathStep] {
        var steps = [try step()]
        while let slash = peek, slash == "/" || slash == "//" {
            index += 1
            if slash == "//" { steps.append(XPathStep(axis: .descendantOrSelf, test: .node)) }
            steps.append(try step())
        }
        return steps
    }

    private mutating func step() throws -> XPathStep {
        if take(".") { return XPathStep(axis: .self, test: .node) }
        if take("..") { return XPathStep(axis: .parent, test: .node) }
        var axis = XPathStep.Axis.child
        if take("@") {
            axis = .attribute
        } else if index + 1 < tokens.count, tokens[index + 1] == "::", let named = XPathStep.Axis(rawValue: tokens[index]) {
            axis = named
            index += 2
        }
        guard let token = peek else { throw XPathSyntax("expected a step") }
        index += 1
        var test: XPathStep.Test
        if token == "*" {
            test = .any(prefix: nil)
        } else if (token == "text" || token == "node"), take("(") {
            guard take(")") else { throw XPathSyntax("expected ) after \(token)(") }
            test = token == "text" ? .text : .node
        } else if token.first.map({ $0.isLetter || $0 == "_" }) == true {
            let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
            test = parts.count == 2 ? (parts[1] == "*" ? .any(prefix: parts[0]) : .name(prefix: parts[0], local: parts[1])) : .name(prefix: nil, local: token)
        } else {
            throw XPathSyntax("expected a name test, got \(token)")
        }
        var step = XPathStep(axis: axis, test: test)
        while take("[") { step.predicates.append(try predicateBody()) }
        return step
    }

    private mutating func predicateBody() throws -> XPathExpr {
        let inner = try or()
        guard take("]") else { throw XPathSyntax("expected ]") }
        return inner
    }
}
