import Foundation
import MarvelModels

/// A query value for a list route; see ``CharacterQuery`` and its siblings.
public protocol MarvelQuery: Encodable, Sendable {}

/// A list route: `/v1/public/comics`, `/v1/public/characters/{id}/comics`, …
public struct ListEndpoint<Entity: Codable & Sendable & Hashable, Query: MarvelQuery>: Sendable {
    /// The route's path.
    public let path: String

    /// Creates an endpoint for a path.
    public init(path: String) { self.path = path }

    /// The list request for `query`: its stored properties become the query string
    /// (never the path).
    public func list(_ query: Query) -> Request<MarvelPage<Entity>, Signed> {
        // A query holds strings, numbers, enums and dates only, which always encode.
        let items = (try? QueryEncoder.items(query)) ?? []
        return Request(path: path, query: items) { data, decoder in
            MarvelPage(try decoder.decode(DataWrapper<Entity>.self, from: data))
        }
    }
}

/// `/{kind}/{id}` answers a page of one; these requests unwrap it.
enum SingleEntity {
    static func request<Entity: Codable & Sendable & Hashable>(_ path: String) -> Request<Entity, Signed> {
        Request(path: path) { data, decoder in
            let page = try decoder.decode(DataWrapper<Entity>.self, from: data)
            guard let entity = page.data.results.first else {
                throw MarvelError.notFound(message: "\(path) answered an empty page")
            }
            return entity
        }
    }
}
