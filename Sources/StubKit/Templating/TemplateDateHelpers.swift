import Foundation

/// WireMock's date helpers: `now`, `date`, `parseDate`, `truncateDate`, and
/// Handlebars' `dateFormat`. `now` reads the server's clock
/// (``TemplateEnvironment/now``), which a test can set.
enum TemplateDateHelpers {
    typealias Helper = TemplateHelpers.Helper

    static let table: [String: Helper] = [
        "now": { renderer, arguments throws(TemplateRenderError) in
            var date = TemplateDate(instant: renderer.environment.now, zone: try zone(arguments), format: nil)
            if let offset = arguments.text("offset") { date = try date.moved(by: offset) }
            date.format = try format(arguments)
            return .date(date)
        },
        "date": { _, arguments throws(TemplateRenderError) in
            guard case .date(var date) = arguments.param(0) else { return arguments.param(0) }
            if let offset = arguments.text("offset") { date = try date.moved(by: offset) }
            date.format = try format(arguments) ?? date.format
            return .date(date)
        },
        "parseDate": { _, arguments throws(TemplateRenderError) in
            parse(arguments.param(0).rendered, format: arguments.text("format")).map(TemplateValue.date) ?? .text("")
        },
        "truncateDate": { _, arguments throws(TemplateRenderError) in
            guard case .date(let date) = arguments.param(0) else { return arguments.param(0) }
            return .date(try truncated(date, arguments.param(1).rendered))
        },
        "dateFormat": { _, arguments throws(TemplateRenderError) in
            guard case .date(var date) = arguments.param(0) else { return arguments.param(0) }
            date.format = arguments.params.count > 1 ? arguments.param(1).rendered : "MMM d, yyyy"
            return .text(date.rendered)
        },
    ]

    private static func zone(_ arguments: HelperArguments) throws(TemplateRenderError) -> TimeZone {
        guard let name = arguments.text("timezone") else { return TimeZone(identifier: "UTC")! }
        guard let zone = TimeZone(identifier: name) else { throw TemplateRenderError("java.time.zone.ZoneRulesException: Unknown time-zone ID: \(name)") }
        return zone
    }

    /// A `format=` argument, checked: an unknown pattern letter fails as Java's does.
    private static func format(_ arguments: HelperArguments) throws(TemplateRenderError) -> String? {
        guard let format = arguments.text("format") else { return nil }
        if format == "epoch" || format == "unix" { return format }
        var quoted = false
        for letter in format {
            if letter == "'" { quoted.toggle(); continue }
            if !quoted, letter.isLetter, !"GyYuMLdDEFaHkKhmsSzZXxwWVn".contains(letter) {
                throw TemplateRenderError("java.lang.IllegalArgumentException: Illegal pattern character '\(letter)'")
            }
        }
        return format
    }

    /// ISO zoned date-times, RFC 1123, RFC 1036, asctime; `unix`/`epoch`; a
    /// java.time pattern. A zone-less date-time, or text that reads as none, gives `nil`.
    static func parse(_ text: String, format: String?) -> TemplateDate? {
        let utc = TimeZone(identifier: "UTC")!
        // Dates are ASCII; Foundation's DateFormatter traps on some other
        // text (found by the fuzzer: fuzz/regressions/template), so it never sees any.
        guard text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0 }), format?.utf8.allSatisfy({ $0 < 0x80 && $0 != 0 }) ?? true else { return nil }
        if format == "unix" || format == "epoch" {
            guard let number = Double(text) else { return nil }
            return TemplateDate(instant: Date(timeIntervalSince1970: format == "unix" ? number : number / 1000), zone: utc)
        }
        let patterns: [String]
        if let format {
            patterns = [format.replacingOccurrences(of: "u", with: "y")]
        } else {
            patterns = ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "EEE, dd MMM yyyy HH:mm:ss zzz",
                        "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"]
        }
        for pattern in patterns {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = utc
            formatter.dateFormat = pattern
            guard let instant = formatter.date(from: text) else { continue }
            return TemplateDate(instant: instant, zone: zoneOf(text) ?? utc)
        }
        return nil
    }

    /// The offset written at the end of an ISO date-time (`+02:00`), as a zone.
    private static func zoneOf(_ text: String) -> TimeZone? {
        guard let match = text.range(of: "[+-][0-9]{2}:[0-9]{2}$", options: .regularExpression) else { return nil }
        let offset = text[match]
        let sign = offset.first == "-" ? -1 : 1
        let hours = Int(offset.dropFirst().prefix(2)) ?? 0, minutes = Int(offset.suffix(2)) ?? 0
        return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    }

    private static func truncated(_ date: TemplateDate, _ name: String) throws(TemplateRenderError) -> TemplateDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = date.zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date.instant)
        var made = DateComponents()
        made.timeZone = date.zone
        made.year = parts.year
        switch name {
        case "first second of minute": made.month = parts.month; made.day = parts.day; made.hour = parts.hour; made.minute = parts.minute
        case "first minute of hour": made.month = parts.month; made.day = parts.day; made.hour = parts.hour
        case "first hour of day": made.month = parts.month; made.day = parts.day
        case "first day of month": made.month = parts.month; made.day = 1
        case "first day of next month": made.month = (parts.month ?? 1) + 1; made.day = 1
        case "last day of month": made.month = (parts.month ?? 1) + 1; made.day = 0
        case "first day of year": made.month = 1; made.day = 1
        case "first day of next year": made.year = (parts.year ?? 0) + 1; made.month = 1; made.day = 1
        case "last day of year": made.month = 12; made.day = 31
        default: throw TemplateRenderError("java.lang.IllegalArgumentException: \(name) is not a date truncation")
        }
        var moved = date
        moved.instant = calendar.date(from: made) ?? date.instant
        return moved
    }
}
