import Foundation

/// A stateful collection of JSON items behind one path: what
/// ``Resource(_:id:seed:operations:fileID:filePath:line:column:)`` declares.
/// Each server keeps its own items, starting from ``seed``; its reset puts
/// them back.
///
/// | Request | Answer |
/// | --- | --- |
/// | `GET /items` | `200`, the items (query `limit`, `offset`; other query items filter by field equality); `X-Total-Count` |
/// | `POST /items` | `201` with `Location` and `ETag`; the id from the body or generated; `409` for an id taken |
/// | `GET /items/{id}` | `200` with `ETag`; `404` for an unknown id |
/// | `PUT /items/{id}` | `200`, the item replaced |
/// | `PATCH /items/{id}` | `200`, the item merged (RFC 7396) |
/// | `DELETE /items/{id}` | `204` |
///
/// `405` (with `Allow`) for a method or operation the resource does not
/// allow, `412` when `If-Match` does not carry the item's current `ETag`,
/// `415` for a body that is not JSON and `422` for one that is not an
/// object, as `application/problem+json`.
public struct ResourceDeclaration: Sendable, Hashable {
    /// What a resource can do.
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        /// `GET` the collection.
        case list
        /// `GET` one item.
        case get
        /// `POST` to the collection.
        case create
        /// `PUT` one item.
        case replace
        /// `PATCH` one item (JSON merge patch).
        case patch
        /// `DELETE` one item.
        case delete
    }

    /// The collection's path, without a trailing slash: `/v1/users`.
    public var collectionPath: String
    /// The field that holds an item's id.
    public var idField: String
    /// The items every server starts with (JSON objects, each with an id).
    public var seed: [JSONValue]
    /// The operations allowed.
    public var operations: Set<Operation>

    /// A resource at `collectionPath` whose items carry their id in `idField`.
    public init(collectionPath: String, idField: String = "id", seed: [JSONValue] = [], operations: Set<Operation> = Set(Operation.allCases)) {
        var path = collectionPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.collectionPath = path
        self.idField = idField
        self.seed = seed
        self.operations = operations
    }

    /// Why the declaration cannot serve, if it cannot: a path with captures,
    /// or a seed item that is not an object, has no id, or repeats one.
    public var problem: String? {
        if collectionPath.contains("{") {
            return "a path with captures ({…}) is a nested resource, which is not supported yet; declare each collection by its literal path"
        }
        var seen: Set<String> = []
        for (index, item) in seed.enumerated() {
            guard case .object(let fields) = item else { return "seed item \(index) is not a JSON object" }
            guard let id = fields[idField].flatMap(Self.idText) else { return "seed item \(index) has no \(idField)" }
            guard seen.insert(id).inserted else { return "seed item \(index) repeats \(idField) \(id)" }
        }
        return nil
    }

    /// An id as it appears in a path: a string as it is, a whole number without a fraction.
    public static func idText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: return String(Int64(number))
        default: return nil
        }
    }
}

/// A stateful resource at `path`: list, get, create, replace, patch and
/// delete, each server with its own items starting from `seed`
/// (``ResourceDeclaration``).
///
/// ```swift
/// Resource("/v1/users", seed: [["id": 1, "name": "Ada"]])
/// ```
public func Resource(
    _ path: String, id: String = "id", seed: [JSONValue] = [],
    operations: Set<ResourceDeclaration.Operation> = Set(ResourceDeclaration.Operation.allCases),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    let declaration = ResourceDeclaration(collectionPath: path, idField: id, seed: seed, operations: operations)
    let escaped = NSRegularExpression.escapedPattern(for: declaration.collectionPath)
    let pattern = RequestPattern(method: nil, path: .regex(TextPattern("^\(escaped)(?:/(?<resourceID>[^/]+))?/?$")))
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let recipe: ResponseRecipe = declaration.problem.map { .invalid("the resource \(declaration.collectionPath): \($0)") } ?? .resource(declaration)
    return Stub(request: pattern, response: recipe, location: location)
}
