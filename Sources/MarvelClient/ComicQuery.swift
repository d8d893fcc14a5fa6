public import Foundation

/// The `orderBy` values of comics lists; the `…Descending` cases sort in reverse.
public enum ComicOrder: String, Sendable, Encodable, CaseIterable {
    /// By `focDate`, ascending.
    case focDate
    /// By `focDate`, descending (`-focDate`).
    case focDateDescending = "-focDate"
    /// By `onsaleDate`, ascending.
    case onsaleDate
    /// By `onsaleDate`, descending (`-onsaleDate`).
    case onsaleDateDescending = "-onsaleDate"
    /// By `title`, ascending.
    case title
    /// By `title`, descending (`-title`).
    case titleDescending = "-title"
    /// By `issueNumber`, ascending.
    case issueNumber
    /// By `issueNumber`, descending (`-issueNumber`).
    case issueNumberDescending = "-issueNumber"
    /// By `modified`, ascending.
    case modified
    /// By `modified`, descending (`-modified`).
    case modifiedDescending = "-modified"
}

/// The query of a comic list: every stored property is a parameter, `nil` ones are left out.
public struct ComicQuery: MarvelQuery {
    /// The publication format.
    public var format: ComicFormat?
    /// Issues or collections.
    public var formatType: ComicFormatType?
    /// `true` leaves out variant covers.
    public var noVariants: Bool?
    /// On sale in a window around now.
    public var dateDescriptor: DateDescriptor?
    /// On sale between two dates (give two).
    public var dateRange: [Date]?
    /// Exact title.
    public var title: String?
    /// Titles starting with this text.
    public var titleStartsWith: String?
    /// Series start year.
    public var startYear: Int?
    /// Issue number.
    public var issueNumber: Int?
    /// Diamond code.
    public var diamondCode: String?
    /// Digital id.
    public var digitalId: Int?
    /// UPC.
    public var upc: String?
    /// ISBN.
    public var isbn: String?
    /// EAN.
    public var ean: String?
    /// ISSN.
    public var issn: String?
    /// `true` keeps comics with a digital edition.
    public var hasDigitalIssue: Bool?
    /// Changed on or after this instant.
    public var modifiedSince: Date?
    /// By any of these creators.
    public var creators: [Int]?
    /// With any of these characters.
    public var characters: [Int]?
    /// In any of these series.
    public var series: [Int]?
    /// In any of these events.
    public var events: [Int]?
    /// With any of these stories.
    public var stories: [Int]?
    /// With all of these characters.
    public var sharedAppearances: [Int]?
    /// By all of these creators.
    public var collaborators: [Int]?
    /// The sort keys, in order.
    public var orderBy: [ComicOrder]?
    /// Results per page (1…100; the API's default is 20).
    public var limit: Int?
    /// Results to skip.
    public var offset: Int?

    /// Creates a query; every parameter is optional.
    public init(format: ComicFormat? = nil, formatType: ComicFormatType? = nil, noVariants: Bool? = nil, dateDescriptor: DateDescriptor? = nil, dateRange: [Date]? = nil, title: String? = nil, titleStartsWith: String? = nil, startYear: Int? = nil, issueNumber: Int? = nil, diamondCode: String? = nil, digitalId: Int? = nil, upc: String? = nil, isbn: String? = nil, ean: String? = nil, issn: String? = nil, hasDigitalIssue: Bool? = nil, modifiedSince: Date? = nil, creators: [Int]? = nil, characters: [Int]? = nil, series: [Int]? = nil, events: [Int]? = nil, stories: [Int]? = nil, sharedAppearances: [Int]? = nil, collaborators: [Int]? = nil, orderBy: [ComicOrder]? = nil, limit: Int? = nil, offset: Int? = nil) {
        self.format = format
        self.formatType = formatType
        self.noVariants = noVariants
        self.dateDescriptor = dateDescriptor
        self.dateRange = dateRange
        self.title = title
        self.titleStartsWith = titleStartsWith
        self.startYear = startYear
        self.issueNumber = issueNumber
        self.diamondCode = diamondCode
        self.digitalId = digitalId
        self.upc = upc
        self.isbn = isbn
        self.ean = ean
        self.issn = issn
        self.hasDigitalIssue = hasDigitalIssue
        self.modifiedSince = modifiedSince
        self.creators = creators
        self.characters = characters
        self.series = series
        self.events = events
        self.stories = stories
        self.sharedAppearances = sharedAppearances
        self.collaborators = collaborators
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}
