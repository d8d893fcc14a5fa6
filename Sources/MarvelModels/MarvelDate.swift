public import Foundation

/// A date as the Marvel API writes it, kept verbatim so that encoding gives back
/// exactly what was decoded.
///
/// The API uses two layouts and two sentinels:
/// - `modified` and comic dates: `"2014-04-29T14:18:17-0400"` (offset without a colon);
/// - event `start`/`end`: `"1995-03-01 00:00:00"` (a space, no zone; read as UTC);
/// - `"-0001-11-30T00:00:00-0500"` for an unknown date (``isUnknown``, ``date`` is `nil`);
/// - `"1969-12-31T19:00:00-0500"`, the epoch, also used for "no date" (``isPlaceholder``).
///
/// Strict `.iso8601` decoding fails on the first sentinel and on the event layout;
/// this type never fails on a string.
public struct MarvelDate: Codable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text as the API sent it.
    public var rawValue: String

    /// The sentinel for an unknown date.
    public static let unknown = MarvelDate(rawValue: "-0001-11-30T00:00:00-0500")
    /// The epoch written in US Eastern time, which the API also uses for "no date".
    public static let epoch = MarvelDate(rawValue: "1969-12-31T19:00:00-0500")

    /// Wraps a string as the API wrote it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a string literal as the API would write it.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Writes `date` in the API's `modified` layout at a UTC offset (default US Eastern
    /// standard time, `-0500`).
    public init(_ date: Date, utcOffsetSeconds: Int = -5 * 3600) {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        let days = local.floorDivided(by: 86_400)
        let seconds = local - days * 86_400
        let (year, month, day) = CivilDate.fromDays(days)
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let offset = abs(utcOffsetSeconds) / 60
        rawValue = "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
            + "\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):\(Self.pad(seconds % 60, 2))"
            + "\(sign)\(Self.pad(offset / 60, 2))\(Self.pad(offset % 60, 2))"
    }

    /// Decodes the string; any string is accepted.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the string exactly as it was decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The instant, or `nil` for the unknown-date sentinel and for text that is not a date.
    public var date: Date? {
        guard !isUnknown, let seconds = CivilDate.parse(rawValue) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Whether this is the `-0001-11-30…` sentinel for an unknown date.
    public var isUnknown: Bool { rawValue.hasPrefix("-0001-") }

    /// Whether this is either sentinel (unknown date, or the epoch standing for none).
    public var isPlaceholder: Bool { isUnknown || date == Date(timeIntervalSince1970: 0) }

    /// The text as the API sent it.
    public var description: String { rawValue }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
