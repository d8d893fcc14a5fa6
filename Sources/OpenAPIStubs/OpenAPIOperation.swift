import Foundation
public import StubKit

/// One operation of a document: method and path template, its parameters,
/// request body and responses, each with the place it is written.
public struct OpenAPIOperation: Sendable {
    /// `GET`, upper case.
    public var method: String
    /// The path template as written (`/pets/{id}`).
    public var path: String
    /// The `operationId`, when given.
    public var operationId: String?
    /// Where the operation is written, with its JSON pointer.
    public var location: CodeLocation
    /// Path-item and operation parameters merged (the operation's win).
    public var parameters: [OpenAPIParameter]
    /// The request body, when the operation takes one.
    public var requestBody: OpenAPIRequestBody?
    /// The responses in document order.
    public var responses: [OpenAPIResponse]
    /// The path under the document's base path, compiled once for matching.
    let pathTemplate: OpenAPIPathTemplate

    /// `GET /pets/{id} (getPet)`.
    public var name: String { "\(method) \(path)" + (operationId.map { " (\($0))" } ?? "") }
}

/// A parameter: where it goes, whether it is required, how it is serialised.
public struct OpenAPIParameter: Sendable {
    /// Where a parameter is sent.
    public enum Place: String, Sendable { case path, query, header, cookie }
    /// The name.
    public var name: String
    /// Where it is sent.
    public var place: Place
    /// Whether a request must send it (always, for path parameters).
    public var required: Bool
    /// `form`, `simple`, `deepObject`, … (the place's default when not written).
    public var style: String
    /// Whether arrays and objects are sent exploded.
    public var explode: Bool
    /// The schema's JSON pointer, when it has one.
    public var schemaPointer: String?
    /// Where the parameter is written.
    public var location: CodeLocation
}

/// A request body: whether it is required, and its media types.
public struct OpenAPIRequestBody: Sendable {
    /// Whether a request must send a body.
    public var required: Bool
    /// The accepted media types, in document order.
    public var media: [OpenAPIMedia]
}

/// A media type of a body: its schema and named examples.
public struct OpenAPIMedia: Sendable {
    /// `application/json`, or a range such as `application/*`.
    public var type: String
    /// The schema's JSON pointer, when it has one.
    public var schemaPointer: String?
    /// The examples in document order (`example` is named `default`).
    public var examples: [(name: String, value: JSONValue)]

    /// Whether the type is JSON (`application/json`, `…+json`).
    public var isJSON: Bool {
        let base = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base == "application/json" || base.hasSuffix("+json")
    }
}

/// A response: its status key (`200`, `2XX`, `default`) and media types.
public struct OpenAPIResponse: Sendable {
    /// The key as written.
    public var status: String
    /// The media types in document order (empty for a response without a body).
    public var media: [OpenAPIMedia]
    /// Where it is written.
    public var location: CodeLocation

    /// The status a response for this key is sent with: the code itself,
    /// the range's first code (`2XX` → 200), or `fallback` for `default`.
    public func code(default fallback: Int) -> Int {
        if let code = Int(status) { return code }
        if status.count == 3, let digit = status.first?.wholeNumberValue { return digit * 100 }
        return fallback
    }
}
