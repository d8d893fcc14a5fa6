/// A creator (writer, artist, …), such as `/v1/public/creators/{creatorId}` returns them.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct Creator: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The first name.
    public var firstName: String
    /// The middle name; usually `""`.
    public var middleName: String
    /// The last name.
    public var lastName: String
    /// A suffix such as `Jr.`; usually `""`.
    public var suffix: String
    /// The full name as displayed.
    public var fullName: String
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// The representative image; may be `null`.
    public var thumbnail: MarvelImage?
    /// The canonical API address.
    public var resourceURI: String
    /// Comics the creator worked on.
    public var comics: ResourceList<ResourceSummary>
    /// Series the creator worked on.
    public var series: ResourceList<ResourceSummary>
    /// Stories the creator worked on.
    public var stories: ResourceList<StorySummary>
    /// Events the creator worked on.
    public var events: ResourceList<ResourceSummary>
    /// Public web pages about the creator.
    public var urls: [MarvelLink]

    /// Creates a creator; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        firstName: String = "",
        middleName: String = "",
        lastName: String = "",
        suffix: String = "",
        fullName: String,
        modified: MarvelDate,
        thumbnail: MarvelImage? = nil,
        resourceURI: String,
        comics: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        series: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        stories: ResourceList<StorySummary> = .init(available: 0, collectionURI: "", items: []),
        events: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        urls: [MarvelLink] = []
    ) {
        self.id = id
        self.firstName = firstName
        self.middleName = middleName
        self.lastName = lastName
        self.suffix = suffix
        self.fullName = fullName
        self.modified = modified
        self.thumbnail = thumbnail
        self.resourceURI = resourceURI
        self.comics = comics
        self.series = series
        self.stories = stories
        self.events = events
        self.urls = urls
    }
}
