import Foundation
import MarvelFake
import MarvelModels
import StubKit
import Testing
import UnderstudyTestSupport

/// Every route of the fake answers a valid, strictly decodable envelope; lists page,
/// filter and order; sub-collections agree with the lists inside entities.
@Suite struct MarvelFakeRouteTests {
    static let catalog = MarvelCatalog.standard

    /// A well-linked id for each kind.
    static func sampleID(_ kind: ResourceKind) -> Int {
        switch kind {
        case .characters: catalog.characters[150].id
        case .comics: catalog.comics[0].id
        case .creators: catalog.creators[0].id
        case .events: catalog.events[0].id
        case .series: catalog.series[0].id
        case .stories: catalog.stories[1].id
        }
    }

    /// The 39 routes, as (path, kind of results).
    static let routes: [(String, ResourceKind)] = ResourceKind.allCases.flatMap { kind in
        let id = sampleID(kind)
        let subs: [ResourceKind] = switch kind {
        case .characters: [.comics, .events, .series, .stories]
        case .comics: [.characters, .creators, .events, .stories]
        case .creators: [.comics, .events, .series, .stories]
        case .events: [.characters, .comics, .creators, .series, .stories]
        case .series: [.characters, .comics, .creators, .events, .stories]
        case .stories: [.characters, .comics, .creators, .events, .series]
        }
        return [("/v1/public/\(kind)", kind), ("/v1/public/\(kind)/\(id)", kind)]
            + subs.map { ("/v1/public/\(kind)/\(id)/\($0)", $0) }
    }

    /// Decodes a page strictly into the model for `kind`; returns the ids and the
    /// differences between the JSON and the models.
    struct Page {
        var ids: [Int], offset: Int, limit: Int, total: Int, count: Int, etag: String?
        var differences: [JSONDifference]
    }

    static func strictPage(_ kind: ResourceKind, _ body: Data) throws -> Page {
        func decode<Value: Codable & Sendable & Hashable & Identifiable<Int>>(_ type: Value.Type) throws -> Page {
            let (page, differences) = try StrictDecoding.decode(DataWrapper<Value>.self, from: body, encoder: MarvelJSON.encoder())
            return Page(ids: page.data.results.map(\.id), offset: page.data.offset, limit: page.data.limit,
                        total: page.data.total, count: page.data.count, etag: page.etag, differences: differences)
        }
        switch kind {
        case .characters: return try decode(MarvelCharacter.self)
        case .comics: return try decode(Comic.self)
        case .creators: return try decode(Creator.self)
        case .events: return try decode(Event.self)
        case .series: return try decode(Series.self)
        case .stories: return try decode(Story.self)
        }
    }

    @Test func thereAre39Routes() { #expect(Self.routes.count == 39) }

    @Test(arguments: routes.map { $0.0 })
    func everyRouteAnswersAValidEnvelope(path: String) async throws {
        let kind = Self.routes.first { $0.0 == path }!.1
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.get(path)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        let page = try Self.strictPage(kind, reply.body)
        #expect(page.differences.isEmpty, "\(page.differences.map(\.description).joined(separator: "\n"))")
        #expect(page.etag != nil && page.etag == reply.header("ETag"))
        #expect(page.etag?.count == 40)
        #expect(page.count == page.ids.count && page.count <= page.limit && page.count <= page.total)
        #expect(page.total > 0)
        if path.split(separator: "/").count == 4 { #expect(page.ids == [Self.sampleID(kind)] && page.total == 1) }
    }

    @Test(arguments: [ResourceKind.characters, .comics, .stories])
    func pagingWithOffsetPlusLimitSeesEveryItemOnce(kind: ResourceKind) async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        var seen: [Int] = []
        var offset = 0, total = Int.max, pages = 0
        while offset < total {
            let reply = try await fake.get("/v1/public/\(kind)", "limit=37&offset=\(offset)")
            let page = try Self.strictPage(kind, reply.body)
            #expect(page.offset == offset && page.limit == 37)
            total = page.total
            seen += page.ids
            offset += 37
            pages += 1
        }
        #expect(total >= 150)
        #expect(seen.count == total && Set(seen).count == total, "each item exactly once")
        #expect(pages == (total + 36) / 37)
    }

    @Test func anOffsetPastTheEndIsAnEmptyPageThatEchoesTheOffset() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let page = try Self.strictPage(.characters, try await fake.get("/v1/public/characters", "offset=1000000").body)
        #expect(page.offset == 1_000_000 && page.count == 0 && page.ids.isEmpty && page.total == 160)
    }

    @Test func subCollectionsAgreeWithTheListsInsideEntities() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let character = Self.catalog.characters[150]
        #expect(character.comics.available > 20 && character.comics.returned == 20, "a list that is cut at 20")
        let comics = try Self.strictPage(.comics, try await fake.get("/v1/public/characters/\(character.id)/comics", "limit=100").body)
        #expect(comics.total == character.comics.available)
        #expect(Array(comics.ids.prefix(20)) == character.comics.items.compactMap(\.id))
        let comic = Self.catalog.comics[0]
        let creators = try Self.strictPage(.creators, try await fake.get("/v1/public/comics/\(comic.id)/creators").body)
        #expect(creators.ids == comic.creators.items.compactMap(\.id))
        let story = Self.catalog.stories[1]
        let series = try Self.strictPage(.series, try await fake.get("/v1/public/stories/\(story.id)/series").body)
        #expect(series.ids == story.series.items.compactMap(\.id))
    }

    @Test func orderByAndNameStartsWithShapeTheList() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.get("/v1/public/characters", "nameStartsWith=astral&orderBy=-name")
        let page = try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: reply.body)
        let names = page.data.results.map(\.name)
        #expect(page.data.total == 10 && names.allSatisfy { $0.hasPrefix("Astral ") })
        #expect(names == names.sorted(by: >))
    }

    @Test func titleStartsWithIssueNumberAndIDFiltersNarrowComics() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let lead = Self.catalog.characters[3]
        let reply = try await fake.get("/v1/public/comics", "titleStartsWith=\(lead.name.prefix(8))&issueNumber=3&orderBy=title")
        let page = try JSONDecoder().decode(DataWrapper<Comic>.self, from: reply.body)
        #expect(page.data.total > 0)
        #expect(page.data.results.allSatisfy { $0.title.hasPrefix(String(lead.name.prefix(8))) && $0.issueNumber == 3 })

        let two = Self.catalog.characters[150].id, other = Self.catalog.characters[151].id
        let both = try JSONDecoder().decode(DataWrapper<Comic>.self,
            from: try await fake.get("/v1/public/comics", "sharedAppearances=\(two),\(other)&limit=100").body)
        let either = try JSONDecoder().decode(DataWrapper<Comic>.self,
            from: try await fake.get("/v1/public/comics", "characters=\(two),\(other)&limit=100").body)
        #expect(both.data.total > 0 && both.data.total < either.data.total)
        #expect(both.data.results.allSatisfy { comic in Set(comic.characters.items.compactMap(\.id)).isSuperset(of: [two, other]) })
    }

    @Test func modifiedSinceKeepsOnlyLaterAndNeverUnknownDates() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.get("/v1/public/characters", "modifiedSince=2020-01-01&limit=100&orderBy=modified")
        let page = try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: reply.body)
        let cutoff = Date(timeIntervalSince1970: 1_577_836_800)
        #expect(page.data.total > 0 && page.data.total < 160)
        #expect(page.data.results.allSatisfy { ($0.modified.date ?? .distantPast) >= cutoff })
        let dates = page.data.results.compactMap(\.modified.date)
        #expect(dates == dates.sorted())
    }

    @Test func theDocumentedURLWorksOutOfTheBox() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.raw("/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150")
        #expect(reply.status == 200)
        #expect(reply.text.hasPrefix(#"{"code":200,"status":"Ok","copyright":"© "#))
    }

    @Test func anUnchangedPageIsAnsweredWith304AndNoBody() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let first = try await fake.get("/v1/public/series", "limit=5")
        let etag = try #require(first.header("ETag"))
        let again = try await fake.get("/v1/public/series", "limit=5", headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == etag)
        let otherPage = try await fake.get("/v1/public/series", "limit=5&offset=5", headers: ["If-None-Match": etag])
        #expect(otherPage.status == 200 && otherPage.header("ETag") != etag)
    }

    @Test func aJSONPCallbackWrapsTheEnvelope() async throws {
        let fake = try MarvelHarness()
        defer { fake.stop() }
        let reply = try await fake.get("/v1/public/events", "limit=1&callback=handle")
        #expect(reply.status == 200 && reply.text.hasPrefix("handle({\"code\":200") && reply.text.hasSuffix("});"))
    }
}
