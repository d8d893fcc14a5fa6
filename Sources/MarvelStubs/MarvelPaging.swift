public import StubKit
/// The `limit` and `offset` of a Marvel list request, checked as the API checks them.
public struct MarvelPaging: Sendable, Hashable {
    /// Results per page: 1…100, default 20.
    public var limit: Int
    /// Results to skip: ≥ 0, default 0.
    public var offset: Int

    /// Reads the first `limit` and `offset` of `query`, or the API's 409 for a bad one.
    public static func read(_ query: [QueryItem]) -> Result<MarvelPaging, MarvelFailure> {
        var paging = MarvelPaging(limit: 20, offset: 0)
        if let text = query.first(where: { $0.name == "limit" })?.value {
            guard let limit = Int(text), limit > 0 else { return .failure(.limitInvalid) }
            guard limit <= 100 else { return .failure(.limitTooLarge) }
            paging.limit = limit
        }
        if let text = query.first(where: { $0.name == "offset" })?.value {
            guard let offset = Int(text), offset >= 0 else { return .failure(.offsetInvalid) }
            paging.offset = offset
        }
        return .success(paging)
    }
}

/// `ETag` and `If-None-Match` values.
enum EntityTag {
    /// The tags of an `If-None-Match` value: comma-separated, each possibly quoted or
    /// weak (`W/"…"`); `*` matches anything.
    static func list(_ header: String) -> [Substring] {
        header.split(separator: ",").map { item in
            var tag = item.drop { $0 == " " }
            while tag.last == " " { tag = tag.dropLast() }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag.count >= 2, tag.first == "\"", tag.last == "\"" { tag = tag.dropFirst().dropLast() }
            return tag
        }
    }
}
