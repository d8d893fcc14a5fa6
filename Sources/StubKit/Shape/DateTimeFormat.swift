/// A Java `DateTimeFormatter` pattern (`yyyy-MM-dd'T'HH:mm:ss.SSSXXX`) as
/// a check on text, for Pact's date, time and timestamp rules: each letter
/// run becomes what it accepts (digits of the right count and range, a month
/// or day name, an offset), quoted text and punctuation stand for themselves.
/// Without a pattern, the ISO 8601 form of the kind.
struct DateTimeFormat {
    let pattern: TextPattern

    init(kind: ShapeRule.DateTimeKind, pattern format: String?) {
        guard let format, !format.isEmpty else {
            switch kind {
            case .date: pattern = TextPattern(#"\d{4}-\d{2}-\d{2}"#)
            case .time: pattern = TextPattern(#"\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?"#)
            case .timestamp:
                pattern = TextPattern(#"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?"#)
            }
            return
        }
        pattern = TextPattern(Self.regex(for: format))
    }

    func accepts(_ text: String) -> Bool { pattern.matchesWhole(text) }

    /// The regular expression a Java pattern stands for.
    static func regex(for format: String) -> String {
        var out = ""
        var characters = Array(format)[...]
        while let letter = characters.first {
            if letter == "'" {
                characters = characters.dropFirst()
                let literal = characters.prefix { $0 != "'" }
                out += literal.isEmpty ? "'" : escaped(String(literal))
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            let run = characters.prefix { $0 == letter }.count
            characters = characters.dropFirst(run)
            out += piece(letter, run)
        }
        return out
    }

    private static func piece(_ letter: Character, _ count: Int) -> String {
        switch letter {
        case "y", "u", "Y": return count == 2 ? #"\d{2}"# : #"\d{4}"#
        case "M", "L":
            switch count {
            case 1: return "(1[0-2]|[1-9])"
            case 2: return "(0[1-9]|1[0-2])"
            case 3: return "[A-Z][a-z]{2}"
            default: return "[A-Z][a-z]+"
            }
        case "d": return count == 1 ? "(3[01]|[12][0-9]|[1-9])" : "(3[01]|[12][0-9]|0[1-9])"
        case "D": return #"\d{1,3}"#
        case "H": return count == 1 ? "(2[0-3]|1[0-9]|[0-9])" : "(2[0-3]|[01][0-9])"
        case "h": return count == 1 ? "(1[0-2]|[1-9])" : "(1[0-2]|0[1-9])"
        case "k": return "(2[0-4]|1[0-9]|[1-9])"
        case "K": return "(1[01]|[0-9])"
        case "m", "s": return count == 1 ? "([1-5][0-9]|[0-9])" : "[0-5][0-9]"
        case "S", "n": return #"\d{\#(count)}"#
        case "a": return "(AM|PM|am|pm)"
        case "E": return count >= 4 ? "[A-Z][a-z]+" : "[A-Z][a-z]{2}"
        case "X": return count == 1 ? #"(Z|[+-]\d{2}(\d{2})?)"# : count == 2 || count == 4 ? #"(Z|[+-]\d{4})"# : #"(Z|[+-]\d{2}:\d{2})"#
        case "x": return count == 1 ? #"[+-]\d{2}(\d{2})?"# : count == 2 || count == 4 ? #"[+-]\d{4}"# : #"[+-]\d{2}:\d{2}"#
        case "Z": return count <= 3 ? #"[+-]\d{4}"# : #"(Z|GMT[+-]\d{2}:\d{2})"#
        case "z", "V", "O": return #"[A-Za-z][A-Za-z0-9/_+:-]*"#
        case "G": return "(AD|BC)"
        default:
            return escaped(String(repeating: letter, count: count))
        }
    }

    private static func escaped(_ text: String) -> String {
        text.map { "\\^$.|?*+()[]{}/".contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}
