/// A price of a comic: `{"type": "printPrice", "price": 2.99}`.
public struct ComicPrice: Codable, Sendable, Hashable {
    /// `printPrice` or `digitalPurchasePrice`.
    public var type: String
    /// The price in US dollars. The API documents a float; a `Double` holds every
    /// such value exactly as written.
    public var price: Double

    /// Creates a price.
    public init(type: String, price: Double) {
        self.type = type
        self.price = price
    }
}
