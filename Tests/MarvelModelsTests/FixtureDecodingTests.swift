import Foundation
import MarvelModels
import StubKit
import Testing
import UnderstudyTestSupport

/// The hand-crafted fixtures in `fixtures/marvel` decode strictly into the models:
/// no unknown key, no missing key, and every quirk read as the API means it.
@Suite struct FixtureDecodingTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/marvel")

    static func load(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    static func strict<Value: Codable>(_ type: Value.Type, _ name: String) throws -> Value {
        let (value, differences) = try StrictDecoding.decode(type, from: load(name), encoder: MarvelJSON.encoder())
        #expect(differences.isEmpty, "\(name): \(differences.map(\.description).joined(separator: "\n"))")
        return value
    }

    @Test func charactersKeepSentinelsNullsAndPlaceholders() throws {
        let page = try Self.strict(DataWrapper<MarvelCharacter>.self, "characters.json")
        #expect(page.data.count == 2 && page.data.total == 31 && page.data.hasMore)
        let moth = page.data.results[0], quill = page.data.results[1]
        #expect(moth.modified.isUnknown && moth.modified.date == nil)
        #expect(moth.description == "" && moth.thumbnail?.isPlaceholder == true)
        #expect(moth.comics.available == 46 && moth.comics.returned == 2)
        #expect(moth.stories.items.map(\.type) == ["cover", "interiorStory", ""])
        #expect(quill.description == nil && quill.thumbnail == nil)
        #expect(quill.modified.isPlaceholder && quill.modified.date == Date(timeIntervalSince1970: 0))
    }

    @Test func comicsReadIntegerIssueNumbersAndUnknownDates() throws {
        let comic = try Self.strict(DataWrapper<Comic>.self, "comics.json").data.results[0]
        #expect(comic.issueNumber == 19 && comic.digitalId == 0 && comic.description == nil)
        #expect(comic.dates.first { $0.type == "focDate" }?.date == .unknown)
        #expect(comic.dates.first { $0.type == "onsaleDate" }?.date.date == Date(timeIntervalSince1970: 1_354_078_800))
        #expect(comic.prices == [ComicPrice(type: "printPrice", price: 2.99)])
        #expect(comic.textObjects[0].text.contains("\r<br>"))
        #expect(comic.creators.items.map(\.role) == ["writer", "penciller (cover)"])
        #expect(comic.thumbnail?.url(.portraitXLarge)?.absoluteString
                == "http://i.annihil.us/u/prod/marvel/i/mg/3/a0/5c81412fa38c2/portrait_xlarge.jpg")
    }

    @Test func eventsReadDatesWithoutAZoneAndNullNeighbours() throws {
        let event = try Self.strict(DataWrapper<Event>.self, "events.json").data.results[0]
        #expect(event.start?.rawValue == "1995-03-01 00:00:00")
        #expect(event.start?.date == Date(timeIntervalSince1970: 794_016_000))
        #expect(event.next == nil && event.previous?.id == 398)
    }

    @Test func seriesStoriesAndCreatorsDecode() throws {
        let series = try Self.strict(DataWrapper<Series>.self, "series.json").data.results[0]
        #expect(series.type == "" && series.endYear == 2099 && series.description == nil)
        let story = try Self.strict(DataWrapper<Story>.self, "stories.json").data.results[0]
        #expect(story.originalIssue.id == 70318 && story.thumbnail == nil)
        let creator = try Self.strict(DataWrapper<Creator>.self, "creators.json").data.results[0]
        #expect(creator.fullName == "Pavel J. Redgrave Jr." && creator.thumbnail?.fileExtension == "png")
    }

    @Test func envelopesFrom2014WithoutAttributionDecode() throws {
        let page = try Self.strict(DataWrapper<MarvelCharacter>.self, "characters-2014.json")
        #expect(page.copyright == nil && page.data.offset == 1_000_000 && page.data.results.isEmpty)
    }

    @Test(arguments: [
        "missing-apikey", "missing-hash", "missing-timestamp", "invalid-apikey", "invalid-hash", "rate-limited",
        "method-not-allowed", "resource-not-found", "character-not-found", "limit-over-100", "limit-invalid",
        "unknown-parameter", "blank-parameter", "invalid-ordering", "too-many-ids", "invalid-id-filter",
    ])
    func errorBodiesOfBothShapesDecodeAsOneType(name: String) throws {
        let error = try Self.strict(MarvelAPIError.self, "errors/\(name).json")
        switch error.code {
        case .status(let status): #expect([404, 409].contains(status))
        case .name(let code): #expect(code.first?.isUppercase == true)
        }
        #expect(!error.message.isEmpty)
    }

    @Test func anErrorBodyWithAnIntegerCodeAndAMessageIsNotAccepted() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(MarvelAPIError.self, from: Data(#"{"code":409,"message":"x"}"#.utf8))
        }
    }

    /// Every JSON file under `fixtures/marvel`, by its name: `errors/*` are error bodies,
    /// the rest are envelopes of the resource their name starts with.
    @Test func everyFixtureInTheFolderDecodesStrictly() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 20)
        for file in files {
            let kind = file.hasPrefix("errors/") ? "errors" : String(file.prefix { $0.isLetter })
            switch kind {
            case "errors": _ = try Self.strict(MarvelAPIError.self, file)
            case "characters": _ = try Self.strict(DataWrapper<MarvelCharacter>.self, file)
            case "comics": _ = try Self.strict(DataWrapper<Comic>.self, file)
            case "creators": _ = try Self.strict(DataWrapper<Creator>.self, file)
            case "events": _ = try Self.strict(DataWrapper<Event>.self, file)
            case "series": _ = try Self.strict(DataWrapper<Series>.self, file)
            case "stories": _ = try Self.strict(DataWrapper<Story>.self, file)
            default: Issue.record("fixtures/marvel/\(file): no model for this name; name it after its resource or put it in errors/")
            }
        }
    }

    @Test func everyFixtureRoundTripsToAnEqualValue() throws {
        let decoder = JSONDecoder(), encoder = MarvelJSON.encoder()
        func roundTrip<Value: Codable & Equatable>(_ type: Value.Type, _ name: String) throws {
            let value = try decoder.decode(type, from: Self.load(name))
            #expect(try decoder.decode(type, from: encoder.encode(value)) == value, "\(name)")
        }
        try roundTrip(DataWrapper<MarvelCharacter>.self, "characters.json")
        try roundTrip(DataWrapper<MarvelCharacter>.self, "characters-2014.json")
        try roundTrip(DataWrapper<Comic>.self, "comics.json")
        try roundTrip(DataWrapper<Creator>.self, "creators.json")
        try roundTrip(DataWrapper<Event>.self, "events.json")
        try roundTrip(DataWrapper<Series>.self, "series.json")
        try roundTrip(DataWrapper<Story>.self, "stories.json")
        try roundTrip(MarvelAPIError.self, "errors/missing-hash.json")
        try roundTrip(MarvelAPIError.self, "errors/limit-invalid.json")
    }
}
