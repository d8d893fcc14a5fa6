import Foundation
import StubKit

/// How a stateful resource answers one request: the REST semantics of
/// ``ResourceDeclaration`` over a ``ResourceStore`` collection.
struct ResourceAnswer {
    let declaration: ResourceDeclaration
    let stub: StubID
    let store: ResourceStore

    func response(to request: RecordedRequest, id: String?) -> StubResponse {
        let method = request.method.uppercased()
        if let id {
            switch method {
            case "GET", "HEAD": return allowed(.get, request) ?? get(id)
            case "PUT": return allowed(.replace, request) ?? write(id, request, merge: false)
            case "PATCH": return allowed(.patch, request) ?? write(id, request, merge: true)
            case "DELETE": return allowed(.delete, request) ?? delete(id, request)
            default: return notAllowed(request, item: true)
            }
        }
        switch method {
        case "GET", "HEAD": return allowed(.list, request) ?? list(request)
        case "POST": return allowed(.create, request) ?? create(request)
        default: return notAllowed(request, item: false)
        }
    }

    // MARK: Operations

    private func list(_ request: RecordedRequest) -> StubResponse {
        var limit = Int.max, offset = 0
        var filters: [(String, String)] = []
        for item in request.query {
            switch item.name {
            case "limit": limit = max(0, Int(item.value ?? "") ?? limit)
            case "offset": offset = max(0, Int(item.value ?? "") ?? 0)
            default: filters.append((item.name, item.value ?? ""))
            }
        }
        let all = store.items(of: stub, declaration)
        let matching = all.filter { item in
            guard case .object(let fields) = item else { return false }
            return filters.allSatisfy { name, value in fields[name].map { Self.text($0) == value } ?? false }
        }
        let page = Array(matching.dropFirst(offset).prefix(limit))
        var response = Self.json(.array(page), status: 200)
        response.headers.set("X-Total-Count", "\(matching.count)")
        return response
    }

    private func get(_ id: String) -> StubResponse {
        guard let (item, version) = store.withCollection(stub, declaration, { $0.items[id] }) else { return unknown(id) }
        return Self.json(item, status: 200, etag: Self.etag(version))
    }

    private func create(_ request: RecordedRequest) -> StubResponse {
        let fields: [String: JSONValue]
        switch body(of: request) {
        case .problem(let problem): return problem
        case .object(let object): fields = object
        }
        let outcome = store.withCollection(stub, declaration) { collection -> Result<(String, JSONValue, Int), ResourceConflict> in
            var item = fields
            let id: String
            if let given = fields[declaration.idField] {
                guard let text = ResourceDeclaration.idText(given) else { return .failure(.badID) }
                guard collection.items[text] == nil else { return .failure(.taken(text)) }
                id = text
            } else if collection.numericIDs {
                id = String(collection.nextNumber)
                item[declaration.idField] = .number(Double(collection.nextNumber))
            } else {
                id = UUID().uuidString.lowercased()
                item[declaration.idField] = .string(id)
            }
            collection.insert(.object(item), id: id)
            return .success((id, .object(item), collection.items[id]?.version ?? 1))
        }
        switch outcome {
        case .failure(.taken(let id)):
            return Self.problem(409, "Conflict", "an item with \(declaration.idField) \(id) exists already")
        case .failure:
            return Self.problem(422, "Unprocessable Content", "\(declaration.idField) is a non-empty string or a whole number")
        case .success(let (id, item, version)):
            var response = Self.json(item, status: 201, etag: Self.etag(version))
            response.headers.set("Location", declaration.collectionPath + "/" + id)
            return response
        }
    }

    private func write(_ id: String, _ request: RecordedRequest, merge: Bool) -> StubResponse {
        let fields: [String: JSONValue]
        switch body(of: request) {
        case .problem(let problem): return problem
        case .object(let object): fields = object
        }
        if let given = fields[declaration.idField], ResourceDeclaration.idText(given) != id {
            return Self.problem(422, "Unprocessable Content", "the body's \(declaration.idField) is not the item's, \(id)")
        }
        let ifMatch = request.headers.values(for: "If-Match").first
        let outcome = store.withCollection(stub, declaration) { collection -> Result<(JSONValue, Int), ResourceConflict> in
            guard let current = collection.items[id] else { return .failure(.unknown) }
            if let ifMatch, !Self.matches(ifMatch, current.version) { return .failure(.stale) }
            var next = merge ? Self.merged(current.value, patch: .object(fields)) : .object(fields)
            if case .object(var object) = next, object[declaration.idField] == nil {
                object[declaration.idField] = Self.idValue(current.value, declaration.idField)
                next = .object(object)
            }
            collection.insert(next, id: id)
            return .success((next, collection.items[id]?.version ?? 1))
        }
        switch outcome {
        case .failure(.unknown): return unknown(id)
        case .failure: return stale(id)
        case .success(let (item, version)): return Self.json(item, status: 200, etag: Self.etag(version))
        }
    }

    private func delete(_ id: String, _ request: RecordedRequest) -> StubResponse {
        let ifMatch = request.headers.values(for: "If-Match").first
        let outcome = store.withCollection(stub, declaration) { collection -> ResourceConflict? in
            guard let current = collection.items[id] else { return .unknown }
            if let ifMatch, !Self.matches(ifMatch, current.version) { return .stale }
            collection.remove(id)
            return nil
        }
        switch outcome {
        case .unknown?: return unknown(id)
        case .some: return stale(id)
        case nil: return StubResponse(status: 204)
        }
    }

    // MARK: Checks and answers

    /// A request body: a JSON object, or the problem (415, 422) it is.
    private enum Body { case object([String: JSONValue]), problem(StubResponse) }

    private func body(of request: RecordedRequest) -> Body {
        let type = (request.headers.values(for: "Content-Type").first ?? "").lowercased()
        guard type.isEmpty || type.contains("json") else {
            return .problem(Self.problem(415, "Unsupported Media Type", "the body must be JSON, not \(type)"))
        }
        guard let value = JSONValue(exactly: request.body) else {
            return .problem(Self.problem(422, "Unprocessable Content", "the body is not JSON"))
        }
        guard case .object(let fields) = value else {
            return .problem(Self.problem(422, "Unprocessable Content", "the body must be a JSON object"))
        }
        return .object(fields)
    }

    private func allowed(_ operation: ResourceDeclaration.Operation, _ request: RecordedRequest) -> StubResponse? {
        declaration.operations.contains(operation) ? nil : notAllowed(request, item: operation != .list && operation != .create)
    }

    private func notAllowed(_ request: RecordedRequest, item: Bool) -> StubResponse {
        let methods: [(ResourceDeclaration.Operation, String)] = item
            ? [(.get, "GET"), (.replace, "PUT"), (.patch, "PATCH"), (.delete, "DELETE")]
            : [(.list, "GET"), (.create, "POST")]
        var response = Self.problem(405, "Method Not Allowed", "\(request.method) is not allowed on \(request.path)")
        response.headers.set("Allow", methods.filter { declaration.operations.contains($0.0) }.map(\.1).joined(separator: ", "))
        return response
    }

    private func unknown(_ id: String) -> StubResponse {
        Self.problem(404, "Not Found", "no item of \(declaration.collectionPath) has \(declaration.idField) \(id)")
    }

    private func stale(_ id: String) -> StubResponse {
        Self.problem(412, "Precondition Failed", "If-Match does not carry the current ETag of \(declaration.collectionPath)/\(id)")
    }

    private enum ResourceConflict: Error { case taken(String), badID, unknown, stale }

    static func etag(_ version: Int) -> String { "\"v\(version)\"" }

    /// Whether an `If-Match` value names `version` (or is `*`).
    static func matches(_ ifMatch: String, _ version: Int) -> Bool {
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return tags.contains("*") || tags.contains(etag(version)) || tags.contains("W/" + etag(version))
    }

    static func json(_ value: JSONValue, status: Int, etag: String? = nil) -> StubResponse {
        var response = StubResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(value.description.utf8))
        if let etag { response.headers.set("ETag", etag) }
        return response
    }

    static func problem(_ status: Int, _ title: String, _ detail: String) -> StubResponse {
        let body: JSONValue = .object(["type": "about:blank", "title": .string(title), "status": .number(Double(status)), "detail": .string(detail)])
        return StubResponse(status: status, headers: ["Content-Type": "application/problem+json"], body: Data(body.description.utf8))
    }

    /// RFC 7396: an object patch merges key by key, `null` removes, anything else replaces.
    static func merged(_ target: JSONValue, patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var result: [String: JSONValue] = if case .object(let fields) = target { fields } else { [:] }
        for (key, value) in changes {
            if case .null = value { result[key] = nil } else { result[key] = merged(result[key] ?? .null, patch: value) }
        }
        return .object(result)
    }

    static func idValue(_ item: JSONValue, _ field: String) -> JSONValue? {
        if case .object(let fields) = item { return fields[field] }
        return nil
    }

    /// A field's value as a query string would say it.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .number: return ResourceDeclaration.idText(value) ?? value.description
        default: return value.description
        }
    }
}
