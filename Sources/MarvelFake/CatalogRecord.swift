import Foundation
import Locking
import StubKit

/// One entity of the fake's catalog, reduced to what the routes filter and sort on,
/// plus its JSON, encoded and hashed once, when first served.
struct CatalogRecord: Sendable {
    /// The entity's id.
    var id: Int
    /// The entity's JSON, made when a page first holds it.
    let encoded: LazyEncodedResult
    /// The entity as the API would send it, with its digest.
    var result: EncodedMarvelResult { encoded.value }
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

/// An entity's JSON and digest, encoded on first use and kept: encoding
/// the whole catalog at start was three quarters of `serve --marvel`'s
/// time to its ready line (207-257 ms), and a test reads a few pages of it.
/// A list route encodes only the page it answers (0.25-0.45 ms a comic).
final class LazyEncodedResult: Sendable {
    private let encode: @Sendable () throws -> Data
    private let what: String
    private let made = Locked<EncodedMarvelResult?>(nil)

    /// `encode` writes the entity; `what` names it should that fail.
    init(_ what: String, encode: @escaping @Sendable () throws -> Data) {
        self.what = what
        self.encode = encode
    }

    /// The JSON, encoded now if it was not yet. The catalog's entities are
    /// crafted and fixed, and a test encodes every one of them, so a
    /// failure here is a defect in this module, reported as such.
    var value: EncodedMarvelResult {
        made.withLock { made in
            if let made { return made }
            let result: EncodedMarvelResult
            do {
                result = EncodedMarvelResult(json: try encode())
            } catch {
                preconditionFailure("the Marvel fake's \(what) cannot be encoded: \(error)")
            }
            made = result
            return result
        }
    }
}

/// A value to sort on.
enum SortValue: Comparable {
    case number(Double)
    case text(String)
}
