/// A key date of a comic: `{"type": "onsaleDate", "date": "2008-11-26T00:00:00-0500"}`.
public struct ComicDate: Codable, Sendable, Hashable {
    /// `onsaleDate`, `focDate`, `unlimitedDate` or `digitalPurchaseDate`.
    public var type: String
    /// The date, which may be ``MarvelDate/unknown``.
    public var date: MarvelDate

    /// Creates a comic date.
    public init(type: String, date: MarvelDate) {
        self.type = type
        self.date = date
    }
}
