/// A character, such as `/v1/public/characters/{characterId}` returns it.
///
/// Named `MarvelCharacter` so that it never shadows `Swift.Character`.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct MarvelCharacter: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The name.
    public var name: String
    /// A short bio; `""` or `null` when there is none.
    public var description: String?
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// The representative image; may be `null`.
    public var thumbnail: MarvelImage?
    /// The canonical API address.
    public var resourceURI: String
    /// Comics the character appears in.
    public var comics: ResourceList<ResourceSummary>
    /// Series the character appears in.
    public var series: ResourceList<ResourceSummary>
    /// Stories the character appears in.
    public var stories: ResourceList<StorySummary>
    /// Events the character takes part in.
    public var events: ResourceList<ResourceSummary>
    /// Public web pages about the character.
    public var urls: [MarvelLink]

    /// Creates a character; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        name: String,
        description: String? = nil,
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
        self.name = name
        self.description = description
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
