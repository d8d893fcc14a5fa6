import Foundation

/// A stateful collection of JSON items behind one path: what
/// ``Resource(_:id:seed:operations:generatedIDs:envelope:fileID:filePath:line:column:)``
/// declares. Each server keeps its own items, starting from ``seed``; its
/// reset puts them back.
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
///
/// A nested collection names its parents in the path,
/// `/users/{userId}/posts`: each item carries a `userId` field, a request
/// under `/users/7/posts` sees the items whose `userId` is 7, and an item
/// created there gets `userId` 7.
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

    /// How a create without an id in its body makes one.
    public enum GeneratedIDs: String, Sendable, Hashable, CaseIterable {
        /// The next whole number when the seed's ids are numbers (or there is
        /// no seed), else a UUID.
        case automatic
        /// The next whole number.
        case integers
        /// A lower-case UUID.
        case uuids
    }

    /// The collection's path, without a trailing slash: `/v1/users`, or
    /// `/users/{userId}/posts` for a nested one.
    public var collectionPath: String
    /// The field that holds an item's id.
    public var idField: String
    /// The items every server starts with (JSON objects, each with an id,
    /// and each with a field per parent of a nested path).
    public var seed: [JSONValue]
    /// The operations allowed.
    public var operations: Set<Operation>
    /// How a create without an id makes one.
    public var generatedIDs: GeneratedIDs
    /// The envelope lists and items are sent in; `nil` sends them bare.
    public var envelope: ResourceEnvelope?
    /// A check each request passes before the resource answers it (an
    /// OpenAPI document's schemas, for example); `nil` checks nothing more.
    public var requestCheck: ResourceRequestCheck?

    /// A resource at `collectionPath` whose items carry their id in `idField`.
    public init(
        collectionPath: String, idField: String = "id", seed: [JSONValue] = [],
        operations: Set<Operation> = Set(Operation.allCases), generatedIDs: GeneratedIDs = .automatic,
        envelope: ResourceEnvelope? = nil, requestCheck: ResourceRequestCheck? = nil
    ) {
        var path = collectionPath
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.collectionPath = path
        self.idField = idField
        self.seed = seed
        self.operations = operations
        self.generatedIDs = generatedIDs
        self.envelope = envelope
        self.requestCheck = requestCheck
    }

    /// The fields a nested path names, in order: `["userId"]` for
    /// `/users/{userId}/posts`.
    public var parentFields: [String] {
        collectionPath.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }

    /// The pattern that routes the collection and its items to the resource:
    /// the item's id is the capture `resourceID`, the parents' values are
    /// `parent0`, `parent1`, … in ``parentFields`` order.
    public var requestPattern: RequestPattern {
        var expression = "^", parent = 0
        for segment in collectionPath.split(separator: "/") {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                expression += "/(?<parent\(parent)>[^/]+)"
                parent += 1
            } else {
                expression += "/" + NSRegularExpression.escapedPattern(for: String(segment))
            }
        }
        return RequestPattern(method: nil, path: .regex(TextPattern(expression + "(?:/(?<resourceID>[^/]+))?/?$")))
    }

    /// Why the declaration cannot serve, if it cannot: a capture that is not
    /// a whole segment or ends the path, or a seed item that is not an
    /// object, has no id or no parent field, or repeats an id.
    public var problem: String? {
        let segments = collectionPath.split(separator: "/")
        for segment in segments where segment.contains("{") || segment.contains("}") {
            let name = segment.dropFirst().dropLast()
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), !name.isEmpty, !name.contains("{"), !name.contains("}") else {
                return "\(segment) is not a whole segment; a parent in a nested path is one segment, such as {userId}"
            }
        }
        if let last = segments.last, last.hasPrefix("{") {
            return "the path ends in \(last); a collection's path ends in its name, and the item's id follows it"
        }
        if Set(parentFields).count != parentFields.count { return "the path names a parent twice" }
        if parentFields.contains(idField) { return "the path names the id field \(idField) as a parent" }
        var seen: Set<String> = []
        for (index, item) in seed.enumerated() {
            guard case .object(let fields) = item else { return "seed item \(index) is not a JSON object" }
            guard let raw = fields[idField] else { return "seed item \(index) has no \(idField)" }
            guard let id = Self.idText(raw) else {
                return "seed item \(index) has \(idField) \(raw), which is no id: a non-empty string without /, or a whole number"
            }
            guard seen.insert(id).inserted else { return "seed item \(index) repeats \(idField) \(id)" }
            for parent in parentFields where fields[parent].flatMap(Self.idText) == nil {
                return "seed item \(index) has no \(parent), the parent its path names"
            }
        }
        return nil
    }

    /// An id as it appears in a path: a string as it is (not empty, no `/`),
    /// a whole number without a fraction.
    public static func idText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty || text.contains("/") ? nil : text
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
/// Resource("/v1/users/{userId}/posts", seed: [["id": 10, "userId": 1, "title": "Notes"]])
/// ```
public func Resource(
    _ path: String, id: String = "id", seed: [JSONValue] = [],
    operations: Set<ResourceDeclaration.Operation> = Set(ResourceDeclaration.Operation.allCases),
    generatedIDs: ResourceDeclaration.GeneratedIDs = .automatic, envelope: ResourceEnvelope? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Stub {
    let declaration = ResourceDeclaration(collectionPath: path, idField: id, seed: seed, operations: operations,
                                          generatedIDs: generatedIDs, envelope: envelope)
    return Stub(resource: declaration, location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

extension Stub {
    /// The stub that serves `declaration` (refused at start, naming the
    /// resource, when ``ResourceDeclaration/problem`` finds one).
    public init(resource declaration: ResourceDeclaration, location: CodeLocation) {
        let recipe: ResponseRecipe = declaration.problem.map { .invalid("the resource \(declaration.collectionPath): \($0)") }
            ?? .resource(declaration)
        self.init(request: declaration.requestPattern, response: recipe, location: location)
    }
}
