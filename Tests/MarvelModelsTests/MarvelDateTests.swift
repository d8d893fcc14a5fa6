import Foundation
import MarvelModels
import Testing

/// `MarvelDate` reads every layout the API writes and never loses the text.
@Suite struct MarvelDateTests {
    @Test func readsTheModifiedLayoutWithAnOffsetWithoutAColon() {
        #expect(MarvelDate(rawValue: "2014-04-29T14:18:17-0400").date == Date(timeIntervalSince1970: 1_398_795_497))
        #expect(MarvelDate(rawValue: "2014-04-29T18:18:17Z").date == Date(timeIntervalSince1970: 1_398_795_497))
        #expect(MarvelDate(rawValue: "2014-04-29T14:18:17-04:00").date == Date(timeIntervalSince1970: 1_398_795_497))
    }

    @Test func theUnknownSentinelHasNoDateAndTheEpochIsAPlaceholder() {
        #expect(MarvelDate.unknown.isUnknown && MarvelDate.unknown.date == nil && MarvelDate.unknown.isPlaceholder)
        #expect(MarvelDate.epoch.date == Date(timeIntervalSince1970: 0) && MarvelDate.epoch.isPlaceholder)
        #expect(!MarvelDate(rawValue: "2014-04-29T14:18:17-0400").isPlaceholder)
    }

    @Test func eventDatesWithoutAZoneReadAsUTC() {
        #expect(MarvelDate(rawValue: "1995-03-01 00:00:00").date == Date(timeIntervalSince1970: 794_016_000))
        #expect(MarvelDate(rawValue: "1995-03-01").date == Date(timeIntervalSince1970: 794_016_000))
    }

    @Test func textThatIsNotADateDecodesButHasNoDate() throws {
        let decoded = try JSONDecoder().decode([MarvelDate].self, from: Data(#"["soon","1995-13-01 00:00:00"]"#.utf8))
        #expect(decoded.map(\.rawValue) == ["soon", "1995-13-01 00:00:00"])
        #expect(decoded.allSatisfy { $0.date == nil })
    }

    @Test(arguments: [0, 1_398_795_497, -86_400 * 365 * 80, 4_102_444_800])
    func writingADateReadsBackTheSameInstant(seconds: Int) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let written = MarvelDate(date)
        #expect(written.date == date, "\(written)")
        #expect(MarvelDate(date, utcOffsetSeconds: 0).rawValue.hasSuffix("+0000"))
    }

    @Test func theEpochWrittenInEasternTimeIsTheAPIsSentinel() {
        #expect(MarvelDate(Date(timeIntervalSince1970: 0)) == .epoch)
    }
}
