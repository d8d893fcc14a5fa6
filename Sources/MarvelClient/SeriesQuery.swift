public import Foundation

/// The `orderBy` values of series lists; the `…Descending` cases sort in reverse.
public enum SeriesOrder: String, Sendable, Encodable, CaseIterable {
    /// By `title`, ascending.
    case title
    /// By `title`, descending (`-title`).
    case titleDescending = "-title"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
    /// By `startYear`, ascending.
    case startYear
    /// By `startYear`, descending (`-startYear`).
    case startYearDescending = "-startYear"
}

/// The query of a series list: every stored property is a parameter, `nil` ones are left out.
public struct SeriesQuery: MarvelQuery {
    /// Exact title.
    public var title: String?
    /// Titles starting with this text.
    public var titleStartsWith: String?
    /// Start year.
    public var startYear: Int?
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// With any of these comics.
    public var comics: [Int]?
    /// With any of these stories.
    public var stories: [Int]?
    /// In any of these events.
    public var events: [Int]?
    /// With any of these creators.
    public var creators: [Int]?
    /// With any of these characters.
    public var characters: [Int]?
    /// The kind of series.
    public var seriesType: SeriesType?
    /// Containing comics of these formats.
    public var contains: [ComicFormat]?
    /// The sort keys, in order.
    public var orderBy: [SeriesOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(title: String? = nil, titleStartsWith: String? = nil, startYear: Int? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, stories: [Int]? = nil, events: [Int]? = nil, creators: [Int]? = nil, characters: [Int]? = nil, seriesType: SeriesType? = nil, contains: [ComicFormat]? = nil, orderBy: [SeriesOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.title = title
        self.titleStartsWith = titleStartsWith
        self.startYear = startYear
        self.modifiedSince = modifiedSince
        self.comics = comics
        self.stories = stories
        self.events = events
        self.creators = creators
        self.characters = characters
        self.seriesType = seriesType
        self.contains = contains
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}
