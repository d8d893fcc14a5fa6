public import MarvelModels

/// One page of a list: the results with the container's paging and the envelope's tag.
public struct MarvelPage<Entity: Codable & Sendable & Hashable>: Sendable, Hashable {
    /// The results on this page.
    public var results: [Entity]
    /// The requested offset.
    public var offset: Int
    /// The requested page size.
    public var limit: Int
    /// How many results match in all.
    public var total: Int
    /// How many results are on this page.
    public var count: Int
    /// The response's `etag` (also its `ETag` header).
    public var etag: String?
    /// The attribution text the API asks you to show.
    public var attributionText: String?

    /// The page of an envelope.
    public init(_ wrapper: DataWrapper<Entity>) {
        results = wrapper.data.results
        offset = wrapper.data.offset
        limit = wrapper.data.limit
        total = wrapper.data.total
        count = wrapper.data.count
        etag = wrapper.etag
        attributionText = wrapper.attributionText
    }

    /// Whether another page follows: `offset + limit < total`, the API's paging rule.
    public var hasMore: Bool { offset + limit < total }
}
