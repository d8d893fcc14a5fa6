import Foundation
import StubKit
import Testing

/// ``DateExpression`` gives what `pact stub` 0.7.1 served for the same
/// expressions, asked at 2026-11-27T02:54:17Z (a Friday), and refuses what
/// it cannot read with the word that does not fit.
@Suite struct DateExpressionTests {
    static let base = ISO8601DateFormatter().date(from: "2026-11-27T02:54:17Z")!

    static func resolved(_ text: String, _ kind: DateExpression.Kind) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = ["date": "yyyy-MM-dd", "time": "HH:mm:ss", "dateTime": "yyyy-MM-dd'T'HH:mm:ss"][kind.rawValue]
        return formatter.string(from: try DateExpression(text, kind: kind).resolve(from: base))
    }

    /// Each expression and what `pact stub` served for it.
    static let observed: [(DateExpression.Kind, String, String)] = [
        (.date, "today", "2026-11-27"), (.date, "tomorrow", "2026-11-28"), (.date, "yesterday", "2026-11-26"),
        (.date, "+ 1 day", "2026-11-28"), (.date, "- 2 weeks", "2026-11-13"), (.date, "next week", "2026-12-04"),
        (.date, "last month", "2026-10-27"), (.date, "next fortnight", "2026-12-11"), (.date, "next monday", "2026-11-30"),
        (.date, "last wednesday", "2026-11-25"), (.date, "next mon", "2026-11-30"), (.date, "last december", "2025-12-01"),
        (.date, "next jan", "2027-01-01"), (.date, "next june + 2 weeks", "2027-06-15"), (.date, "+ 1 day - 2 weeks", "2026-11-14"),
        (.date, "+ 4 years", "2030-11-27"), (.date, "tomorrow+ 4 years", "2030-11-28"), (.date, "next year", "2027-11-27"),
        (.date, "last day", "2026-11-26"), (.date, "", "2026-11-27"), (.date, "+ 1 month", "2026-12-27"), (.date, "next sunday", "2026-11-29"),
        (.dateTime, "@ midnight", "2026-11-27T00:00:00"), (.dateTime, "@ noon", "2026-11-27T12:00:00"),
        (.dateTime, "@ 2 o'clock", "2026-11-27T14:00:00"), (.dateTime, "@ 12 o'clock am", "2026-11-27T12:00:00"),
        (.dateTime, "@ 1 o'clock pm", "2026-11-27T13:00:00"), (.dateTime, "tomorrow @ noon", "2026-11-28T12:00:00"),
        (.dateTime, "today @ + 1 hour", "2026-11-27T03:54:17"), (.dateTime, "@ next hour", "2026-11-27T03:54:17"),
        (.dateTime, "@ last minute", "2026-11-27T02:53:17"), (.dateTime, "yesterday @ 11 o'clock pm", "2026-11-26T23:00:00"),
        (.dateTime, "now", "2026-11-27T02:54:17"),
        (.time, "+ 1 hour", "03:54:17"), (.time, "midnight", "00:00:00"), (.time, "- 2 minutes", "02:52:17"), (.time, "next hour", "03:54:17"),
    ]

    @Test func expressionsResolveAsThePactToolsResolveThem() throws {
        for (kind, text, expected) in Self.observed {
            #expect(try Self.resolved(text, kind) == expected, "\(kind.rawValue) \"\(text)\"")
        }
    }

    @Test func whatTheToolsCannotReadIsRefusedWithTheWord() {
        let refused: [(DateExpression.Kind, String, String)] = [
            (.date, "bogus words", "unexpected \"bogus\""),
            (.time, "@ noon", "only a DateTime expression"),
            (.dateTime, "next hour", "\"hour\" after next"),
            (.date, "+ x days", "a number"),
            (.date, "+ 2 parsecs", "a unit"),
            (.dateTime, "@ 13 o'clock", "unexpected \"13\""),
        ]
        for (kind, text, why) in refused {
            #expect {
                _ = try DateExpression(text, kind: kind)
            } throws: { error in
                "\(error)".contains(why) && "\(error)".contains(text)
            }
        }
    }
}

extension DateExpressionTests {
    /// `N o'clock` without `am` or `pm` is Pact's `TimeBase.Next`: `pact stub`
    /// served `tomorrow @ 2 o'clock` as 14:00 when asked before noon (above)
    /// and as 02:00 when asked at 12:22 UTC (PactGeneratorTests, 2026-11-27),
    /// so a test that ran around noon failed until this followed it.
    @Test func anHourWithoutAmOrPmFollowsTheHalfOfTheDayItIsAskedIn() throws {
        let formatter = ISO8601DateFormatter()
        let afternoon = try #require(formatter.date(from: "2026-11-27T12:22:05Z"))
        let expression = try DateExpression("tomorrow @ 2 o'clock", kind: .dateTime)
        #expect(formatter.string(from: expression.resolve(from: afternoon)) == "2026-11-28T02:00:00Z")
        #expect(formatter.string(from: expression.resolve(from: Self.base)) == "2026-11-28T14:00:00Z")
        #expect(formatter.string(from: try DateExpression("@ 2 o'clock pm", kind: .dateTime).resolve(from: afternoon)) == "2026-11-27T14:00:00Z",
                "an explicit half is kept")
    }
}
