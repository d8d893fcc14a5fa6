/// An entry of an entity's `urls`: `{"type": "detail", "url": "http://marvel.com/…"}`.
public struct MarvelLink: Codable, Sendable, Hashable {
    /// The kind of page: `detail`, `wiki`, `comiclink`, `purchase`, `reader`, `inAppLink`, …
    public var type: String
    /// The address, which carries `?utm_campaign=apiRef&utm_source=<public key>`.
    public var url: String

    /// Creates a link.
    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }
}
