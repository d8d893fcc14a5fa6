public import Foundation

/// A date or time relative to now, as Pact's `Date`, `Time` and `DateTime`
/// generators take it in `expression`: `tomorrow`, `+ 1 day - 2 weeks`,
/// `next monday`, `last december`, `@ noon`, `@ 2 o'clock`, `@ + 1 hour`,
/// `yesterday @ 11 o'clock pm`. A date expression takes day, week,
/// fortnight, month and year steps; a time expression hour, minute, second
/// and millisecond steps, `midnight`, `noon` and `N o'clock [am|pm]` (an hour
/// without `am` or `pm` is the afternoon's before noon and the morning's from
/// noon on, as the Pact tools read it); a date-time
/// expression is a date part, then `@` and a time part. Resolved in UTC.
public struct DateExpression: Sendable, Hashable, CustomStringConvertible {
    /// Which generator the expression is for.
    public enum Kind: String, Sendable, Hashable {
        /// `Date`: a date part only.
        case date
        /// `Time`: a time part only, without `@`.
        case time
        /// `DateTime`: a date part, then optionally `@` and a time part.
        case dateTime

        /// The Pact generator type for this kind: `Date`, `Time`, `DateTime`.
        public var generatorName: String {
            switch self {
            case .date: return "Date"
            case .time: return "Time"
            case .dateTime: return "DateTime"
            }
        }

        /// The kind a Pact generator type names, or `nil`.
        public init?(generatorName: String) {
            guard let kind = [Kind.date, .time, .dateTime].first(where: { $0.generatorName == generatorName }) else { return nil }
            self = kind
        }
    }

    /// One step from the base instant.
    enum Step: Sendable, Hashable {
        case add(Calendar.Component, Int)
        case weekday(Int, forward: Bool)
        case month(Int, forward: Bool)
        case clock(hour: Int)
        /// `N o'clock` without `am` or `pm`: Pact's `TimeBase.Next`, the
        /// afternoon's hour before noon and the morning's from noon on.
        case nextClock(hour: Int)
    }

    /// Which generator the expression is for.
    public let kind: Kind
    /// The expression as written.
    public let text: String
    let steps: [Step]

    /// Reads `text` for a generator of `kind`.
    ///
    /// - Throws: ``DateExpressionError`` naming the word that does not fit.
    public init(_ text: String, kind: Kind) throws(DateExpressionError) {
        self.kind = kind
        self.text = text
        var tokens = Self.tokens(text)[...]
        var steps: [Step] = []
        var inTime = kind == .time
        while let token = tokens.first {
            if token == "@" {
                guard kind == .dateTime, !inTime else { throw DateExpressionError(text, "\"@\" starts the time part, which only a DateTime expression has, once") }
                tokens.removeFirst()
                inTime = true
                continue
            }
            steps += try inTime ? Self.timeTerm(&tokens, text) : Self.dateTerm(&tokens, text)
        }
        self.steps = steps
    }

    /// The instant the expression names, counted from `now`.
    public func resolve(from now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = now
        for step in steps {
            switch step {
            case .add(let component, let amount):
                date = calendar.date(byAdding: component, value: amount, to: date) ?? date
            case .weekday(let weekday, let forward):
                repeat { date = calendar.date(byAdding: .day, value: forward ? 1 : -1, to: date) ?? date }
                while calendar.component(.weekday, from: date) != weekday
            case .month(let month, let forward):
                var parts = calendar.dateComponents([.year, .month, .hour, .minute, .second, .nanosecond], from: date)
                let current = parts.month ?? 1
                parts.year = (parts.year ?? 2000) + (forward ? (month > current ? 0 : 1) : (month < current ? 0 : -1))
                parts.month = month
                parts.day = 1
                date = calendar.date(from: parts) ?? date
            case .clock(let hour):
                date = calendar.date(bySettingHour: hour, minute: 0, second: 0, of: date) ?? date
            case .nextClock(let hour):
                let afternoon = calendar.component(.hour, from: now) < 12
                date = calendar.date(bySettingHour: afternoon && hour < 12 ? hour + 12 : hour, minute: 0, second: 0, of: date) ?? date
            }
        }
        return date
    }

    /// The expression as written.
    public var description: String { text }

    // MARK: Reading

    private static let dateUnits: [String: (Calendar.Component, Int)] = [
        "day": (.day, 1), "week": (.day, 7), "fortnight": (.day, 14), "month": (.month, 1), "year": (.year, 1),
    ]
    private static let timeUnits: [String: (Calendar.Component, Int)] = [
        "hour": (.hour, 1), "minute": (.minute, 1), "second": (.second, 1), "millisecond": (.nanosecond, 1_000_000),
    ]
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// Words, numbers and the signs `+`, `-`, `@`, lower-cased.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = [], word = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "'" {
                word.append(character)
                continue
            }
            if !word.isEmpty { tokens.append(word); word = "" }
            if "+-@".contains(character) { tokens.append(String(character)) } else if !character.isWhitespace { tokens.append(String(character)) }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    /// A unit word (`day`, `days`) in `units`, with its size.
    private static func unit(_ word: String?, _ units: [String: (Calendar.Component, Int)]) -> (Calendar.Component, Int)? {
        guard let word else { return nil }
        return units[word] ?? (word.hasSuffix("s") ? units[String(word.dropLast())] : nil)
    }

    /// `weekdays` or `months` index of a full or three-letter name.
    private static func named(_ word: String, in names: [String]) -> Int? {
        names.firstIndex { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }
    }

    /// `+ N unit` or `- N unit`, with `units`.
    private static func offset(_ tokens: inout ArraySlice<String>, _ units: [String: (Calendar.Component, Int)], _ text: String) throws(DateExpressionError) -> Step {
        let sign = tokens.removeFirst() == "-" ? -1 : 1
        guard let number = tokens.first, let amount = Int(number), amount <= 100_000 else {
            throw DateExpressionError(text, "a number (up to 100000) follows \(sign < 0 ? "-" : "+")" + (tokens.first.map { ", not \"\($0)\"" } ?? ""))
        }
        tokens.removeFirst()
        guard let (component, size) = unit(tokens.first, units) else {
            throw DateExpressionError(text, "a unit (\(units.keys.sorted().joined(separator: ", "))) follows \(amount)" + (tokens.first.map { ", not \"\($0)\"" } ?? ""))
        }
        tokens.removeFirst()
        return .add(component, sign * amount * size)
    }

    private static func dateTerm(_ tokens: inout ArraySlice<String>, _ text: String) throws(DateExpressionError) -> [Step] {
        let token = tokens.first!
        switch token {
        case "now", "today": tokens.removeFirst(); return []
        case "yesterday": tokens.removeFirst(); return [.add(.day, -1)]
        case "tomorrow": tokens.removeFirst(); return [.add(.day, 1)]
        case "+", "-": return [try offset(&tokens, dateUnits, text)]
        case "next", "last":
            tokens.removeFirst()
            let forward = token == "next"
            guard let word = tokens.first else { throw DateExpressionError(text, "a unit, weekday or month follows \(token)") }
            tokens.removeFirst()
            if let (component, size) = unit(word, dateUnits) { return [.add(component, forward ? size : -size)] }
            if let day = named(word, in: weekdays) { return [.weekday(day + 1, forward: forward)] }
            if let month = named(word, in: months) { return [.month(month + 1, forward: forward)] }
            throw DateExpressionError(text, "\"\(word)\" after \(token) is not a day, week, fortnight, month, year, weekday or month name")
        default:
            throw DateExpressionError(text, "unexpected \"\(token)\"; a date part is today, tomorrow, yesterday, now, next/last DAY|WEEK|MONTH|YEAR|WEEKDAY|MONTHNAME, or + N days")
        }
    }

    private static func timeTerm(_ tokens: inout ArraySlice<String>, _ text: String) throws(DateExpressionError) -> [Step] {
        let token = tokens.first!
        switch token {
        case "now": tokens.removeFirst(); return []
        case "midnight": tokens.removeFirst(); return [.clock(hour: 0)]
        case "noon": tokens.removeFirst(); return [.clock(hour: 12)]
        case "+", "-": return [try offset(&tokens, timeUnits, text)]
        case "next", "last":
            tokens.removeFirst()
            guard let (component, size) = unit(tokens.first, timeUnits) else {
                throw DateExpressionError(text, "a time unit (hour, minute, second, millisecond) follows \(token)")
            }
            tokens.removeFirst()
            return [.add(component, token == "next" ? size : -size)]
        default:
            guard let hour = Int(token), (0...12).contains(hour), tokens.dropFirst().first == "o'clock" else {
                throw DateExpressionError(text, "unexpected \"\(token)\"; a time part is now, midnight, noon, N o'clock [am|pm], next/last HOUR|MINUTE|SECOND, or + N hours")
            }
            tokens.removeFirst(2)
            switch tokens.first {
            case "am"?:
                tokens.removeFirst()
                return [.clock(hour: hour)]
            case "pm"?:
                tokens.removeFirst()
                return [.clock(hour: hour == 12 ? 12 : hour + 12)]
            default:
                return [.nextClock(hour: hour)]
            }
        }
    }
}

/// An expression a ``DateExpression`` cannot read, with the reason.
public struct DateExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The expression.
    public var expression: String
    /// What does not fit.
    public var reason: String

    init(_ expression: String, _ reason: String) {
        self.expression = expression
        self.reason = reason
    }

    /// `the expression "…": reason`.
    public var description: String { "the expression \"\(expression)\": \(reason)" }
}
