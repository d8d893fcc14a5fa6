public import Foundation

/// A request that matched a stub, as a dynamic response recipe sees it: the
/// recorded request plus the path captures. Properties of
/// ``RecordedRequest`` read through directly (`request.method`, `request.query`).
@dynamicMemberLookup
public struct MatchedRequest: Sendable {
    /// The request.
    public var request: RecordedRequest
    /// The path captures by name (`{id}` in `/characters/{id}`).
    public var captures: [String: String]

    /// Creates a matched request.
    public init(request: RecordedRequest, captures: [String: String] = [:]) {
        self.request = request
        self.captures = captures
    }

    /// Reads a property of the recorded request.
    public subscript<Value>(dynamicMember keyPath: KeyPath<RecordedRequest, Value>) -> Value {
        request[keyPath: keyPath]
    }

    /// The capture `name` converted to `type` (`Int`, `UUID`'s string, …), or `nil`.
    public func capture<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        captures[name].flatMap(Value.init)
    }

    /// The decoded value of the first query item named `name` (see ``RecordedRequest/queryValue(_:)``).
    public func queryValue(_ name: String) -> String? { request.queryValue(name) }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? { request.headers[name] }

    /// The body as JSON, or `nil` when it is not JSON.
    public var json: JSONValue? { JSONValue(data: request.body) }

    /// The body decoded from JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: request.body)
    }
}
