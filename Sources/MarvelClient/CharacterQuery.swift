public import Foundation

/// The `orderBy` values of characters lists; the `…Descending` cases sort in reverse.
public enum CharacterOrder: String, Sendable, Encodable, CaseIterable {
    /// By `name`, ascending.
    case name
    /// By `name`, descending (`-name`).
    case nameDescending = "-name"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
}

/// The query of a character list: every stored property is a parameter, `nil` ones are left out.
public struct CharacterQuery: MarvelQuery {
    /// Exact name, ignoring case.
    public var name: String?
    /// Names starting with this text.
    public var nameStartsWith: String?
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// In any of these comics (at most 10).
    public var comics: [Int]?
    /// In any of these series (at most 10).
    public var series: [Int]?
    /// In any of these events (at most 10).
    public var events: [Int]?
    /// In any of these stories (at most 10).
    public var stories: [Int]?
    /// The sort keys, in order.
    public var orderBy: [CharacterOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(name: String? = nil, nameStartsWith: String? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, orderBy: [CharacterOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.name = name
        self.nameStartsWith = nameStartsWith
        self.modifiedSince = modifiedSince
        self.comics = comics
        self.series = series
        self.events = events
        self.stories = stories
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}
