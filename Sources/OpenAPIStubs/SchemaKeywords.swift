import Foundation
import StubKit
import Yams

/// The keywords on numbers and strings, `format` included.
enum SchemaKeywords {
    static func scalar(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String, into walk: inout SchemaWalk) {
        switch instance {
        case .number(let value): number(value, schema, pointer, path, into: &walk)
        case .string(let text): string(text, schema, pointer, path, into: &walk)
        default: break
        }
    }

    private static func number(_ value: Double, _ schema: Node, _ pointer: String, _ path: String, into walk: inout SchemaWalk) {
        let shown = SchemaWalk.shown(.number(value))
        let legacy = walk.source.dialect == .openAPI30
        if let minimum = schema.member("minimum"), let bound = minimum.number {
            let exclusive = legacy && schema.member("exclusiveMinimum")?.boolean == true
            if exclusive ? value <= bound : value < bound {
                walk.fail(path, "minimum", "expected \(exclusive ? "more than" : "at least") \(SchemaWalk.shown(.number(bound))), got \(shown)", minimum, pointer + "/minimum")
            }
        }
        if let maximum = schema.member("maximum"), let bound = maximum.number {
            let exclusive = legacy && schema.member("exclusiveMaximum")?.boolean == true
            if exclusive ? value >= bound : value > bound {
                walk.fail(path, "maximum", "expected \(exclusive ? "less than" : "at most") \(SchemaWalk.shown(.number(bound))), got \(shown)", maximum, pointer + "/maximum")
            }
        }
        if !legacy, let exclusive = schema.member("exclusiveMinimum"), let bound = exclusive.number, value <= bound {
            walk.fail(path, "exclusiveMinimum", "expected more than \(SchemaWalk.shown(.number(bound))), got \(shown)", exclusive, pointer + "/exclusiveMinimum")
        }
        if !legacy, let exclusive = schema.member("exclusiveMaximum"), let bound = exclusive.number, value >= bound {
            walk.fail(path, "exclusiveMaximum", "expected less than \(SchemaWalk.shown(.number(bound))), got \(shown)", exclusive, pointer + "/exclusiveMaximum")
        }
        if let multiple = schema.member("multipleOf"), let divisor = multiple.number, divisor > 0 {
            let quotient = value / divisor
            if !quotient.isFinite || abs(quotient - quotient.rounded()) > 1e-9 * max(1, abs(quotient)) {
                walk.fail(path, "multipleOf", "expected a multiple of \(SchemaWalk.shown(.number(divisor))), got \(shown)", multiple, pointer + "/multipleOf")
            }
        }
        if let format = schema.member("format"), let name = format.text {
            let problem: String? = switch name {
            case "int32": value.rounded() == value && value >= -2_147_483_648 && value <= 2_147_483_647 ? nil : "not an int32"
            case "int64": value.rounded() == value && value >= -9_223_372_036_854_775_808.0 && value < 9_223_372_036_854_775_808.0 ? nil : "not an int64"
            default: nil
            }
            if let problem { walk.fail(path, "format", "\(shown) is \(problem)", format, pointer + "/format") }
        }
    }

    private static func string(_ text: String, _ schema: Node, _ pointer: String, _ path: String, into walk: inout SchemaWalk) {
        let length = text.unicodeScalars.count
        if let minimum = schema.member("minLength"), let bound = minimum.number, Double(length) < bound {
            walk.fail(path, "minLength", "expected at least \(Int(bound)) characters, got \(length)", minimum, pointer + "/minLength")
        }
        if let maximum = schema.member("maxLength"), let bound = maximum.number, Double(length) > bound {
            walk.fail(path, "maxLength", "expected at most \(Int(bound)) characters, got \(length)", maximum, pointer + "/maxLength")
        }
        if let pattern = schema.member("pattern"), let source = pattern.text {
            let compiled = TextPattern(source)
            if compiled.problem != nil {
                walk.fail(path, "pattern", "the pattern \(source) does not compile", pattern, pointer + "/pattern")
            } else if !compiled.matches(text) {
                walk.fail(path, "pattern", "\(SchemaWalk.shown(.string(text))) does not match \(source)", pattern, pointer + "/pattern")
            }
        }
        if let format = schema.member("format"), let name = format.text, let problem = formatProblem(name, text) {
            walk.fail(path, "format", "\(SchemaWalk.shown(.string(text))) is not \(problem)", format, pointer + "/format")
        }
    }

    /// What `text` fails to be under the format `name`, or `nil` (unknown formats pass).
    static func formatProblem(_ name: String, _ text: String) -> String? {
        switch name {
        case "date": return date(text) ? nil : "a date (YYYY-MM-DD)"
        case "date-time": return dateTime(text) ? nil : "an RFC 3339 date-time"
        case "uuid":
            let hex = text.replacingOccurrences(of: "-", with: "")
            let dashes = text.count == 36 && [8, 13, 18, 23].allSatisfy { text[text.index(text.startIndex, offsetBy: $0)] == "-" }
            return dashes && hex.count == 32 && hex.allSatisfy(\.isHexDigit) ? nil : "a UUID"
        case "email": return text.contains("@") ? nil : "an email address"
        case "uri":
            guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter,
                  text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
                  !text.contains(" ") else { return "an absolute URI" }
            return nil
        default: return nil
        }
    }

    private static func date(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    private static func dateTime(_ text: String) -> Bool {
        guard text.count >= 20, text.allSatisfy(\.isASCII) else { return false }
        let separator = text.index(text.startIndex, offsetBy: 10)
        guard "Tt ".contains(text[separator]), date(String(text[..<separator])) else { return false }
        var rest = Substring(text[text.index(after: separator)...])
        let clock = rest.prefix(8)
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 8, fields.count == 3, let hour = Int(fields[0]), let minute = Int(fields[1]), let second = Int(fields[2]),
              fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }), hour < 24, minute < 60, second <= 60 else { return false }
        rest = rest.dropFirst(8)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest == "Z" || rest == "z" { return true }
        let offset = rest.dropFirst()
        guard let sign = rest.first, sign == "+" || sign == "-", offset.count == 5, offset[offset.index(offset.startIndex, offsetBy: 2)] == ":",
              let hours = Int(offset.prefix(2)), let minutes = Int(offset.suffix(2)), hours < 24, minutes < 60 else { return false }
        return true
    }
}
