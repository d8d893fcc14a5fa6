/// Just enough of Swift's lexical structure to find calls in a test file:
/// identifiers, punctuation and string literals, with comments skipped and
/// each token's 1-based line and column (UTF-8 columns, as `#column` counts).
struct SwiftTokens {
    /// One token.
    struct Token {
        enum Kind: Equatable {
            /// A name; `afterDot` when written `.name`.
            case identifier(String, afterDot: Bool)
            /// A string literal's text up to its first interpolation;
            /// `interpolated` when it has one.
            case string(String, interpolated: Bool)
            /// Any other single character outside comments and strings.
            case punctuation(UInt8)
        }

        let kind: Kind
        let line: Int
        let column: Int
    }

    private(set) var tokens: [Token] = []
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Tokenizes `source`.
    init(_ source: String) {
        bytes = Array(source.utf8)
        scan()
    }

    private var column: Int { index - lineStart + 1 }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func scan() {
        var afterDot = false
        while let byte = peek() {
            let (startLine, startColumn) = (line, column)
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
                while let next = peek(), next != UInt8(ascii: "\n") { advance() }
            } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                skipBlockComment()
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringStarts()) {
                let (text, interpolated) = readString()
                tokens.append(Token(kind: .string(text, interpolated: interpolated), line: startLine, column: startColumn))
                afterDot = false
            } else if Self.isIdentifierStart(byte) {
                var name: [UInt8] = []
                while let next = peek(), Self.isIdentifierPart(next) { name.append(next); advance() }
                tokens.append(Token(kind: .identifier(String(decoding: name, as: UTF8.self), afterDot: afterDot),
                                    line: startLine, column: startColumn))
                afterDot = false
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                advance()
            } else {
                tokens.append(Token(kind: .punctuation(byte), line: startLine, column: startColumn))
                afterDot = byte == UInt8(ascii: ".")
                advance()
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while let byte = peek() {
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                advance(); advance()
            } else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance(); advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    private func rawStringStarts() -> Bool {
        var offset = 0
        while peek(offset) == UInt8(ascii: "#") { offset += 1 }
        return peek(offset) == UInt8(ascii: "\"")
    }

    /// Reads a string literal (plain, multi-line or raw) from its opening
    /// delimiter through its closing one.
    private mutating func readString() -> (String, Bool) {
        var hashes = 0
        while peek() == UInt8(ascii: "#") { hashes += 1; advance() }
        let quotes = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") ? 3 : 1
        for _ in 0..<quotes { advance() }
        var text: [UInt8] = []
        var interpolated = false
        while let byte = peek() {
            if byte == UInt8(ascii: "\\"), escapeHashesFollow(hashes) {
                for _ in 0...hashes { advance() }
                if peek() == UInt8(ascii: "(") {
                    interpolated = true
                    skipInterpolation()
                } else if let escaped = peek() {
                    if !interpolated { text.append(escaped) }
                    advance()
                }
            } else if byte == UInt8(ascii: "\""), closes(quotes: quotes, hashes: hashes) {
                for _ in 0..<(quotes + hashes) { advance() }
                break
            } else if quotes == 1, byte == UInt8(ascii: "\n") {
                break // an unterminated literal ends at the line's end
            } else {
                if !interpolated { text.append(byte) }
                advance()
            }
        }
        return (String(decoding: text, as: UTF8.self), interpolated)
    }

    private func escapeHashesFollow(_ hashes: Int) -> Bool {
        (0..<hashes).allSatisfy { peek(1 + $0) == UInt8(ascii: "#") }
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
            && (0..<hashes).allSatisfy { peek(quotes + $0) == UInt8(ascii: "#") }
    }

    /// Skips `( … )` of an interpolation, nested parentheses and strings included.
    private mutating func skipInterpolation() {
        var depth = 0
        while let byte = peek() {
            if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && rawStringStarts()) {
                _ = readString()
                continue
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            advance()
            if depth == 0 { return }
        }
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
