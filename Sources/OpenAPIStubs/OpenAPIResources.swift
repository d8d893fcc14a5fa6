public import StubKit
import Foundation
import Yams

/// The collections a document describes, found for `serve --stateful`: a
/// path `C` with `GET` (list) or `POST` (create) beside a path `C/{param}`
/// with `GET`, `PUT`, `PATCH` or `DELETE` on one item. Each becomes a
/// stateful resource whose requests are checked against their operations
/// first; everything else the document declares is served as without
/// `--stateful`.
extension OpenAPIDocument {
    /// One collection the document describes.
    public struct Collection: Sendable {
        /// The resource served for it (with the document's request check).
        public var declaration: ResourceDeclaration
        /// The operations it takes over, by name (`POST /users (createUser)`).
        public var operations: [String]
        /// Where the collection's first operation is declared.
        public var location: CodeLocation
        /// The collection's and the item's full path templates.
        var templates: [String]
    }

    /// The collections found, in path order.
    public var collections: [Collection] {
        var found: [Collection] = []
        let byPath = Dictionary(grouping: operations, by: \.pathTemplate.template)
        for (itemPath, itemOperations) in byPath.sorted(by: { $0.key < $1.key }) {
            let segments = itemPath.split(separator: "/", omittingEmptySubsequences: false)
            guard let last = segments.last, last.hasPrefix("{"), last.hasSuffix("}"), segments.count >= 3 else { continue }
            let collectionPath = segments.dropLast().joined(separator: "/")
            let parameter = String(last.dropFirst().dropLast())
            let collectionOperations = byPath[collectionPath] ?? []
            var kinds: [(ResourceDeclaration.Operation, OpenAPIOperation)] = []
            for operation in collectionOperations {
                switch operation.method {
                case "GET" where listsArray(operation): kinds.append((.list, operation))
                case "POST": kinds.append((.create, operation))
                default: break
                }
            }
            guard !kinds.isEmpty else { continue }
            for operation in itemOperations {
                switch operation.method {
                case "GET": kinds.append((.get, operation))
                case "PUT": kinds.append((.replace, operation))
                case "PATCH": kinds.append((.patch, operation))
                case "DELETE": kinds.append((.delete, operation))
                default: break
                }
            }
            guard kinds.contains(where: { ![.list, .create].contains($0.0) }) else { continue }
            let item = itemSchema(kinds.map(\.1))
            let idField = [parameter, "id"].first { item?.member("properties")?.member($0) != nil } ?? "id"
            var declaration = ResourceDeclaration(collectionPath: collectionPath, idField: idField, operations: Set(kinds.map(\.0)))
            switch item?.member("properties")?.member(idField).flatMap(followed)?.member("type")?.text {
            case "integer"?, "number"?: declaration.generatedIDs = .integers
            case "string"?: declaration.generatedIDs = .uuids
            default: break
            }
            if let list = kinds.first(where: { $0.0 == .list })?.1, case .array(let items)? = successExample(list),
               ResourceDeclaration(collectionPath: collectionPath, idField: idField, seed: items).problem == nil {
                declaration.seed = items
            }
            guard declaration.problem == nil else { continue }
            let answers = Dictionary(kinds.map { ($0.0, OpenAPIAnswer(operation: $0.1, source: source, seed: 0)) }, uniquingKeysWith: { a, _ in a })
            declaration.requestCheck = ResourceRequestCheck(name: "OpenAPI \(source.file) \(collectionPath)") { request, operation in
                answers[operation]?.refusal(to: request)
            }
            let location = kinds.map(\.1.location).min { ($0.line, $0.column) < ($1.line, $1.column) } ?? kinds[0].1.location
            found.append(Collection(declaration: declaration, operations: kinds.map(\.1.name), location: location,
                                    templates: [collectionPath, itemPath]))
        }
        return found
    }

    /// The document as stubs with its collections kept as stateful
    /// resources (``collections``): each resource's stub comes after the
    /// document's other operations and before their `405` answers, so a
    /// literal path such as `/users/me` keeps its own operation. An
    /// operation at a collection's paths that is no resource operation
    /// (`HEAD`, `OPTIONS`, `POST /users/{id}`) is left to the resource's `405`.
    public func statefulStubs(seed: UInt64 = 0) -> [Stub] {
        let found = collections
        let plain = stubs(seed: seed, leaving: Set(found.flatMap(\.templates)))
        let operationStubs = plain.filter { $0.request.method != nil }
        let methodStubs = plain.filter { $0.request.method == nil }
        let resources = found.map { collection -> Stub in
            var stub = Stub(resource: collection.declaration, location: collection.location)
            stub.name = "the resource \(collection.declaration.collectionPath) (\(collection.operations.joined(separator: ", ")))"
            return stub
        }
        return operationStubs + resources + methodStubs
    }

    /// Whether `operation`'s success answer is a JSON array (a list a resource can send).
    private func listsArray(_ operation: OpenAPIOperation) -> Bool {
        guard let schema = successSchema(operation) else { return false }
        return schema.member("type")?.text == "array"
    }

    /// The schema of one item: the item `GET`'s success answer, else the create's.
    private func itemSchema(_ operations: [OpenAPIOperation]) -> Node? {
        let ordered = operations.filter { $0.method == "GET" && $0.pathTemplate.variableCount > 0 } + operations.filter { $0.method == "POST" }
        for operation in ordered {
            if let schema = successSchema(operation), schema.member("type")?.text != "array" { return schema }
        }
        return nil
    }

    private func successSchema(_ operation: OpenAPIOperation) -> Node? {
        successMedia(operation)?.schemaPointer.flatMap(source.resolve).flatMap(followed)
    }

    private func successExample(_ operation: OpenAPIOperation) -> JSONValue? {
        successMedia(operation)?.examples.first?.value
    }

    private func successMedia(_ operation: OpenAPIOperation) -> OpenAPIMedia? {
        let success = operation.responses.filter { Int($0.status).map { (200...299).contains($0) } ?? ($0.status == "2XX") }
            .min { $0.status < $1.status }
        return success?.media.first(where: \.isJSON)
    }

    /// `schema` with its `$ref`s followed.
    private func followed(_ schema: Node) -> Node? {
        var node = schema
        for _ in 0..<16 {
            guard let reference = node.member("$ref")?.text else { return node }
            guard let target = source.resolve(reference) else { return nil }
            node = target
        }
        return nil
    }
}
