public import Foundation
public import MarvelModels

/// The Marvel Comics API as a tree of requests that mirrors its paths:
/// `Marvel.characters.list(nameStartsWith: "Spi")`, `Marvel.characters(1009610).comics.list(limit: 50)`.
public enum Marvel {
    /// `/v1/public/characters`
    public static let characters = ListEndpoint<MarvelCharacter, CharacterQuery>(path: "/v1/public/characters")
    /// `/v1/public/characters/{id}` and its sub-collections.
    public static func characters(_ id: Int) -> EntityEndpoint<MarvelCharacter> { EntityEndpoint(collection: "characters", id: id) }
    /// `/v1/public/comics`
    public static let comics = ListEndpoint<Comic, ComicQuery>(path: "/v1/public/comics")
    /// `/v1/public/comics/{id}` and its sub-collections.
    public static func comics(_ id: Int) -> EntityEndpoint<Comic> { EntityEndpoint(collection: "comics", id: id) }
    /// `/v1/public/creators`
    public static let creators = ListEndpoint<Creator, CreatorQuery>(path: "/v1/public/creators")
    /// `/v1/public/creators/{id}` and its sub-collections.
    public static func creators(_ id: Int) -> EntityEndpoint<Creator> { EntityEndpoint(collection: "creators", id: id) }
    /// `/v1/public/events`
    public static let events = ListEndpoint<Event, EventQuery>(path: "/v1/public/events")
    /// `/v1/public/events/{id}` and its sub-collections.
    public static func events(_ id: Int) -> EntityEndpoint<Event> { EntityEndpoint(collection: "events", id: id) }
    /// `/v1/public/series`
    public static let series = ListEndpoint<Series, SeriesQuery>(path: "/v1/public/series")
    /// `/v1/public/series/{id}` and its sub-collections.
    public static func series(_ id: Int) -> EntityEndpoint<Series> { EntityEndpoint(collection: "series", id: id) }
    /// `/v1/public/stories`
    public static let stories = ListEndpoint<Story, StoryQuery>(path: "/v1/public/stories")
    /// `/v1/public/stories/{id}` and its sub-collections.
    public static func stories(_ id: Int) -> EntityEndpoint<Story> { EntityEndpoint(collection: "stories", id: id) }
}

/// One resource, `/v1/public/{collection}/{id}`: ``get()`` fetches it and
/// the lists under it are properties of the extension for its entity
/// (`Marvel.characters(1009610).comics`).
public struct EntityEndpoint<Entity: MarvelEntity>: Sendable {
    /// The resource's id.
    public let id: Int
    /// `/v1/public/{collection}/{id}`
    public let path: String

    init(collection: String, id: Int) {
        self.id = id
        self.path = "/v1/public/\(collection)/\(id)"
    }

    /// Fetches the resource; an unknown id fails with ``MarvelError/notFound(message:)``.
    public func get() -> Request<Entity, Signed> { SingleEntity.request(path) }

    /// The list route `name` under this resource.
    func list<Item, Query>(_ name: String) -> ListEndpoint<Item, Query> { ListEndpoint(path: path + "/" + name) }
}

/// The lists under one character: `/v1/public/characters/{id}/…`.
extension EntityEndpoint where Entity == MarvelCharacter {
    /// `…/characters/{id}/comics`. The API rejects this list's own `characters` filter.
    public var comics: ListEndpoint<Comic, ComicQuery> { list("comics") }
    /// `…/characters/{id}/events`. The API rejects this list's own `characters` filter.
    public var events: ListEndpoint<Event, EventQuery> { list("events") }
    /// `…/characters/{id}/series`. The API rejects this list's own `characters` filter.
    public var series: ListEndpoint<Series, SeriesQuery> { list("series") }
    /// `…/characters/{id}/stories`. The API rejects this list's own `characters` filter.
    public var stories: ListEndpoint<Story, StoryQuery> { list("stories") }
}

/// The lists under one comic: `/v1/public/comics/{id}/…`.
extension EntityEndpoint where Entity == Comic {
    /// `…/comics/{id}/characters`. The API rejects this list's own `comics` filter.
    public var characters: ListEndpoint<MarvelCharacter, CharacterQuery> { list("characters") }
    /// `…/comics/{id}/creators`. The API rejects this list's own `comics` filter.
    public var creators: ListEndpoint<Creator, CreatorQuery> { list("creators") }
    /// `…/comics/{id}/events`. The API rejects this list's own `comics` filter.
    public var events: ListEndpoint<Event, EventQuery> { list("events") }
    /// `…/comics/{id}/stories`. The API rejects this list's own `comics` filter.
    public var stories: ListEndpoint<Story, StoryQuery> { list("stories") }
}

/// The lists under one creator: `/v1/public/creators/{id}/…`.
extension EntityEndpoint where Entity == Creator {
    /// `…/creators/{id}/comics`. The API rejects this list's own `creators` filter.
    public var comics: ListEndpoint<Comic, ComicQuery> { list("comics") }
    /// `…/creators/{id}/events`. The API rejects this list's own `creators` filter.
    public var events: ListEndpoint<Event, EventQuery> { list("events") }
    /// `…/creators/{id}/series`. The API rejects this list's own `creators` filter.
    public var series: ListEndpoint<Series, SeriesQuery> { list("series") }
    /// `…/creators/{id}/stories`. The API rejects this list's own `creators` filter.
    public var stories: ListEndpoint<Story, StoryQuery> { list("stories") }
}

/// The lists under one event: `/v1/public/events/{id}/…`.
extension EntityEndpoint where Entity == Event {
    /// `…/events/{id}/characters`. The API rejects this list's own `events` filter.
    public var characters: ListEndpoint<MarvelCharacter, CharacterQuery> { list("characters") }
    /// `…/events/{id}/comics`. The API rejects this list's own `events` filter.
    public var comics: ListEndpoint<Comic, ComicQuery> { list("comics") }
    /// `…/events/{id}/creators`. The API rejects this list's own `events` filter.
    public var creators: ListEndpoint<Creator, CreatorQuery> { list("creators") }
    /// `…/events/{id}/series`. The API rejects this list's own `events` filter.
    public var series: ListEndpoint<Series, SeriesQuery> { list("series") }
    /// `…/events/{id}/stories`. The API rejects this list's own `events` filter.
    public var stories: ListEndpoint<Story, StoryQuery> { list("stories") }
}

/// The lists under one series: `/v1/public/series/{id}/…`.
extension EntityEndpoint where Entity == Series {
    /// `…/series/{id}/characters`. The API rejects this list's own `series` filter.
    public var characters: ListEndpoint<MarvelCharacter, CharacterQuery> { list("characters") }
    /// `…/series/{id}/comics`. The API rejects this list's own `series` filter.
    public var comics: ListEndpoint<Comic, ComicQuery> { list("comics") }
    /// `…/series/{id}/creators`. The API rejects this list's own `series` filter.
    public var creators: ListEndpoint<Creator, CreatorQuery> { list("creators") }
    /// `…/series/{id}/events`. The API rejects this list's own `series` filter.
    public var events: ListEndpoint<Event, EventQuery> { list("events") }
    /// `…/series/{id}/stories`. The API rejects this list's own `series` filter.
    public var stories: ListEndpoint<Story, StoryQuery> { list("stories") }
}

/// The lists under one story: `/v1/public/stories/{id}/…`.
extension EntityEndpoint where Entity == Story {
    /// `…/stories/{id}/characters`. The API rejects this list's own `stories` filter.
    public var characters: ListEndpoint<MarvelCharacter, CharacterQuery> { list("characters") }
    /// `…/stories/{id}/comics`. The API rejects this list's own `stories` filter.
    public var comics: ListEndpoint<Comic, ComicQuery> { list("comics") }
    /// `…/stories/{id}/creators`. The API rejects this list's own `stories` filter.
    public var creators: ListEndpoint<Creator, CreatorQuery> { list("creators") }
    /// `…/stories/{id}/events`. The API rejects this list's own `stories` filter.
    public var events: ListEndpoint<Event, EventQuery> { list("events") }
    /// `…/stories/{id}/series`. The API rejects this list's own `stories` filter.
    public var series: ListEndpoint<Series, SeriesQuery> { list("series") }
}

extension ListEndpoint where Query == CharacterQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(name: String? = nil, nameStartsWith: String? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, orderBy: [CharacterOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(CharacterQuery(name: name, nameStartsWith: nameStartsWith, modifiedSince: modifiedSince, comics: comics, series: series, events: events, stories: stories, orderBy: orderBy, limit: limit, offset: offset))
    }
}

extension ListEndpoint where Query == ComicQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(format: ComicFormat? = nil, formatType: ComicFormatType? = nil, noVariants: Bool? = nil, dateDescriptor: DateDescriptor? = nil, dateRange: [Date]? = nil, title: String? = nil, titleStartsWith: String? = nil, startYear: Int? = nil, issueNumber: Int? = nil, diamondCode: String? = nil, digitalId: Int? = nil, upc: String? = nil, isbn: String? = nil, ean: String? = nil, issn: String? = nil, hasDigitalIssue: Bool? = nil, modifiedSince: Date? = nil, creators: [Int]? = nil, characters: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, sharedAppearances: [Int]? = nil, collaborators: [Int]? = nil, orderBy: [ComicOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(ComicQuery(format: format, formatType: formatType, noVariants: noVariants, dateDescriptor: dateDescriptor, dateRange: dateRange, title: title, titleStartsWith: titleStartsWith, startYear: startYear, issueNumber: issueNumber, diamondCode: diamondCode, digitalId: digitalId, upc: upc, isbn: isbn, ean: ean, issn: issn, hasDigitalIssue: hasDigitalIssue, modifiedSince: modifiedSince, creators: creators, characters: characters, series: series, events: events, stories: stories, sharedAppearances: sharedAppearances, collaborators: collaborators, orderBy: orderBy, limit: limit, offset: offset))
    }
}

extension ListEndpoint where Query == CreatorQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(firstName: String? = nil, middleName: String? = nil, lastName: String? = nil, suffix: String? = nil, nameStartsWith: String? = nil, firstNameStartsWith: String? = nil, middleNameStartsWith: String? = nil, lastNameStartsWith: String? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, orderBy: [CreatorOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(CreatorQuery(firstName: firstName, middleName: middleName, lastName: lastName, suffix: suffix, nameStartsWith: nameStartsWith, firstNameStartsWith: firstNameStartsWith, middleNameStartsWith: middleNameStartsWith, lastNameStartsWith: lastNameStartsWith, modifiedSince: modifiedSince, comics: comics, series: series, events: events, stories: stories, orderBy: orderBy, limit: limit, offset: offset))
    }
}

extension ListEndpoint where Query == EventQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(name: String? = nil, nameStartsWith: String? = nil, modifiedSince: Date? = nil, creators: [Int]? = nil, characters: [Int]? = nil, series: [Int]? = nil, comics: [Int]? = nil, stories: [Int]? = nil, orderBy: [EventOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(EventQuery(name: name, nameStartsWith: nameStartsWith, modifiedSince: modifiedSince, creators: creators, characters: characters, series: series, comics: comics, stories: stories, orderBy: orderBy, limit: limit, offset: offset))
    }
}

extension ListEndpoint where Query == SeriesQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(title: String? = nil, titleStartsWith: String? = nil, startYear: Int? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, stories: [Int]? = nil, events: [Int]? = nil, creators: [Int]? = nil, characters: [Int]? = nil, seriesType: SeriesType? = nil, contains: [ComicFormat]? = nil, orderBy: [SeriesOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(SeriesQuery(title: title, titleStartsWith: titleStartsWith, startYear: startYear, modifiedSince: modifiedSince, comics: comics, stories: stories, events: events, creators: creators, characters: characters, seriesType: seriesType, contains: contains, orderBy: orderBy, limit: limit, offset: offset))
    }
}

extension ListEndpoint where Query == StoryQuery {
    /// The list with these parameters; `nil` ones are left out.
    public func list(modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, creators: [Int]? = nil, characters: [Int]? = nil, orderBy: [StoryOrder]? = nil, limit: Int? = nil, offset: Int? = nil) -> Request<MarvelPage<Entity>, Signed> {
        list(StoryQuery(modifiedSince: modifiedSince, comics: comics, series: series, events: events, creators: creators, characters: characters, orderBy: orderBy, limit: limit, offset: offset))
    }
}
