/// The results of a list, across all its pages, as an `AsyncSequence`: a page is
/// fetched when the previous one is used up, with `offset` advanced by `limit`.
public struct MarvelResultSequence<Entity: Codable & Sendable & Hashable>: AsyncSequence, Sendable {
    /// One result.
    public typealias Element = Entity

    let client: MarvelAPIClient<WithKeys>
    let request: Request<MarvelPage<Entity>, Signed>

    /// Starts from the request's own `offset` (0 when absent).
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, request: request, offset: Int(request.queryValue("offset") ?? "") ?? 0)
    }

    /// Fetches pages on demand.
    public struct Iterator: AsyncIteratorProtocol {
        let client: MarvelAPIClient<WithKeys>
        let request: Request<MarvelPage<Entity>, Signed>
        var offset: Int
        var buffer: [Entity] = []
        var finished = false

        /// The next result, or `nil` after the last page.
        public mutating func next() async throws -> Entity? {
            while buffer.isEmpty {
                guard !finished else { return nil }
                let page = try await client.send(request.setting("offset", String(offset)))
                buffer = page.results.reversed()
                offset = page.offset + page.limit
                finished = offset >= page.total || page.results.isEmpty
            }
            return buffer.popLast()
        }
    }
}
