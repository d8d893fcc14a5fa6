/// A series of comics, such as `/v1/public/series/{seriesId}` returns it.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct Series: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The title with its years, e.g. `"Avengers (1998 - 2004)"`.
    public var title: String
    /// A description; `""` or `null` when there is none.
    public var description: String?
    /// The canonical API address.
    public var resourceURI: String
    /// Public web pages about the series.
    public var urls: [MarvelLink]
    /// The first year of publication.
    public var startYear: Int
    /// The last year of publication; `2099` for ongoing series.
    public var endYear: Int
    /// The age rating; free text such as `"T+"`, `"MARVEL PSR"` or `""`.
    public var rating: String
    /// `ongoing`, `limited`, `collection`, `one shot` or `""`. Real data has this field; no published spec lists it.
    public var type: String
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// The representative image; may be `null`.
    public var thumbnail: MarvelImage?
    /// Creators who worked on the series.
    public var creators: ResourceList<CreatorSummary>
    /// Characters who appear in the series.
    public var characters: ResourceList<ResourceSummary>
    /// Stories in the series.
    public var stories: ResourceList<StorySummary>
    /// Comics in the series.
    public var comics: ResourceList<ResourceSummary>
    /// Events the series is part of.
    public var events: ResourceList<ResourceSummary>
    /// The series that follows; `null` when there is none.
    public var next: ResourceSummary?
    /// The series before; `null` when there is none.
    public var previous: ResourceSummary?

    /// Creates a series; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        title: String,
        description: String? = nil,
        resourceURI: String,
        urls: [MarvelLink] = [],
        startYear: Int,
        endYear: Int,
        rating: String = "",
        type: String = "",
        modified: MarvelDate,
        thumbnail: MarvelImage? = nil,
        creators: ResourceList<CreatorSummary> = .init(available: 0, collectionURI: "", items: []),
        characters: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        stories: ResourceList<StorySummary> = .init(available: 0, collectionURI: "", items: []),
        comics: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        events: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        next: ResourceSummary? = nil,
        previous: ResourceSummary? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.resourceURI = resourceURI
        self.urls = urls
        self.startYear = startYear
        self.endYear = endYear
        self.rating = rating
        self.type = type
        self.modified = modified
        self.thumbnail = thumbnail
        self.creators = creators
        self.characters = characters
        self.stories = stories
        self.comics = comics
        self.events = events
        self.next = next
        self.previous = previous
    }
}
