/// One of the API's six resources (``MarvelCharacter``, ``Comic``,
/// ``Creator``, ``Event``, ``Series``, ``Story``): identified by an `Int`,
/// decoded by the synthesized `Decodable`, and encoded the way the API
/// writes it, every field present and an absent optional as `null`, so a
/// value round-trips to the same JSON.
public protocol MarvelEntity: Codable, Sendable, Hashable, Identifiable where ID == Int {}

extension MarvelEntity {
    /// Encodes every field, writing absent optional values as `null` as the API does.
    public func encode(to encoder: any Encoder) throws {
        try NullWritingEncoding.encode(self, to: encoder)
    }
}

/// Writes every stored property under its own name, and an absent optional
/// as `null` (synthesized `Encodable` leaves such keys out). For the six
/// entities, which name every property as its JSON key.
enum NullWritingEncoding {
    /// Writes each stored property of `model`, in declaration order.
    ///
    /// - Throws: `EncodingError.invalidValue` for a property that is not `Encodable`.
    static func encode(_ model: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldName.self)
        for child in Mirror(reflecting: model).children {
            guard let name = child.label, let value = child.value as? any Encodable else {
                throw EncodingError.invalidValue(child.value, .init(
                    codingPath: encoder.codingPath, debugDescription: "\(type(of: model)).\(child.label ?? "?") is not Encodable"))
            }
            try container.encode(value, forKey: FieldName(stringValue: name))
        }
    }

    /// A property name as a coding key.
    private struct FieldName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
