public import Foundation

/// The `orderBy` values of events lists; the `…Descending` cases sort in reverse.
public enum EventOrder: String, Sendable, Encodable, CaseIterable {
    /// By `name`, ascending.
    case name
    /// By `name`, descending (`-name`).
    case nameDescending = "-name"
    /// By `startDate`, ascending.
    case startDate
    /// By `startDate`, descending (`-startDate`).
    case startDateDescending = "-startDate"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
}

/// The query of a event list: every stored property is a parameter, `nil` ones are left out.
public struct EventQuery: MarvelQuery {
    /// Exact name.
    public var name: String?
    /// Names starting with this text.
    public var nameStartsWith: String?
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// With any of these creators.
    public var creators: [Int]?
    /// With any of these characters.
    public var characters: [Int]?
    /// With any of these series.
    public var series: [Int]?
    /// With any of these comics.
    public var comics: [Int]?
    /// With any of these stories.
    public var stories: [Int]?
    /// The sort keys, in order.
    public var orderBy: [EventOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(name: String? = nil, nameStartsWith: String? = nil, modifiedSince: Date? = nil, creators: [Int]? = nil, characters: [Int]? = nil, series: [Int]? = nil, comics: [Int]? = nil, stories: [Int]? = nil, orderBy: [EventOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.name = name
        self.nameStartsWith = nameStartsWith
        self.modifiedSince = modifiedSince
        self.creators = creators
        self.characters = characters
        self.series = series
        self.comics = comics
        self.stories = stories
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}
