/// Proleptic Gregorian calendar arithmetic and the API's two date layouts,
/// without `DateFormatter` (which is neither cheap nor able to read year -1).
enum CivilDate {
    /// Days since 1970-01-01 for a civil date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func fromDays(_ count: Int) -> (year: Int, month: Int, day: Int) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds since the epoch for `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss` (UTC) or
    /// `yyyy-MM-ddTHH:mm:ss` followed by `Z`, `±hhmm` or `±hh:mm`; `nil` otherwise.
    static func parse(_ text: String) -> Int? {
        var scanner = DigitScanner(Array(text.utf8))
        let negativeYear = scanner.skip(UInt8(ascii: "-"))
        guard let year = scanner.number(digits: 4), scanner.skip(UInt8(ascii: "-")),
              let month = scanner.number(digits: 2), scanner.skip(UInt8(ascii: "-")),
              let day = scanner.number(digits: 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = days(year: negativeYear ? -year : year, month: month, day: day) * 86_400
        if scanner.atEnd { return seconds }
        guard scanner.skip(UInt8(ascii: "T")) || scanner.skip(UInt8(ascii: " ")),
              let hour = scanner.number(digits: 2), scanner.skip(UInt8(ascii: ":")),
              let minute = scanner.number(digits: 2), scanner.skip(UInt8(ascii: ":")),
              let second = scanner.number(digits: 2), hour < 24, minute < 60, second < 61
        else { return nil }
        seconds += hour * 3600 + minute * 60 + second
        if scanner.skip(UInt8(ascii: ".")) { _ = scanner.digits() }
        if scanner.atEnd || scanner.skip(UInt8(ascii: "Z")) { return scanner.atEnd ? seconds : nil }
        let sign: Int
        if scanner.skip(UInt8(ascii: "+")) { sign = 1 } else if scanner.skip(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = scanner.number(digits: 2) else { return nil }
        _ = scanner.skip(UInt8(ascii: ":"))
        guard let offsetMinutes = scanner.number(digits: 2), scanner.atEnd else { return nil }
        return seconds - sign * (offsetHours * 3600 + offsetMinutes * 60)
    }
}

/// Reads fixed-width decimal fields from ASCII bytes.
struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + count)] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += count
        return value
    }

    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
