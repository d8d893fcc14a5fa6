public import Foundation

/// The `orderBy` values of stories lists; the `…Descending` cases sort in reverse.
public enum StoryOrder: String, Sendable, Encodable, CaseIterable {
    /// By `id`, ascending.
    case id
    /// By `id`, descending (`-id`).
    case idDescending = "-id"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
}

/// The query of a story list: every stored property is a parameter, `nil` ones are left out.
public struct StoryQuery: MarvelQuery {
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// In any of these comics.
    public var comics: [Int]?
    /// In any of these series.
    public var series: [Int]?
    /// In any of these events.
    public var events: [Int]?
    /// By any of these creators.
    public var creators: [Int]?
    /// With any of these characters.
    public var characters: [Int]?
    /// The sort keys, in order.
    public var orderBy: [StoryOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, creators: [Int]? = nil, characters: [Int]? = nil, orderBy: [StoryOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.modifiedSince = modifiedSince
        self.comics = comics
        self.series = series
        self.events = events
        self.creators = creators
        self.characters = characters
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}
