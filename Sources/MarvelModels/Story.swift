/// A story (an interior story, a cover, …), such as `/v1/public/stories/{storyId}` returns it.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct Story: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The title.
    public var title: String
    /// A description; `""` or `null` when there is none.
    public var description: String?
    /// The canonical API address.
    public var resourceURI: String
    /// `story`, `cover`, `text article` or `""`.
    public var type: String
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// The representative image; often `null` for stories.
    public var thumbnail: MarvelImage?
    /// Creators who worked on the story.
    public var creators: ResourceList<CreatorSummary>
    /// Characters who appear in the story.
    public var characters: ResourceList<ResourceSummary>
    /// Series the story appears in.
    public var series: ResourceList<ResourceSummary>
    /// Comics the story appears in.
    public var comics: ResourceList<ResourceSummary>
    /// Events the story is part of.
    public var events: ResourceList<ResourceSummary>
    /// The issue the story first appeared in (JSON key `originalIssue`; published specs misspell it `originalissue`).
    public var originalIssue: ResourceSummary

    /// Creates a story; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        title: String,
        description: String? = nil,
        resourceURI: String,
        type: String = "",
        modified: MarvelDate,
        thumbnail: MarvelImage? = nil,
        creators: ResourceList<CreatorSummary> = .init(available: 0, collectionURI: "", items: []),
        characters: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        series: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        comics: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        events: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        originalIssue: ResourceSummary
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.resourceURI = resourceURI
        self.type = type
        self.modified = modified
        self.thumbnail = thumbnail
        self.creators = creators
        self.characters = characters
        self.series = series
        self.comics = comics
        self.events = events
        self.originalIssue = originalIssue
    }
}
