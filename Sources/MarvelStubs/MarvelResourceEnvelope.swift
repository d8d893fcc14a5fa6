public import StubKit
import Foundation

extension ResourceEnvelope {
    /// Marvel's envelope for a stateful resource: a list is paged by
    /// `limit` (1…100, default 20) and `offset` into `data.results`, with
    /// `total`, `count` and the content `etag`, and answers `If-None-Match`
    /// with `304`; one item is a page of one. `apikey`, `ts`, `hash`,
    /// `orderBy` and `callback` are the API's own parameters, not field
    /// filters. In a spec file: `envelope: marvel`.
    ///
    /// ```swift
    /// Resource("/v1/public/characters", seed: characters, envelope: .marvel)
    /// ```
    public static let marvel = ResourceEnvelope(
        name: "marvel", parameters: ["limit", "offset", "apikey", "ts", "hash", "orderBy", "callback"],
        list: { items, request in .marvel(MarvelResults(encoded: items.map { Data($0.description.utf8) }), for: request) },
        item: { item, status, request in
            var response = StubResponse.marvelPage(
                MarvelResults(encoded: [Data(item.description.utf8)]), paging: MarvelPaging(limit: 20, offset: 0),
                ifNoneMatch: request.headers.values(for: "If-None-Match"), callback: nil, attribution: .current)
            if response.status == 200 { response.status = status }
            return response
        })
}
