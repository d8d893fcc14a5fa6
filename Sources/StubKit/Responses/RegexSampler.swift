import Foundation

/// Makes a string a regular expression matches whole, for the common part of
/// the syntax: literals and escapes, `.`, `\d \w \s`, classes such as
/// `[a-z0-9_]`, groups with `|`, and `? * + {n} {n,m}` (open repeats capped
/// at a few). Anything else (look-around, back-references, negated classes)
/// gives `nil`, and so does a sample the expression does not accept.
package enum RegexSampler {
    package static func sample(_ pattern: String, using random: inout some RandomNumberGenerator) -> String? {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard let tree = parser.alternation(), parser.atEnd else { return nil }
        var output = ""
        tree.emit(into: &output, using: &random)
        guard let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$"),
              expression.firstMatch(in: output, range: NSRange(output.startIndex..., in: output)) != nil
        else { return nil }
        return output
    }

    private indirect enum Node {
        case choice([[Node]])
        case characters([Unicode.Scalar])
        case repeated(Node, min: Int, max: Int)

        func emit(into output: inout String, using random: inout some RandomNumberGenerator) {
            switch self {
            case .choice(let branches):
                guard let branch = branches.randomElement(using: &random) else { return }
                for node in branch { node.emit(into: &output, using: &random) }
            case .characters(let set):
                if let scalar = set.randomElement(using: &random) { output.unicodeScalars.append(scalar) }
            case .repeated(let node, let low, let high):
                for _ in 0..<Int.random(in: low...high, using: &random) { node.emit(into: &output, using: &random) }
            }
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }
        var atEnd: Bool { position == scalars.count }
        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        static let digits = Array("0123456789".unicodeScalars)
        static let word = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".unicodeScalars)
        static let printable = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)

        mutating func alternation() -> Node? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 32 else { return nil }
            var branches: [[Node]] = [[]]
            while let scalar = peek, scalar != ")" {
                if scalar == "|" { position += 1; branches.append([]); continue }
                if scalar == "^" || scalar == "$" { position += 1; continue }
                guard let atom = atom(), let quantified = quantified(atom) else { return nil }
                branches[branches.count - 1].append(quantified)
            }
            return .choice(branches)
        }

        mutating func atom() -> Node? {
            guard let scalar = peek else { return nil }
            position += 1
            switch scalar {
            case "(":
                if peek == "?" {
                    guard position + 1 < scalars.count, scalars[position + 1] == ":" else { return nil }
                    position += 2
                }
                guard let inner = alternation(), peek == ")" else { return nil }
                position += 1
                return inner
            case "[": return characterClass()
            case ".": return .characters(Self.printable)
            case "\\": return escape(inClass: false).map(Node.characters)
            case "*", "+", "?", "{", ")": return nil
            default: return .characters([scalar])
            }
        }

        mutating func escape(inClass: Bool) -> [Unicode.Scalar]? {
            guard let scalar = peek else { return nil }
            position += 1
            switch scalar {
            case "d": return Self.digits
            case "w": return Self.word
            case "s": return [" "]
            case "n": return ["\n"]
            case "t": return ["\t"]
            default:
                guard !CharacterSet.alphanumerics.contains(scalar) else { return nil }
                return [scalar]
            }
        }

        mutating func characterClass() -> Node? {
            guard peek != "^" else { return nil }
            var set: [Unicode.Scalar] = []
            while let scalar = peek, scalar != "]" {
                position += 1
                if scalar == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    set += escaped
                } else if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    let upper = scalars[position + 1]
                    position += 2
                    guard scalar.value <= upper.value, upper.value - scalar.value < 5000 else { return nil }
                    set += (scalar.value...upper.value).compactMap(Unicode.Scalar.init)
                } else {
                    set.append(scalar)
                }
            }
            guard peek == "]", !set.isEmpty else { return nil }
            position += 1
            return .characters(set)
        }

        mutating func quantified(_ node: Node) -> Node? {
            switch peek {
            case "?": position += 1; return .repeated(node, min: 0, max: 1)
            case "*": position += 1; return .repeated(node, min: 0, max: 4)
            case "+": position += 1; return .repeated(node, min: 1, max: 5)
            case "{":
                guard let close = scalars[position...].firstIndex(of: "}") else { return nil }
                let inside = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
                position = close + 1
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]), low <= 1000 else { return nil }
                let high = parts.count == 1 ? low : (parts[1].isEmpty ? low + 4 : Int(parts[1]) ?? -1)
                guard parts.count <= 2, high >= low, high <= 1000 else { return nil }
                return .repeated(node, min: low, max: high)
            default:
                return node
            }
        }
    }
}
