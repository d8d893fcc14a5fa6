/// Who appears where in the fake's data, by index. Comics are the hub: every other
/// relation is derived from them, so each sub-collection route agrees with the
/// resource lists embedded in the entities.
struct CatalogGraph {
    static let characterCount = 160
    static let comicCount = 180
    static let creatorCount = 50
    static let eventCount = 12
    static let seriesCount = 30
    static let storyCount = comicCount * 2

    /// A creator's part in a comic.
    struct Credit: Hashable {
        var creator: Int
        var role: String
    }

    var comicSeries: [Int] = []
    var comicIssue: [Int] = []
    var comicCharacters: [[Int]] = []
    var comicCredits: [[Credit]] = []
    var comicEvents: [[Int]] = []

    init() {
        for comic in 0..<Self.comicCount {
            comicSeries.append(comic % Self.seriesCount)
            comicIssue.append(comic / Self.seriesCount + 1)
            var characters = [comic % Self.seriesCount, (37 * comic + 11) % Self.characterCount, (53 * comic + 7) % Self.characterCount]
            if comic % 4 == 0 { characters.append(150) }
            if comic % 5 == 0 { characters.append(151) }
            if comic % 7 == 0 { characters.append(152) }
            comicCharacters.append(Array(Set(characters)).sorted())
            comicCredits.append([
                Credit(creator: comic % 16, role: CraftedNames.writerRoles[comic % 3]),
                Credit(creator: 16 + (comic * 5) % 16, role: CraftedNames.artistRoles[comic % 4]),
                Credit(creator: 32 + (comic * 3) % 16, role: CraftedNames.colourRoles[comic % 4]),
            ])
            comicEvents.append(comic % 3 == 0 ? [(comic / 3) % Self.eventCount] : [])
        }
    }

    /// The comics of a story: the one it is printed in.
    static func comic(ofStory story: Int) -> Int { story / 2 }

    /// The comics linked to one entity of `kind` at `index`, in order.
    func comics(of kind: ResourceKind, _ index: Int) -> [Int] {
        (0..<Self.comicCount).filter { comic in
            switch kind {
            case .characters: comicCharacters[comic].contains(index)
            case .comics: comic == index
            case .creators: comicCredits[comic].contains { $0.creator == index }
            case .events: comicEvents[comic].contains(index)
            case .series: comicSeries[comic] == index
            case .stories: comic == Self.comic(ofStory: index)
            }
        }
    }

    /// The entities of `target` kind linked to a set of comics, in order.
    func related(_ target: ResourceKind, toComics comics: [Int]) -> [Int] {
        var found = Set<Int>()
        for comic in comics {
            switch target {
            case .characters: found.formUnion(comicCharacters[comic])
            case .comics: found.insert(comic)
            case .creators: found.formUnion(comicCredits[comic].map(\.creator))
            case .events: found.formUnion(comicEvents[comic])
            case .series: found.insert(comicSeries[comic])
            case .stories: found.formUnion([comic * 2, comic * 2 + 1])
            }
        }
        return found.sorted()
    }

    /// Entities of `target` linked to one entity of `kind`.
    func related(_ target: ResourceKind, to kind: ResourceKind, _ index: Int) -> [Int] {
        related(target, toComics: comics(of: kind, index))
    }

    /// The role a creator is credited with on the first of these comics.
    func role(of creator: Int, in comics: [Int]) -> String {
        for comic in comics {
            if let credit = comicCredits[comic].first(where: { $0.creator == creator }) { return credit.role }
        }
        return ""
    }

    /// The id of the entity of `kind` at `index`.
    static func id(_ kind: ResourceKind, _ index: Int) -> Int {
        switch kind {
        case .characters: 1_009_100 + index * 3
        case .comics: 40_000 + index * 7
        case .creators: 600 + index * 5
        case .events: 230 + index * 4
        case .series: 1_900 + index * 9
        case .stories: 90_001 + index * 2
        }
    }

    /// The count of entities of `kind`.
    static func count(_ kind: ResourceKind) -> Int {
        switch kind {
        case .characters: characterCount
        case .comics: comicCount
        case .creators: creatorCount
        case .events: eventCount
        case .series: seriesCount
        case .stories: storyCount
        }
    }
}
