import Foundation
import StubKit

/// Decodes JSON into a model and reports every key the model does not know
/// (unexpected) or expects but the JSON lacks (missing), by encoding the value
/// again and comparing the two documents. Models must encode every field,
/// `null` included, for this to hold.
public enum StrictDecoding {
    /// The decoded value and the differences between the JSON and its re-encoding.
    public static func decode<Value: Codable>(
        _ type: Value.Type, from data: Data, encoder: JSONEncoder = JSONEncoder()
    ) throws -> (value: Value, differences: [JSONDifference]) {
        let value = try JSONDecoder().decode(Value.self, from: data)
        let again = try encoder.encode(value)
        guard let original = JSONValue(data: data), let encoded = JSONValue(data: again) else {
            return (value, [JSONDifference(path: "$", kind: .typeMismatch, expected: "JSON", actual: "not JSON")])
        }
        return (value, original.differences(from: encoded))
    }
}
