import Foundation
import MarvelModels

/// Turns an `Encodable` query value into query items: each stored property is a
/// parameter; `nil` is left out; arrays are comma-joined; enums give their raw
/// values; dates are written as the API writes them (`2014-04-29T14:18:17-0500`).
enum QueryEncoder {
    static func items(_ value: some Encodable) throws -> [(name: String, value: String?)] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(MarvelDate(date).rawValue)
        }
        let object = try JSONDecoder().decode([String: QueryValue].self, from: encoder.encode(value))
        return object.keys.sorted().compactMap { key in object[key]!.text.map { (key, $0) } }
    }
}

/// A JSON value as query text.
private enum QueryValue: Decodable {
    case null
    case text(String)
    case list([QueryValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .text(value ? "true" : "false") }
        else if let value = try? container.decode(Int.self) { self = .text(String(value)) }
        else if let value = try? container.decode(Double.self) { self = .text(String(value)) }
        else if let value = try? container.decode(String.self) { self = .text(value) }
        else { self = .list(try container.decode([QueryValue].self)) }
    }

    /// The parameter's text; `nil` leaves the parameter out. Lists are comma-joined.
    var text: String? {
        switch self {
        case .null: nil
        case .text(let value): value
        case .list(let values):
            values.isEmpty ? nil : values.compactMap(\.text).joined(separator: ",")
        }
    }
}
