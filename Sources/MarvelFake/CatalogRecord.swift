import Foundation
import StubKit

/// One entity of the fake's catalog, reduced to what the routes filter and sort on,
/// plus its JSON, encoded and hashed once.
struct CatalogRecord: Sendable {
    /// The entity's id.
    var id: Int
    /// The entity as the API would send it, with its digest.
    var result: EncodedMarvelResult
    /// Text fields for exact and prefix filters and text orderings (original case).
    var text: [String: String] = [:]
    /// Tag sets for enumerated filters (lowercased).
    var tags: [String: Set<String>] = [:]
    /// Numeric fields for integer filters and numeric orderings.
    var numbers: [String: Double] = [:]
    /// Date fields as seconds since the epoch; absent for unknown dates.
    var dates: [String: Double] = [:]
    /// Boolean flags.
    var flags: Set<String> = []
    /// Ids of related resources, by kind.
    var links: [ResourceKind: Set<Int>] = [:]

    /// The value `orderBy` sorts on for `key`.
    func sortValue(_ key: String) -> SortValue {
        if key == "id" { return .number(Double(id)) }
        if let text = text[key] { return .text(text.lowercased()) }
        if let number = numbers[key] { return .number(number) }
        return .number(dates[key] ?? -.infinity)
    }
}

/// A value to sort on.
enum SortValue: Comparable {
    case number(Double)
    case text(String)
}
