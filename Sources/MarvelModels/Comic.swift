/// A comic issue, collection or other format, such as `/v1/public/comics/{comicId}` returns it.
///
/// Every field is always present in the API's JSON; the optional ones may be `null`,
/// and encoding writes them as `null` again, so a value round-trips unchanged.
public struct Comic: MarvelEntity {
    /// The unique id.
    public var id: Int
    /// The id of the digital edition; `0` when there is none.
    public var digitalId: Int
    /// The canonical title, e.g. `"Avengers (1998) #19"`.
    public var title: String
    /// The issue number. Documented as a double; real values are integers such as `19`.
    public var issueNumber: Double
    /// What makes a variant cover different; `""` otherwise.
    public var variantDescription: String
    /// The preferred description; `null` when there is none.
    public var description: String?
    /// When the resource last changed (may be a sentinel).
    public var modified: MarvelDate
    /// The ISBN; usually `""`.
    public var isbn: String
    /// The UPC barcode, e.g. `"5960606084-01911"`; usually `""`.
    public var upc: String
    /// The Diamond code, e.g. `"SEP082362"`; usually `""`.
    public var diamondCode: String
    /// The EAN barcode; usually `""`.
    public var ean: String
    /// The ISSN; usually `""`.
    public var issn: String
    /// The publication format: `Comic`, `Trade Paperback`, `Hardcover`, `Digital Comic`, …
    public var format: String
    /// The number of story pages.
    public var pageCount: Int
    /// Descriptive texts (solicit, preview).
    public var textObjects: [TextObject]
    /// The canonical API address.
    public var resourceURI: String
    /// Public web pages about the comic.
    public var urls: [MarvelLink]
    /// The series the comic belongs to.
    public var series: ResourceSummary
    /// Variant issues of this comic.
    public var variants: [ResourceSummary]
    /// Collections that include this issue.
    public var collections: [ResourceSummary]
    /// Issues this collection includes.
    public var collectedIssues: [ResourceSummary]
    /// Key dates (on sale, final order cutoff, …).
    public var dates: [ComicDate]
    /// Prices (print, digital).
    public var prices: [ComicPrice]
    /// The representative image; may be `null`.
    public var thumbnail: MarvelImage?
    /// Promotional images.
    public var images: [MarvelImage]
    /// Creators who worked on the comic, with roles.
    public var creators: ResourceList<CreatorSummary>
    /// Characters who appear in the comic.
    public var characters: ResourceList<ResourceSummary>
    /// Stories in the comic.
    public var stories: ResourceList<StorySummary>
    /// Events the comic is part of.
    public var events: ResourceList<ResourceSummary>

    /// Creates a comic; lists default to empty, optional fields to `null`.
    public init(
        id: Int,
        digitalId: Int = 0,
        title: String,
        issueNumber: Double = 0,
        variantDescription: String = "",
        description: String? = nil,
        modified: MarvelDate,
        isbn: String = "",
        upc: String = "",
        diamondCode: String = "",
        ean: String = "",
        issn: String = "",
        format: String = "Comic",
        pageCount: Int = 0,
        textObjects: [TextObject] = [],
        resourceURI: String,
        urls: [MarvelLink] = [],
        series: ResourceSummary,
        variants: [ResourceSummary] = [],
        collections: [ResourceSummary] = [],
        collectedIssues: [ResourceSummary] = [],
        dates: [ComicDate] = [],
        prices: [ComicPrice] = [],
        thumbnail: MarvelImage? = nil,
        images: [MarvelImage] = [],
        creators: ResourceList<CreatorSummary> = .init(available: 0, collectionURI: "", items: []),
        characters: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: []),
        stories: ResourceList<StorySummary> = .init(available: 0, collectionURI: "", items: []),
        events: ResourceList<ResourceSummary> = .init(available: 0, collectionURI: "", items: [])
    ) {
        self.id = id
        self.digitalId = digitalId
        self.title = title
        self.issueNumber = issueNumber
        self.variantDescription = variantDescription
        self.description = description
        self.modified = modified
        self.isbn = isbn
        self.upc = upc
        self.diamondCode = diamondCode
        self.ean = ean
        self.issn = issn
        self.format = format
        self.pageCount = pageCount
        self.textObjects = textObjects
        self.resourceURI = resourceURI
        self.urls = urls
        self.series = series
        self.variants = variants
        self.collections = collections
        self.collectedIssues = collectedIssues
        self.dates = dates
        self.prices = prices
        self.thumbnail = thumbnail
        self.images = images
        self.creators = creators
        self.characters = characters
        self.stories = stories
        self.events = events
    }
}
