import Foundation
import MarvelModels

/// The fake's data: 160 characters, 180 comics, 50 creators, 12 events, 30 series and
/// 360 stories, written by Understudy in the exact shapes of the API, with its quirks:
/// both date sentinels, `null` descriptions and thumbnails, `digitalId: 0`, integer
/// issue numbers, mixed-case roles, `""` types, event dates without a zone, series
/// `type`, stories' `originalIssue`, resource lists capped at 20 items.
struct CraftedCatalog {
    let graph = CatalogGraph()
    let publicKey: String

    // MARK: Names

    func name(_ kind: ResourceKind, _ index: Int) -> String {
        switch kind {
        case .characters: CraftedValues.characterName(index)
        case .comics: comicTitle(index)
        case .creators: creatorNames(index).full
        case .events: CraftedNames.eventTitles[index]
        case .series: seriesTitle(index)
        case .stories: storyTitle(index)
        }
    }

    func seriesYears(_ series: Int) -> (start: Int, end: Int) {
        let start = 1963 + (series * 7) % 58
        return (start, series % 3 == 0 ? 2099 : start + 1 + series % 5)
    }

    func seriesTitle(_ series: Int) -> String {
        let years = seriesYears(series)
        return "\(CraftedValues.characterName(series)) (\(years.start) - \(years.end == 2099 ? "Present" : String(years.end)))"
    }

    func comicFormat(_ comic: Int) -> String {
        if comic % 9 == 8 { return "Trade Paperback" }
        if comic % 17 == 16 { return "Hardcover" }
        if comic % 13 == 12 { return "Digital Comic" }
        return "Comic"
    }

    func isCollection(_ comic: Int) -> Bool { ["Trade Paperback", "Hardcover"].contains(comicFormat(comic)) }

    func isVariant(_ comic: Int) -> Bool { comic % 20 == 19 && comicFormat(comic) == "Comic" && comic >= CatalogGraph.seriesCount }

    func comicTitle(_ comic: Int) -> String {
        let series = graph.comicSeries[comic], issue = graph.comicIssue[comic]
        let base = CraftedValues.characterName(series)
        let year = seriesYears(series).start
        if isCollection(comic) { return "\(base) Vol. \(issue) (\(comicFormat(comic)))" }
        if isVariant(comic) { return "\(base) (\(year)) #\(issue) (Variant)" }
        return "\(base) (\(year)) #\(issue)"
    }

    func storyTitle(_ story: Int) -> String {
        let comic = CatalogGraph.comic(ofStory: story)
        return story % 2 == 0 ? "Cover #\(CatalogGraph.id(.comics, comic))" : "\(comicTitle(comic)) - Chapter \(graph.comicIssue[comic])"
    }

    func storySummaryType(_ story: Int) -> String {
        story % 37 == 5 ? "" : story % 2 == 0 ? "cover" : "interiorStory"
    }

    func creatorNames(_ creator: Int) -> (first: String, middle: String, last: String, suffix: String, full: String) {
        let first = CraftedNames.firstNames[creator % CraftedNames.firstNames.count]
        let middle = creator % 7 == 3 ? "J." : ""
        let last = CraftedNames.lastNames[creator % CraftedNames.lastNames.count]
        let suffix = creator % 13 == 5 ? "Jr." : ""
        let full = [first, middle, last, suffix].filter { !$0.isEmpty }.joined(separator: " ")
        return (first, middle, last, suffix, full)
    }

    // MARK: Lists

    func summaries(_ kind: ResourceKind, _ indices: [Int]) -> [ResourceSummary] {
        indices.map { ResourceSummary(resourceURI: CraftedValues.uri(kind, CatalogGraph.id(kind, $0)), name: name(kind, $0)) }
    }

    func list(_ owner: ResourceKind, _ index: Int, _ target: ResourceKind) -> ResourceList<ResourceSummary> {
        let related = graph.related(target, to: owner, index)
        return ResourceList(available: related.count, collectionURI: collectionURI(owner, index, target),
                            items: summaries(target, Array(related.prefix(20))))
    }

    func storyList(_ owner: ResourceKind, _ index: Int) -> ResourceList<StorySummary> {
        let related = graph.related(.stories, to: owner, index)
        let items = related.prefix(20).map {
            StorySummary(resourceURI: CraftedValues.uri(.stories, CatalogGraph.id(.stories, $0)),
                         name: storyTitle($0), type: storySummaryType($0))
        }
        return ResourceList(available: related.count, collectionURI: collectionURI(owner, index, .stories), items: items)
    }

    func creatorList(_ owner: ResourceKind, _ index: Int) -> ResourceList<CreatorSummary> {
        let comics = graph.comics(of: owner, index)
        let related = graph.related(.creators, toComics: comics)
        let items = related.prefix(20).map {
            CreatorSummary(resourceURI: CraftedValues.uri(.creators, CatalogGraph.id(.creators, $0)),
                           name: creatorNames($0).full, role: graph.role(of: $0, in: comics))
        }
        return ResourceList(available: related.count, collectionURI: collectionURI(owner, index, .creators), items: items)
    }

    func collectionURI(_ owner: ResourceKind, _ index: Int, _ target: ResourceKind) -> String {
        "\(CraftedValues.uri(owner, CatalogGraph.id(owner, index)))/\(target)"
    }

    /// A description that is sometimes empty and, for the kinds whose real
    /// responses carry `null` (comics, series), sometimes `null`; the other
    /// kinds send `""` instead (see `marvel-api.md` §"null").
    func description(_ text: String, index: Int, nullEvery: Int, emptyEvery: Int, nullable: Bool) -> String? {
        if index % nullEvery == nullEvery / 2 { return nullable ? nil : "" }
        if index % emptyEvery == 0 { return "" }
        return text
    }

    /// A picture, or the API's `image_not_available` placeholder: the API
    /// never sends a `null` thumbnail for characters, comics, creators,
    /// events or series (stories' thumbnails are built apart).
    func thumbnail(_ kind: ResourceKind, _ index: Int) -> MarvelImage {
        if index % 29 == 13 || index % 8 == 5 { return .notAvailable }
        return CraftedValues.image(kind, index)
    }
}
