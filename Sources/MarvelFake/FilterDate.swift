import Foundation
import MarvelModels

/// Dates in filter values (`modifiedSince`, `dateRange`) and `dateDescriptor` windows.
enum FilterDate {
    /// Seconds since the epoch for `2014-01-01`, `2014-01-01T00:00:00-0500` and similar.
    static func parse(_ text: String) -> Double? {
        let date = MarvelDate(rawValue: text)
        guard !date.isUnknown, let instant = date.date else { return nil }
        return instant.timeIntervalSince1970
    }

    /// The window of a `dateDescriptor` value around `now` (weeks start on Sunday, UTC).
    static func range(_ descriptor: String, now: Date) -> Range<Double>? {
        let day = 86_400.0
        let today = (now.timeIntervalSince1970 / day).rounded(.down) * day
        // 1970-01-01 was a Thursday: days since the last Sunday.
        let weekday = ((today / day).truncatingRemainder(dividingBy: 7) + 4).truncatingRemainder(dividingBy: 7)
        let weekStart = today - weekday * day
        switch descriptor {
        case "lastWeek": return (weekStart - 7 * day)..<weekStart
        case "thisWeek": return weekStart..<(weekStart + 7 * day)
        case "nextWeek": return (weekStart + 7 * day)..<(weekStart + 14 * day)
        case "thisMonth":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let month = calendar.dateInterval(of: .month, for: now) else { return nil }
            return month.start.timeIntervalSince1970..<month.end.timeIntervalSince1970
        default: return nil
        }
    }
}
