/// The envelope around every successful response:
/// `{"code": 200, "status": "Ok", "copyright": …, "attributionText": …, "attributionHTML": …, "etag": …, "data": {…}}`.
///
/// `Result` is the entity type, e.g. `DataWrapper<Comic>`; single-entity routes
/// return a container of one.
public struct DataWrapper<Result: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The HTTP status code, repeated in the body (`200`).
    public var code: Int
    /// A short status text (`"Ok"`).
    public var status: String
    /// The copyright notice, e.g. `"© 2026 MARVEL"`. Responses recorded in early 2014
    /// lack it, so it is optional and left out again when absent.
    public var copyright: String?
    /// The attribution to display as text.
    public var attributionText: String?
    /// The attribution to display as HTML.
    public var attributionHTML: String?
    /// The 40-hex-digit digest of the response, the same value as the `ETag` header.
    public var etag: String?
    /// The results and their paging.
    public var data: DataContainer<Result>

    /// Creates an envelope.
    public init(
        code: Int = 200,
        status: String = "Ok",
        copyright: String? = nil,
        attributionText: String? = nil,
        attributionHTML: String? = nil,
        etag: String? = nil,
        data: DataContainer<Result>
    ) {
        self.code = code
        self.status = status
        self.copyright = copyright
        self.attributionText = attributionText
        self.attributionHTML = attributionHTML
        self.etag = etag
        self.data = data
    }
}
