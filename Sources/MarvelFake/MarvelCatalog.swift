import Foundation
public import MarvelModels
import StubKit

/// The entities the fake serves, as models and as encoded, indexed records.
///
/// The data is crafted (see the word lists in the source), deterministic and
/// cross-linked: every resource list inside an entity agrees with the matching
/// sub-collection route. Entity URLs carry the public key, as the API's do.
public struct MarvelCatalog: Sendable {
    /// 160 characters, by id.
    public let characters: [MarvelCharacter]
    /// 180 comics: issues, variants, trade paperbacks, hardcovers and digital comics.
    public let comics: [Comic]
    /// 50 creators, two of whom have no credits.
    public let creators: [Creator]
    /// 12 events, chained by `next` and `previous`.
    public let events: [Event]
    /// 30 series.
    public let series: [Series]
    /// 360 stories: a cover and an interior story per comic.
    public let stories: [Story]

    let records: [ResourceKind: [CatalogRecord]]
    let positions: [ResourceKind: [Int: Int]]

    /// The catalog for the default public key, built once.
    public static let standard = try! MarvelCatalog(publicKey: MarvelFake.Configuration.documentationPublicKey)

    /// Builds the catalog, writing `publicKey` into entity URLs.
    public init(publicKey: String) throws {
        let crafted = CraftedCatalog(publicKey: publicKey)
        let graph = crafted.graph
        characters = (0..<CatalogGraph.characterCount).map(crafted.character)
        comics = (0..<CatalogGraph.comicCount).map(crafted.comic)
        creators = (0..<CatalogGraph.creatorCount).map(crafted.creator)
        events = (0..<CatalogGraph.eventCount).map(crafted.event)
        series = (0..<CatalogGraph.seriesCount).map(crafted.series)
        stories = (0..<CatalogGraph.storyCount).map(crafted.story)

        func base(_ kind: ResourceKind, _ index: Int, _ entity: some Encodable & Sendable, modified: MarvelDate) -> CatalogRecord {
            let id = CatalogGraph.id(kind, index)
            var record = CatalogRecord(id: id, encoded: LazyEncodedResult("\(kind) \(id)") { try MarvelJSON.encoder().encode(entity) })
            for target in ResourceKind.allCases where target != kind {
                record.links[target] = Set(graph.related(target, to: kind, index).map { CatalogGraph.id(target, $0) })
            }
            if let date = FilterDate.parse(modified.rawValue) { record.dates["modified"] = date }
            return record
        }
        var records: [ResourceKind: [CatalogRecord]] = [:]
        records[.characters] = characters.enumerated().map { index, character in
            var record = base(.characters, index, character, modified: character.modified)
            record.text["name"] = character.name
            return record
        }
        records[.comics] = comics.enumerated().map { index, comic in
            var record = base(.comics, index, comic, modified: comic.modified)
            record.text = ["title": comic.title, "diamondCode": comic.diamondCode, "upc": comic.upc,
                           "isbn": comic.isbn, "ean": comic.ean, "issn": comic.issn]
            record.tags = ["format": [comic.format.lowercased()],
                           "formatType": [crafted.isCollection(index) ? "collection" : "comic"]]
            record.numbers = ["issueNumber": comic.issueNumber, "digitalId": Double(comic.digitalId),
                              "startYear": Double(crafted.seriesYears(graph.comicSeries[index]).start)]
            for date in comic.dates where date.type == "onsaleDate" || date.type == "focDate" {
                record.dates[date.type] = FilterDate.parse(date.date.rawValue)
            }
            if crafted.isVariant(index) { record.flags.insert("variant") }
            if comic.digitalId != 0 { record.flags.insert("digital") }
            return record
        }
        records[.creators] = creators.enumerated().map { index, creator in
            var record = base(.creators, index, creator, modified: creator.modified)
            record.text = ["firstName": creator.firstName, "middleName": creator.middleName, "lastName": creator.lastName,
                           "suffix": creator.suffix, "fullName": creator.fullName]
            return record
        }
        records[.events] = events.enumerated().map { index, event in
            var record = base(.events, index, event, modified: event.modified)
            record.text["name"] = event.title
            record.dates["startDate"] = event.start.flatMap { FilterDate.parse($0.rawValue) }
            return record
        }
        records[.series] = series.enumerated().map { index, series in
            var record = base(.series, index, series, modified: series.modified)
            record.text["title"] = series.title
            record.numbers["startYear"] = Double(series.startYear)
            let formats = graph.comics(of: .series, index).map { crafted.comicFormat($0).lowercased() }
            record.tags = ["type": [series.type], "contains": Set(formats)]
            return record
        }
        records[.stories] = stories.enumerated().map { index, story in
            base(.stories, index, story, modified: story.modified)
        }
        self.records = records
        positions = records.mapValues { list in
            Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1.id, $0) })
        }
    }

    /// The record of `kind` with this id.
    func record(_ kind: ResourceKind, id: Int) -> CatalogRecord? {
        positions[kind]?[id].map { records[kind]![$0] }
    }
}
