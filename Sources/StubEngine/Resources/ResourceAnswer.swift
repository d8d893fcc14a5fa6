import Foundation
import StubKit

/// How a stateful resource answers one request: the REST semantics of
/// ``ResourceDeclaration`` over a ``ResourceStore`` collection.
struct ResourceAnswer {
    let declaration: ResourceDeclaration
    let stub: StubID
    let store: ResourceStore
    /// A nested path's parents as this request names them: `[("userId", "7")]`.
    let parents: [(field: String, value: String)]

    init(declaration: ResourceDeclaration, stub: StubID, store: ResourceStore, captures: [String: String]) {
        self.declaration = declaration
        self.stub = stub
        self.store = store
        parents = declaration.parentFields.enumerated().map { index, field in
            (field, captures["parent\(index)"].flatMap { $0.removingPercentEncoding } ?? "")
        }
    }

    func response(to request: RecordedRequest, id: String?) -> StubResponse {
        let method = request.method.uppercased()
        let operation: ResourceDeclaration.Operation
        switch (id != nil, method) {
        case (true, "GET"), (true, "HEAD"): operation = .get
        case (true, "PUT"): operation = .replace
        case (true, "PATCH"): operation = .patch
        case (true, "DELETE"): operation = .delete
        case (false, "GET"), (false, "HEAD"): operation = .list
        case (false, "POST"): operation = .create
        default: return notAllowed(request, item: id != nil)
        }
        guard declaration.operations.contains(operation) else { return notAllowed(request, item: id != nil) }
        if let refusal = declaration.requestCheck?.check(request, operation) { return refusal }
        let id = id.map { $0.removingPercentEncoding ?? $0 }
        switch operation {
        case .list: return list(request)
        case .get: return get(id ?? "", request)
        case .create: return create(request)
        case .replace: return write(id ?? "", request, merge: false)
        case .patch: return write(id ?? "", request, merge: true)
        case .delete: return delete(id ?? "", request)
        }
    }

    /// Whether `item` belongs under the parents this request names.
    private func isUnderParents(_ item: JSONValue) -> Bool {
        guard !parents.isEmpty else { return true }
        guard case .object(let fields) = item else { return false }
        return parents.allSatisfy { parent in fields[parent.field].map { Self.text($0) } == parent.value }
    }

    /// `fields` with each parent's field set as the path names it (a number when it reads as one).
    private func withParents(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        var fields = fields
        for parent in parents { fields[parent.field] = Int(parent.value).map { .number(Double($0)) } ?? .string(parent.value) }
        return fields
    }

    /// A body field that contradicts the path (the id, or a parent's), as the 422 it is.
    private func contradiction(_ fields: [String: JSONValue], id: String?) -> StubResponse? {
        if let id, let given = fields[declaration.idField], ResourceDeclaration.idText(given) != id {
            return Self.problem(422, "Unprocessable Content", "the body's \(declaration.idField) is not the item's, \(id)")
        }
        for parent in parents {
            if let given = fields[parent.field], Self.text(given) != parent.value {
                return Self.problem(422, "Unprocessable Content", "the body's \(parent.field) is not the path's, \(parent.value)")
            }
        }
        return nil
    }

    /// The item's path: the collection's, parents filled in, then the id.
    private func itemPath(_ request: RecordedRequest, id: String) -> String {
        let segment = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        guard !parents.isEmpty else { return declaration.collectionPath + "/" + segment }
        var path = request.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path + "/" + segment
    }

    // MARK: Operations

    private func list(_ request: RecordedRequest) -> StubResponse {
        let envelope = declaration.envelope
        var limit = Int.max, offset = 0
        var filters: [(String, String)] = []
        for item in request.query {
            if let envelope {
                if !envelope.parameters.contains(item.name) { filters.append((item.name, item.value ?? "")) }
                continue
            }
            switch item.name {
            case "limit": limit = max(0, Int(item.value ?? "") ?? limit)
            case "offset": offset = max(0, Int(item.value ?? "") ?? 0)
            default: filters.append((item.name, item.value ?? ""))
            }
        }
        let all = store.items(of: stub, declaration)
        let matching = all.filter { item in
            guard isUnderParents(item), case .object(let fields) = item else { return false }
            return filters.allSatisfy { name, value in fields[name].map { Self.text($0) == value } ?? false }
        }
        if let envelope { return envelope.list(matching, request) }
        let page = Array(matching.dropFirst(offset).prefix(limit))
        var response = Self.json(.array(page), status: 200)
        response.headers.set("X-Total-Count", "\(matching.count)")
        return response
    }

    private func get(_ id: String, _ request: RecordedRequest) -> StubResponse {
        guard let (item, version) = store.withCollection(stub, declaration, { $0.items[id] }), isUnderParents(item) else {
            return unknown(id)
        }
        return answer(item, status: 200, version: version, request)
    }

    private func create(_ request: RecordedRequest) -> StubResponse {
        let sent: [String: JSONValue]
        switch body(of: request) {
        case .problem(let problem): return problem
        case .object(let object): sent = object
        }
        if let contradiction = contradiction(sent, id: nil) { return contradiction }
        let fields = withParents(sent)
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
            return Self.problem(422, "Unprocessable Content", "\(declaration.idField) is a non-empty string without / or a whole number")
        case .success(let (id, item, version)):
            var response = answer(item, status: 201, version: version, request)
            response.headers.set("Location", itemPath(request, id: id))
            return response
        }
    }

    private func write(_ id: String, _ request: RecordedRequest, merge: Bool) -> StubResponse {
        let sent: [String: JSONValue]
        switch body(of: request) {
        case .problem(let problem): return problem
        case .object(let object): sent = object
        }
        if let contradiction = contradiction(sent, id: id) { return contradiction }
        let ifMatch = request.headers.values(for: "If-Match").first
        let outcome = store.withCollection(stub, declaration) { collection -> Result<(JSONValue, Int), ResourceConflict> in
            guard let current = collection.items[id], isUnderParents(current.value) else { return .failure(.unknown) }
            if let ifMatch, !Self.matches(ifMatch, current.version) { return .failure(.stale) }
            var next = merge ? Self.merged(current.value, patch: .object(sent)) : .object(sent)
            if case .object(var object) = next {
                object[declaration.idField] = Self.idValue(current.value, declaration.idField)
                for parent in parents { object[parent.field] = Self.idValue(current.value, parent.field) }
                next = .object(object)
            }
            collection.insert(next, id: id)
            return .success((next, collection.items[id]?.version ?? 1))
        }
        switch outcome {
        case .failure(.unknown): return unknown(id)
        case .failure: return stale(id)
        case .success(let (item, version)): return answer(item, status: 200, version: version, request)
        }
    }

    private func delete(_ id: String, _ request: RecordedRequest) -> StubResponse {
        let ifMatch = request.headers.values(for: "If-Match").first
        let outcome = store.withCollection(stub, declaration) { collection -> ResourceConflict? in
            guard let current = collection.items[id], isUnderParents(current.value) else { return .unknown }
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

    /// One item with its `ETag`, bare or in the declaration's envelope.
    private func answer(_ item: JSONValue, status: Int, version: Int, _ request: RecordedRequest) -> StubResponse {
        var response = declaration.envelope.map { $0.item(item, status, request) } ?? Self.json(item, status: status)
        response.headers.set("ETag", Self.etag(version))
        return response
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

    private func notAllowed(_ request: RecordedRequest, item: Bool) -> StubResponse {
        let methods: [(ResourceDeclaration.Operation, String)] = item
            ? [(.get, "GET"), (.replace, "PUT"), (.patch, "PATCH"), (.delete, "DELETE")]
            : [(.list, "GET"), (.create, "POST")]
        var response = Self.problem(405, "Method Not Allowed", "\(request.method) is not allowed on \(request.path)")
        response.headers.set("Allow", methods.filter { declaration.operations.contains($0.0) }.map(\.1).joined(separator: ", "))
        return response
    }

    private func unknown(_ id: String) -> StubResponse {
        let under = parents.map { " with \($0.field) \($0.value)" }.joined()
        return Self.problem(404, "Not Found", "no item of \(declaration.collectionPath)\(under) has \(declaration.idField) \(id)")
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
