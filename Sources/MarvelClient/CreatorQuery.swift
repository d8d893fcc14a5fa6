public import Foundation

/// The `orderBy` values of creators lists; the `…Descending` cases sort in reverse.
public enum CreatorOrder: String, Sendable, Encodable, CaseIterable {
    /// By `lastName`, ascending.
    case lastName
    /// By `lastName`, descending (`-lastName`).
    case lastNameDescending = "-lastName"
    /// By `firstName`, ascending.
    case firstName
    /// By `firstName`, descending (`-firstName`).
    case firstNameDescending = "-firstName"
    /// By `middleName`, ascending.
    case middleName
    /// By `middleName`, descending (`-middleName`).
    case middleNameDescending = "-middleName"
    /// By `suffix`, ascending.
    case suffix
    /// By `suffix`, descending (`-suffix`).
    case suffixDescending = "-suffix"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
}

/// The query of a creator list: every stored property is a parameter, `nil` ones are left out.
public struct CreatorQuery: MarvelQuery {
    /// Exact first name.
    public var firstName: String?
    /// Exact middle name.
    public var middleName: String?
    /// Exact last name.
    public var lastName: String?
    /// Exact suffix.
    public var suffix: String?
    /// Full names starting with this text.
    public var nameStartsWith: String?
    /// First names starting with this text.
    public var firstNameStartsWith: String?
    /// Middle names starting with this text.
    public var middleNameStartsWith: String?
    /// Last names starting with this text.
    public var lastNameStartsWith: String?
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// Worked on any of these comics.
    public var comics: [Int]?
    /// Worked on any of these series.
    public var series: [Int]?
    /// Worked on any of these events.
    public var events: [Int]?
    /// Worked on any of these stories.
    public var stories: [Int]?
    /// The sort keys, in order.
    public var orderBy: [CreatorOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(firstName: String? = nil, middleName: String? = nil, lastName: String? = nil, suffix: String? = nil, nameStartsWith: String? = nil, firstNameStartsWith: String? = nil, middleNameStartsWith: String? = nil, lastNameStartsWith: String? = nil, modifiedSince: Date? = nil, comics: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, orderBy: [CreatorOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.firstName = firstName
        self.middleName = middleName
        self.lastName = lastName
        self.suffix = suffix
        self.nameStartsWith = nameStartsWith
        self.firstNameStartsWith = firstNameStartsWith
        self.middleNameStartsWith = middleNameStartsWith
        self.lastNameStartsWith = lastNameStartsWith
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
