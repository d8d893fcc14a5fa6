import Foundation

/// Handlebars.java's `StringHelpers` and `NumberHelper` (all but `now`,
/// which WireMock replaces), and WireMock's text helpers: `trim`,
/// `base64`, `urlEncode`, `size`.
enum TemplateStringHelpers {
    typealias Helper = TemplateHelpers.Helper

    static let table: [String: Helper] = [
        "capitalize": text { value, _ in
            value.split(separator: " ", omittingEmptySubsequences: false)
                .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
        },
        "capitalizeFirst": text { value, _ in value.prefix(1).uppercased() + value.dropFirst() },
        "upper": text { value, _ in value.uppercased() },
        "lower": text { value, _ in value.lowercased() },
        "abbreviate": text { value, arguments in
            let width = TemplateNumbers.integer(arguments.param(1).number)
            guard value.count > width, width >= 4 else { return value }
            return value.prefix(width - 3) + "..."
        },
        "center": text { value, arguments in pad(value, arguments, left: true, right: true) },
        "ljust": text { value, arguments in pad(value, arguments, left: false, right: true) },
        "rjust": text { value, arguments in pad(value, arguments, left: true, right: false) },
        "cut": text { value, arguments in value.replacingOccurrences(of: arguments.param(1).missingAs(" "), with: "") },
        "defaultIfEmpty": { _, arguments throws(TemplateRenderError) in
            arguments.param(0).isTruthy ? arguments.param(0) : .text(arguments.param(1).rendered)
        },
        "join": { _, arguments throws(TemplateRenderError) in
            var items = arguments.params
            let separator = items.count > 1 ? items.removeLast().rendered : ", "
            let parts = items.flatMap { item in item.iterated?.map(\.value.rendered) ?? [item.rendered] }
            return .text(parts.joined(separator: separator))
        },
        "substring": text { value, arguments in
            let characters = Array(value)
            let start = min(max(0, TemplateNumbers.integer(arguments.param(1).number)), characters.count)
            let end = arguments.params.count > 2 ? min(max(start, TemplateNumbers.integer(arguments.param(2).number)), characters.count) : characters.count
            return String(characters[start..<end])
        },
        "replace": text { value, arguments in
            value.replacingOccurrences(of: arguments.param(1).rendered, with: arguments.param(2).rendered)
        },
        "slugify": text { value, _ in
            let kept = value.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : ($0.isWhitespace || $0 == "-" ? "-" : "") }.joined()
            return kept.split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
        },
        "stringFormat": { _, arguments throws(TemplateRenderError) in
            .text(javaFormat(arguments.param(0).rendered, Array(arguments.params.dropFirst())))
        },
        "stripTags": text { value, _ in value.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression) },
        "wordWrap": text { value, arguments in wrap(value, width: TemplateNumbers.integer(arguments.param(1).number, default: 80)) },
        "yesno": { _, arguments throws(TemplateRenderError) in
            switch arguments.param(0) {
            case .bool(true): return .text(arguments.text("yes") ?? "yes")
            case .bool(false): return .text(arguments.text("no") ?? "no")
            default: return .text(arguments.text("maybe") ?? "maybe")
            }
        },
        "numberFormat": { _, arguments throws(TemplateRenderError) in
            guard let number = arguments.param(0).number else { return arguments.param(0) }
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: "en_US")
            formatter.numberStyle = arguments.param(1).rendered == "percent" ? .percent : .decimal
            if arguments.param(1).rendered == "integer" { formatter.maximumFractionDigits = 0 }
            return .text(formatter.string(from: NSNumber(value: number)) ?? String(number))
        },
        "isEven": { _, arguments throws(TemplateRenderError) in
            TemplateNumbers.integer(arguments.param(0).number, default: 1) % 2 == 0 ? .text(arguments.params.count > 1 ? arguments.param(1).rendered : "even") : .text("")
        },
        "isOdd": { _, arguments throws(TemplateRenderError) in
            TemplateNumbers.integer(arguments.param(0).number) % 2 != 0 ? .text(arguments.params.count > 1 ? arguments.param(1).rendered : "odd") : .text("")
        },
        "stripes": { _, arguments throws(TemplateRenderError) in
            .text(TemplateNumbers.integer(arguments.param(0).number) % 2 == 0 ? arguments.param(1).rendered : arguments.param(2).rendered)
        },
        "trim": blockOrValue { value, _ in value.trimmingSpaces },
        "base64": blockOrValue { value, arguments throws(TemplateRenderError) in
            if arguments.text("decode") == "true" {
                guard let data = Data(base64Encoded: value.padded64) else { throw TemplateRenderError("Illegal base64 character in \"\(value)\"") }
                return String(decoding: data, as: UTF8.self)
            }
            let encoded = Data(value.utf8).base64EncodedString()
            return arguments.text("padding") == "false" ? String(encoded.drop { _ in false }.filter { $0 != "=" }) : encoded
        },
        "urlEncode": blockOrValue { value, arguments in
            if arguments.text("decode") == "true" { return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value }
            return formEncoded(value)
        },
        "size": { _, arguments throws(TemplateRenderError) in
            arguments.param(0).size.map(TemplateValue.integer) ?? .integer(0)
        },
    ]

    /// A helper of the first argument's text.
    private static func text(_ transform: @escaping @Sendable (String, HelperArguments) -> String) -> Helper {
        { _, arguments throws(TemplateRenderError) in
            if case .missing = arguments.param(0) { return .missing }
            return .text(transform(arguments.param(0).rendered, arguments))
        }
    }

    /// A helper of its argument, or as a block of what its body renders (`{{#trim}} x {{/trim}}`).
    private static func blockOrValue(_ transform: @escaping @Sendable (String, HelperArguments) throws(TemplateRenderError) -> String) -> Helper {
        { renderer, arguments throws(TemplateRenderError) in
            if let block = arguments.block {
                return .safe(try transform(try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this), arguments))
            }
            return .text(try transform(arguments.param(0).rendered, arguments))
        }
    }

    private static func pad(_ value: String, _ arguments: HelperArguments, left: Bool, right: Bool) -> String {
        let size = TemplateNumbers.size(arguments.hash["size"]?.number, default: 0)
        let fill = arguments.text("pad") ?? " "
        let missing = max(0, size - value.count)
        let before = left && right ? missing / 2 : (left ? missing : 0)
        let after = missing - before
        return String(repeating: fill, count: before) + value + String(repeating: fill, count: after)
    }

    private static func wrap(_ value: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in value.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// `application/x-www-form-urlencoded`, as Java's `URLEncoder` writes it.
    static func formEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                encoded.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "): encoded += "+"
            default: encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// A format's flags with each width or precision at most
    /// `TemplateNumbers.maximumSize` (a leading `0`, zero fill, kept).
    private static func boundedWidths(_ flags: Substring) -> String {
        var result = "", digits = ""
        func flush() {
            guard !digits.isEmpty else { return }
            let fill = digits.hasPrefix("0") ? "0" : ""
            let number = Int(digits.dropFirst(fill.count)).map { min($0, TemplateNumbers.maximumSize) }
            result += fill + (number.map(String.init) ?? (digits.count > fill.count ? String(TemplateNumbers.maximumSize) : ""))
            digits = ""
        }
        for character in flags {
            if character.isASCII, character.isNumber { digits.append(character) } else { flush(); result.append(character) }
        }
        flush()
        return result
    }

    /// Java's `String.format` for the common conversions: `%s`, `%d` (with
    /// width and zero fill: `%03d`), `%f` (`%.2f`), `%x`, `%%`.
    static func javaFormat(_ pattern: String, _ values: [TemplateValue]) -> String {
        var result = "", index = 0
        var characters = pattern[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var spec = characters[characters.index(after: percent)...]
            let written = spec.prefix { "0123456789.-+".contains($0) }
            spec = spec.dropFirst(written.count)
            let flags = boundedWidths(written)
            guard let conversion = spec.first else { break }
            characters = spec.dropFirst()
            if conversion == "%" { result += "%"; continue }
            let value = index < values.count ? values[index] : .missing
            index += 1
            switch conversion {
            case "d": result += String(format: "%\(flags)lld", Int64(TemplateNumbers.integer(value.number)))
            case "f", "e": result += String(format: "%\(flags)\(conversion)", value.number ?? 0)
            case "x", "X": result += String(format: "%\(flags)ll\(conversion)", Int64(TemplateNumbers.integer(value.number)))
            default:
                // `%s` with a width: right-aligned, or left with `-` (`%-5s`).
                let text = value.rendered
                let width = Int(flags.filter(\.isNumber).prefix { _ in true }) ?? 0
                let fill = String(repeating: " ", count: max(0, width - text.count))
                result += flags.hasPrefix("-") ? text + fill : fill + text
            }
        }
        return result + characters
    }
}

extension TemplateValue {
    /// This value's text, or `fallback` when it is missing.
    func missingAs(_ fallback: String) -> String {
        if case .missing = self { return fallback }
        return rendered
    }
}

extension String {
    /// Base64 with its `=` padding restored, so unpadded input decodes too.
    var padded64: String { self + String(repeating: "=", count: (4 - count % 4) % 4) }
}
