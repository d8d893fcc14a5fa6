/// A story arc or crossover event, such as `/v1/public/events/{eventId}` returns it.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct Event: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The title.
    public var title: String
    /// A description; `""` or `null` when there is none.
    public var description: String?
    /// The canonical API address.
    public var resourceURI: String
    /// Public web pages about the event.
    public var urls: [MarvelLink]
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// When the event began, in the layout `"1995-03-01 00:00:00"` (no zone).
    public var start: MarvelDate?
    /// When the event ended, in the same layout as ``start``.
    public var end: MarvelDate?
    /// The representative image; may be `null`.
    public var thumbnail: MarvelImage?
    /// Creators who worked on the event.
    public var creators: ResourceList<CreatorSummary>
    /// Characters who take part.
    public var characters: ResourceList<ResourceSummary>
    /// Stories in the event.
    public var stories: ResourceList<StorySummary>
    /// Comics in the event.
    public var comics: ResourceList<ResourceSummary>
    /// Series in the event.
    public var series: ResourceList<ResourceSummary>
    /// The event that follows; `null` for the last one.
    public var next: ResourceSummary?
    /// The event before; `null` for the first one.
    public var previous: ResourceSummary?

    /// Creates a event; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        title: String,
        description: String? = nil,
        resourceURI: String,
        urls: [MarvelLink] = [],
        modified: MarvelDate,
        start: MarvelDate? = nil,
        end: MarvelDate? = nil,
        thumbnail: MarvelImage? = nil,
        creators: ResourceList<CreatorSummary> = .init(available: 0, collectionURI: "", items: []),
        characters: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        stories: ResourceList<StorySummary> = .init(available: 0, collectionURI: "", items: []),
        comics: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        series: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        next: ResourceSummary? = nil,
        previous: ResourceSummary? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.resourceURI = resourceURI
        self.urls = urls
        self.modified = modified
        self.start = start
        self.end = end
        self.thumbnail = thumbnail
        self.creators = creators
        self.characters = characters
        self.stories = stories
        self.comics = comics
        self.series = series
        self.next = next
        self.previous = previous
    }
}
