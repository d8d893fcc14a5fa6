/// The six resources of the Marvel API and what their routes accept.
public enum ResourceKind: String, Sendable, CaseIterable, CustomStringConvertible {
    /// `/v1/public/characters`
    case characters
    /// `/v1/public/comics`
    case comics
    /// `/v1/public/creators`
    case creators
    /// `/v1/public/events`
    case events
    /// `/v1/public/series`
    case series
    /// `/v1/public/stories`
    case stories

    /// The path segment, e.g. `characters`.
    public var description: String { rawValue }

    /// The noun of the API's unknown-id 404: "We couldn't find that comic_issue".
    /// Recorded for characters and comics; the others follow the same pattern.
    var notFoundNoun: String {
        switch self {
        case .characters: "character"
        case .comics: "comic_issue"
        case .creators: "creator"
        case .events: "event"
        case .series: "series"
        case .stories: "story"
        }
    }

    /// The sub-collection routes `/{kind}/{id}/{sub}` that exist (27 in all).
    var subCollections: [ResourceKind] {
        switch self {
        case .characters: [.comics, .events, .series, .stories]
        case .comics: [.characters, .creators, .events, .stories]
        case .creators: [.comics, .events, .series, .stories]
        case .events: [.characters, .comics, .creators, .series, .stories]
        case .series: [.characters, .comics, .creators, .events, .stories]
        case .stories: [.characters, .comics, .creators, .events, .series]
        }
    }

    /// The `orderBy` values the list routes accept (each also with a leading `-`).
    var orderings: Set<String> {
        switch self {
        case .characters: ["name", "modified"]
        case .comics: ["focDate", "onsaleDate", "title", "issueNumber", "modified"]
        case .creators: ["lastName", "firstName", "middleName", "suffix", "modified"]
        case .events: ["name", "startDate", "modified"]
        case .series: ["title", "modified", "startYear"]
        case .stories: ["id", "modified"]
        }
    }

    /// The filters of the list route, by parameter name.
    var filters: [String: FilterRule] {
        let ids: [String: FilterRule] = Dictionary(uniqueKeysWithValues: ResourceKind.allCases
            .filter { $0 != self }
            .map { ($0.rawValue, FilterRule.ids($0, all: false)) })
        var rules: [String: FilterRule] = ["modifiedSince": .since("modified")]
        switch self {
        case .characters:
            rules.merge(["name": .exact("name"), "nameStartsWith": .prefix("name")]) { $1 }
            rules.merge(ids.filter { $0.key != "creators" }) { $1 }
        case .comics:
            rules.merge([
                "format": .choice(Self.comicFormats, field: "format"),
                "formatType": .choice(["comic", "collection"], field: "formatType"),
                "noVariants": .flag("variant", excluding: true),
                "hasDigitalIssue": .flag("digital", excluding: false),
                "dateDescriptor": .dateDescriptor("onsaleDate"),
                "dateRange": .dateRange("onsaleDate"),
                "title": .exact("title"), "titleStartsWith": .prefix("title"),
                "startYear": .integer("startYear"), "issueNumber": .integer("issueNumber"),
                "digitalId": .integer("digitalId"),
                "diamondCode": .exact("diamondCode"), "upc": .exact("upc"), "isbn": .exact("isbn"),
                "ean": .exact("ean"), "issn": .exact("issn"),
                "sharedAppearances": .ids(.characters, all: true),
                "collaborators": .ids(.creators, all: true),
            ]) { $1 }
            rules.merge(ids) { $1 }
        case .creators:
            rules.merge([
                "firstName": .exact("firstName"), "middleName": .exact("middleName"),
                "lastName": .exact("lastName"), "suffix": .exact("suffix"),
                "nameStartsWith": .prefix("fullName"), "firstNameStartsWith": .prefix("firstName"),
                "middleNameStartsWith": .prefix("middleName"), "lastNameStartsWith": .prefix("lastName"),
            ]) { $1 }
            rules.merge(ids.filter { $0.key != "characters" }) { $1 }
        case .events:
            rules.merge(["name": .exact("name"), "nameStartsWith": .prefix("name")]) { $1 }
            rules.merge(ids) { $1 }
        case .series:
            rules.merge([
                "title": .exact("title"), "titleStartsWith": .prefix("title"), "startYear": .integer("startYear"),
                "seriesType": .choice(["collection", "one shot", "limited", "ongoing"], field: "type"),
                "contains": .choice(Self.comicFormats, field: "contains"),
            ]) { $1 }
            rules.merge(ids) { $1 }
        case .stories:
            rules.merge(ids) { $1 }
        }
        return rules
    }

    /// The filters of `/{parent}/{id}/{self}`: this resource's filters without the
    /// parent's own id filter. `/comics/{id}/creators` keeps `comics` and lacks
    /// `events`, as the API's description has it.
    func filters(under parent: ResourceKind) -> [String: FilterRule] {
        var rules = filters
        if parent == .comics && self == .creators {
            rules["events"] = nil
        } else {
            rules[parent.rawValue] = nil
        }
        return rules
    }

    /// The values of the comic `format` filter.
    static let comicFormats = [
        "comic", "magazine", "trade paperback", "hardcover", "digest", "graphic novel", "digital comic", "infinite comic",
    ]
}
