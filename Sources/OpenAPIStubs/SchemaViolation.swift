public import StubKit

/// One way an instance breaks a schema: where in the instance, which
/// keyword, what is wrong, and where the keyword is written.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The instance's JSON pointer (`/items/0/id`; empty for the whole value).
    public var instancePath: String
    /// The keyword that failed (`type`, `required`, `oneOf`, …).
    public var keyword: String
    /// What is wrong, e.g. `expected integer, got "7"`.
    public var message: String
    /// The keyword's place in the document, with the schema's JSON pointer.
    public var schemaLocation: CodeLocation

    /// Creates a violation.
    public init(instancePath: String, keyword: String, message: String, schemaLocation: CodeLocation) {
        self.instancePath = instancePath
        self.keyword = keyword
        self.message = message
        self.schemaLocation = schemaLocation
    }

    /// `api.yaml:40:15: /items/0/id: expected integer, got "7" (type at #/components/schemas/Item/properties/id)`.
    public var description: String {
        "\(schemaLocation.fileID):\(schemaLocation.line):\(schemaLocation.column): \(instancePath.isEmpty ? "(the value)" : instancePath): "
            + "\(message) (\(keyword) at \(schemaLocation.pointer ?? "#"))"
    }
}
