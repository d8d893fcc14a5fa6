import Foundation
import StubKit
import StubServer

/// Stateful resources from another process: read them, seed them, reset them.
///
/// - `GET /resources`: `{"resources": [{"path", "id", "operations", "count", "items"}]}`;
///   `?path=/v1/users` for one.
/// - `PUT /resources?path=/v1/users` with a JSON array: those items, as a seed
///   would be (422 naming the item that cannot be one).
/// - `POST /resources/reset`: every resource back to its seed; `?path=` for one.
extension AdminAPI {
    /// `GET /resources`.
    func listResources(_ call: AdminCall) -> StubResponse {
        let declarations = server.resources
        guard let path = Self.resourcePath(call) else {
            return AdminAnswer.json(.object(["resources": .array(declarations.map(describe))]))
        }
        guard let declaration = declarations.first(where: { $0.collectionPath == path }) else { return Self.unknownResource(path) }
        return AdminAnswer.json(.object(["resources": .array([describe(declaration)])]))
    }

    /// `PUT /resources?path=…`.
    func seedResource(_ call: AdminCall) -> StubResponse {
        guard let path = Self.resourcePath(call) else {
            return AdminAnswer.error(400, "name the resource: PUT /resources?path=/v1/users")
        }
        guard case .array(let items)? = JSONValue(exactly: call.request.body) else {
            return AdminAnswer.error(422, "expected a JSON array of items", pointer: "")
        }
        do {
            try server.setResourceItems(items, at: path)
        } catch {
            if error.isUnknownResource { return Self.unknownResource(path) }
            let index = error.problem.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
            return AdminAnswer.error(422, error.description, pointer: index.map { "/\($0)" } ?? "")
        }
        return AdminAnswer.json(.object(["count": .number(Double(items.count))]))
    }

    /// `POST /resources/reset`.
    func resetResources(_ call: AdminCall) -> StubResponse {
        guard let path = Self.resourcePath(call) else {
            server.resetResources()
            return AdminAnswer.ok()
        }
        do {
            try server.resetResource(at: path)
        } catch {
            return Self.unknownResource(path)
        }
        return AdminAnswer.ok()
    }

    private func describe(_ declaration: ResourceDeclaration) -> JSONValue {
        let items = server.resourceItems(at: declaration.collectionPath)
        var fields: [String: JSONValue] = [
            "path": .string(declaration.collectionPath), "id": .string(declaration.idField),
            "operations": .array(ResourceDeclaration.Operation.allCases.filter(declaration.operations.contains).map { .string($0.rawValue) }),
            "count": .number(Double(items.count)), "items": .array(items),
        ]
        if let envelope = declaration.envelope { fields["envelope"] = .string(envelope.name) }
        return .object(fields)
    }

    private static func resourcePath(_ call: AdminCall) -> String? {
        call.request.query.last { $0.name == "path" }?.value.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func unknownResource(_ path: String) -> StubResponse {
        AdminAnswer.error(404, "no stub serves a resource at \(path)")
    }
}
