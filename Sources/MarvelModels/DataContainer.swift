/// One page of results: `{"offset": 0, "limit": 20, "total": 1491, "count": 20, "results": […]}`.
public struct DataContainer<Result: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// The requested offset, echoed (even past the end).
    public var offset: Int
    /// The requested page size, echoed (default 20, at most 100).
    public var limit: Int
    /// How many results match the request in all.
    public var total: Int
    /// How many results this page holds.
    public var count: Int
    /// The results on this page.
    public var results: [Result]

    /// Creates a page; `count` defaults to the number of results.
    public init(offset: Int = 0, limit: Int = 20, total: Int, count: Int? = nil, results: [Result]) {
        self.offset = offset
        self.limit = limit
        self.total = total
        self.count = count ?? results.count
        self.results = results
    }

    /// Whether a later page exists: `offset + limit < total`.
    public var hasMore: Bool { offset + limit < total }
}
