/// Encodes a model the way the Marvel API writes it: every stored property
/// under its own name, and an absent optional as `null` (synthesized
/// `Encodable` leaves such keys out). One implementation for the six
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
