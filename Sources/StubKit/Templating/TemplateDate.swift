import Foundation

/// An instant a template made (`now`, `parseDate`, `date`), with the zone
/// it renders in: `2026-11-25T13:44:39Z`, or with its offset kept
/// (`2023-03-15T10:20:30+02:00`) when it was parsed with one.
struct TemplateDate: Sendable, Hashable {
    var instant: Date
    /// The zone it renders in; UTC renders `Z`.
    var zone: TimeZone
    /// A `format=` it was made with (`epoch`, `unix` or a Java pattern), used when it renders.
    var format: String?

    /// ISO-8601 to the second, or as `format` says.
    var rendered: String {
        if let format { return JavaDateFormat.format(instant, pattern: format, zone: zone) }
        let offset = zone.secondsFromGMT(for: instant)
        let pattern = offset == 0 ? "yyyy-MM-dd'T'HH:mm:ss'Z'" : "yyyy-MM-dd'T'HH:mm:ssXXX"
        return JavaDateFormat.format(instant, pattern: pattern, zone: zone)
    }

    /// This instant moved by `offset` (`3 days`, `-1 hours`, `now +2 days`):
    /// seconds, minutes, hours, days, months or years, as WireMock reads it.
    func moved(by offset: String) throws(TemplateRenderError) -> TemplateDate {
        var words = offset.split(separator: " ").map(String.init)
        if words.first == "now" { words.removeFirst() }
        guard words.count == 2, let amount = Int(words[0].hasPrefix("+") ? String(words[0].dropFirst()) : words[0]) else {
            throw TemplateRenderError("offset \"\(offset)\" is not an amount and a unit such as \"3 days\"")
        }
        let units: [String: Calendar.Component] = [
            "seconds": .second, "minutes": .minute, "hours": .hour, "days": .day, "months": .month, "years": .year,
        ]
        guard let unit = units[words[1].lowercased()] else {
            throw TemplateRenderError("No enum constant com.github.tomakehurst.wiremock.common.DateTimeUnit.\(words[1].uppercased())")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var moved = self
        moved.instant = calendar.date(byAdding: unit, value: amount, to: instant) ?? instant
        return moved
    }
}

/// Formats instants with Java `SimpleDateFormat` / `DateTimeFormatter`
/// pattern letters (`yyyy-MM-dd'T'HH:mm:ss.SSSZ`), or `epoch` (milliseconds)
/// and `unix` (seconds), as WireMock's date helpers take them.
enum JavaDateFormat {
    static func format(_ instant: Date, pattern: String, zone: TimeZone) -> String {
        if pattern == "epoch" { return String(Int64((instant.timeIntervalSince1970 * 1000).rounded(.down))) }
        if pattern == "unix" { return String(Int64(instant.timeIntervalSince1970.rounded(.down))) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday], from: instant)
        var result = ""
        let letters = Array(pattern)
        var index = 0
        while index < letters.count {
            let letter = letters[index]
            if letter == "'" {
                if index + 1 < letters.count, letters[index + 1] == "'" { result += "'"; index += 2; continue }
                index += 1
                while index < letters.count, letters[index] != "'" { result.append(letters[index]); index += 1 }
                index += 1
                continue
            }
            guard letter.isLetter else { result.append(letter); index += 1; continue }
            var count = 1
            while index + count < letters.count, letters[index + count] == letter { count += 1 }
            index += count
            result += field(letter, count, parts, instant: instant, zone: zone)
        }
        return result
    }

    private static func field(_ letter: Character, _ count: Int, _ parts: DateComponents, instant: Date, zone: TimeZone) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let offset = zone.secondsFromGMT(for: instant)
        switch letter {
        case "y", "u": return count == 2 ? padded((parts.year ?? 0) % 100, 2) : padded(parts.year ?? 0, count)
        case "M", "L":
            let month = parts.month ?? 1
            if count >= 4 { return months[month - 1] }
            if count == 3 { return String(months[month - 1].prefix(3)) }
            return padded(month, count)
        case "d": return padded(parts.day ?? 1, count)
        case "H": return padded(parts.hour ?? 0, count)
        case "k": return padded((parts.hour ?? 0) == 0 ? 24 : parts.hour ?? 0, count)
        case "h": return padded(((parts.hour ?? 0) + 11) % 12 + 1, count)
        case "K": return padded((parts.hour ?? 0) % 12, count)
        case "m": return padded(parts.minute ?? 0, count)
        case "s": return padded(parts.second ?? 0, count)
        case "S":
            let fraction = String(format: "%09d", parts.nanosecond ?? 0)
            return String(fraction.prefix(min(count, 9))) + String(repeating: "0", count: max(0, count - 9))
        case "a": return (parts.hour ?? 0) < 12 ? "AM" : "PM"
        case "E":
            let day = days[((parts.weekday ?? 1) - 1) % 7]
            return count >= 4 ? day : String(day.prefix(3))
        case "Z":
            return offsetText(offset, colon: count >= 5 ? true : false, zulu: false)
        case "X", "x":
            if count == 1 { return offset == 0 && letter == "X" ? "Z" : String(offsetText(offset, colon: false, zulu: false).prefix(3)) }
            return offsetText(offset, colon: count >= 3, zulu: letter == "X")
        case "z", "V": return zone.abbreviation(for: instant) ?? zone.identifier
        default: return String(repeating: letter, count: count)
        }
    }

    private static func offsetText(_ seconds: Int, colon: Bool, zulu: Bool) -> String {
        if zulu, seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let hours = abs(seconds) / 3600, minutes = abs(seconds) % 3600 / 60
        return sign + String(format: "%02d", hours) + (colon ? ":" : "") + String(format: "%02d", minutes)
    }
}
