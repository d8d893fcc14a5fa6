import Foundation

/// Reads one XML document into ``XMLElementValue``: elements, attributes,
/// text, CDATA, the five named entities and character references, with
/// namespace prefixes resolved. Comments, processing instructions and a
/// DOCTYPE (without an internal subset) are skipped. Depth is bounded, so
/// hostile input gets an error, not a stack overflow.
struct XMLReader {
    static let maximumDepth = 256
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func document() throws(XMLSyntaxError) -> XMLElementValue {
        try skipMisc()
        guard peek == UInt8(ascii: "<") else { throw problem("expected an element") }
        let root = try element(scopes: [:], depth: 0)
        try skipMisc()
        guard position == bytes.count else { throw problem("content after the root element") }
        return root
    }

    // MARK: Parts

    private mutating func element(scopes: [String: String], depth: Int) throws(XMLSyntaxError) -> XMLElementValue {
        guard depth < Self.maximumDepth else { throw problem("elements nested deeper than \(Self.maximumDepth)") }
        position += 1 // <
        let qualified = try name()
        var raw: [(name: String, value: String)] = []
        var closed = false
        while true {
            skipSpace()
            guard let byte = peek else { throw problem("unclosed start tag <\(qualified)>") }
            if byte == UInt8(ascii: "/") {
                try expect("/>")
                closed = true
                break
            }
            if byte == UInt8(ascii: ">") { position += 1; break }
            let attribute = try name()
            guard !raw.contains(where: { $0.name == attribute }) else { throw problem("attribute \(attribute) given twice") }
            skipSpace()
            try expect("=")
            skipSpace()
            raw.append((attribute, try quoted()))
        }
        var scopes = scopes
        for (name, value) in raw {
            if name == "xmlns" { scopes[""] = value } else if name.hasPrefix("xmlns:") { scopes[String(name.dropFirst(6))] = value }
        }
        let (prefix, local) = Self.split(qualified)
        guard prefix.isEmpty || scopes[prefix] != nil else { throw problem("undeclared namespace prefix \(prefix) in <\(qualified)>") }
        var value = XMLElementValue(name: local, namespace: scopes[prefix].flatMap { $0.isEmpty ? nil : $0 })
        if !prefix.isEmpty { value.prefix = prefix }
        for (name, text) in raw where name != "xmlns" && !name.hasPrefix("xmlns:") {
            let (attributePrefix, attributeName) = Self.split(name)
            guard attributePrefix.isEmpty || scopes[attributePrefix] != nil else { throw problem("undeclared namespace prefix \(attributePrefix) in \(name)") }
            value.attributes.append(.init(name: attributeName, namespace: attributePrefix.isEmpty ? nil : scopes[attributePrefix], value: text))
        }
        if closed { return value }
        var text = ""
        while true {
            guard let byte = peek else { throw problem("unclosed element <\(qualified)>") }
            if byte != UInt8(ascii: "<") {
                text += try characterData()
            } else if starts("</") {
                position += 2
                let closing = try name()
                guard closing == qualified else { throw problem("</\(closing)> closes <\(qualified)>") }
                skipSpace()
                try expect(">")
                value.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
                return value
            } else if starts("<![CDATA[") {
                position += 9
                guard let end = find("]]>") else { throw problem("unclosed CDATA section") }
                text += String(decoding: bytes[position..<end], as: UTF8.self)
                position = end + 3
            } else if starts("<!--") || starts("<?") {
                try skipMisc()
            } else {
                value.children.append(try element(scopes: scopes, depth: depth + 1))
            }
        }
    }

    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = position
        while let byte = peek, !Self.ends(byte) { position += 1 }
        guard position > start else { throw problem("expected a name") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quoted() throws(XMLSyntaxError) -> String {
        guard let quote = peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw problem("expected a quoted value") }
        position += 1
        let start = position
        while let byte = peek, byte != quote {
            guard byte != UInt8(ascii: "<") else { throw problem("< in an attribute value") }
            position += 1
        }
        guard peek == quote else { throw problem("unclosed attribute value") }
        let raw = bytes[start..<position]
        position += 1
        return try decoded(raw, at: start)
    }

    private mutating func characterData() throws(XMLSyntaxError) -> String {
        let start = position
        while let byte = peek, byte != UInt8(ascii: "<") { position += 1 }
        return try decoded(bytes[start..<position], at: start)
    }

    /// The text with entity and character references replaced.
    private func decoded(_ raw: ArraySlice<UInt8>, at start: Int) throws(XMLSyntaxError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result = ""
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "&") else {
                let next = raw[index...].firstIndex(of: UInt8(ascii: "&")) ?? raw.endIndex
                result += String(decoding: raw[index..<next], as: UTF8.self)
                index = next
                continue
            }
            guard let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw problem("unterminated entity reference", at: index) }
            let entity = String(decoding: raw[(index + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                // Digits only: `UInt32(_:radix:)` would also take a sign (`&#+65;`).
                let hex = entity.dropFirst(2), decimal = entity.dropFirst()
                let number = entity.hasPrefix("#x") && hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) ? UInt32(hex, radix: 16)
                    : entity.hasPrefix("#") && decimal.allSatisfy({ $0.isASCII && $0.isWholeNumber }) ? UInt32(decimal, radix: 10) : nil
                guard let number, let scalar = Unicode.Scalar(number) else { throw problem("unknown entity &\(entity);", at: index) }
                result.unicodeScalars.append(scalar)
            }
            index = semicolon + 1
        }
        return result
    }

    /// Skips whitespace, comments, processing instructions and a DOCTYPE.
    private mutating func skipMisc() throws(XMLSyntaxError) {
        while true {
            skipSpace()
            if starts("<?") {
                guard let end = find("?>") else { throw problem("unclosed processing instruction") }
                position = end + 2
            } else if starts("<!--") {
                guard let end = find("-->") else { throw problem("unclosed comment") }
                position = end + 3
            } else if starts("<!DOCTYPE") {
                guard let end = find(">") else { throw problem("unclosed DOCTYPE") }
                position = end + 1
            } else {
                return
            }
        }
    }

    // MARK: Bytes

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private func starts(_ text: String) -> Bool {
        let wanted = Array(text.utf8)
        return bytes.count - position >= wanted.count && bytes[position..<(position + wanted.count)].elementsEqual(wanted)
    }

    private mutating func expect(_ text: String) throws(XMLSyntaxError) {
        guard starts(text) else { throw problem("expected \(text)") }
        position += text.utf8.count
    }

    private func find(_ text: String) -> Int? {
        let wanted = Array(text.utf8)
        guard bytes.count >= wanted.count, position <= bytes.count - wanted.count else { return nil }
        var index = position
        while index <= bytes.count - wanted.count {
            if bytes[index] == wanted[0], bytes[index..<(index + wanted.count)].elementsEqual(wanted) { return index }
            index += 1
        }
        return nil
    }

    private static func ends(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    private func problem(_ message: String, at offset: Int? = nil) -> XMLSyntaxError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1, column = 1
        for byte in bytes[0..<offset] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return XMLSyntaxError(line: line, column: column, message: message)
    }
}
