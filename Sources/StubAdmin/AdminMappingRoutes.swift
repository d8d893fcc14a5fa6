import Foundation
import StubKit
import StubServer
import Synchronization
import WireMockFormat

/// `/__admin/mappings…`: stubs listed, added, replaced and removed as WireMock mappings.
extension AdminAPI {
    /// `POST /mappings`: one mapping, served before every other stub.
    func addMapping(_ call: AdminCall) throws -> StubResponse {
        let (stub, json) = try readMapping(call.request.body, named: "POST \(options.prefix)/mappings")
        try server.addFirst([stub])
        return AdminAnswer.json(json, status: 201)
    }

    /// `DELETE /mappings`: serves nothing.
    func removeAllMappings() throws -> StubResponse {
        try server.replaceAll(with: [])
        return AdminAnswer.ok()
    }

    /// `POST /mappings/reset`: back to the stubs served when the API was mounted.
    func resetMappings() throws -> StubResponse {
        try server.replaceAll(with: baseline)
        return AdminAnswer.ok()
    }

    /// `POST /mappings/find-by-metadata` and `/remove-by-metadata`.
    func mappingsByMetadata(_ call: AdminCall, remove removing: Bool) throws -> StubResponse {
        let matcher = try WireMockMappings.valueMatcher(call.request.body, file: "\(call.request.method) \(call.request.path)")
        let found = server.stubs.filter { matcher.accepts([JSONValue.object($0.metadata).description]) }
        guard removing else { return AdminAnswer.json(.object(["mappings": .array(found.map(json(for:)))])) }
        remove(Set(found.map(\.id)))
        return AdminAnswer.ok()
    }

    /// `GET /mappings/{id}`.
    func mapping(_ call: AdminCall) -> StubResponse {
        guard let stub = stub(call.part(1)) else { return AdminAnswer.notFound("no mapping \(call.part(1))") }
        return AdminAnswer.json(json(for: stub))
    }

    /// `PUT /mappings/{id}`: the mapping `id` replaced, keeping its id.
    func replaceMapping(_ call: AdminCall) throws -> StubResponse {
        guard let old = stub(call.part(1)) else { return AdminAnswer.notFound("no mapping \(call.part(1))") }
        var (stub, json) = try readMapping(call.request.body, named: "PUT \(options.prefix)/mappings/\(call.part(1))", id: old.id.rawValue)
        stub.id = old.id
        try server.replace(old.id, with: stub)
        return AdminAnswer.json(json)
    }

    /// `DELETE /mappings/{id}`.
    func removeMapping(_ call: AdminCall) -> StubResponse {
        guard let stub = stub(call.part(1)) else { return AdminAnswer.notFound("no mapping \(call.part(1))") }
        remove([stub.id])
        return AdminAnswer.ok()
    }

    /// The stubs in match order (priority, then the newest first among
    /// mappings, as WireMock lists them), `offset` and `limit` applied.
    func listMappings(_ request: RecordedRequest) -> StubResponse {
        let stubs = inMatchOrder(server.stubs)
        let offset = max(0, request.queryValue("offset").flatMap(Int.init) ?? 0)
        let limit = max(0, request.queryValue("limit").flatMap(Int.init) ?? stubs.count)
        let page = stubs.dropFirst(offset).prefix(limit)
        return AdminAnswer.json(.object([
            "mappings": .array(page.map(json(for:))), "meta": .object(["total": .number(Double(stubs.count))]),
        ]))
    }

    func inMatchOrder(_ stubs: [Stub]) -> [Stub] {
        stubs.indices.sorted { stubs[$0].priority != stubs[$1].priority ? stubs[$0].priority > stubs[$1].priority : $0 < $1 }
            .map { stubs[$0] }
    }

    /// A stub as WireMock shows it: the mapping as posted, or its translation.
    func json(for stub: Stub) -> JSONValue {
        stub.asWritten ?? WireMockJSON.mapping(for: stub)
    }

    private func stub(_ id: String) -> Stub? {
        server.stub(StubID(id)) ?? server.stub(StubID(id.lowercased()))
    }

    private func remove(_ ids: Set<StubID>) {
        server.remove(ids)
    }

    /// One posted mapping as a stub, and its JSON with `id` and `uuid` filled in.
    func readMapping(_ body: Data, named name: String, id given: String? = nil) throws(StubValidationError) -> (Stub, JSONValue) {
        let read = try mappingMemory.read(body, named: name) { () throws(StubValidationError) in
            let loaded = try WireMockMappings.read(body, file: name, bodyFiles: bodyFiles, templating: options.templating)
            guard loaded.stubs.count == 1, case .object(let fields)? = loaded.document else {
                throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "/", message: "expected one mapping")])
            }
            return MappingMemory.Read(stub: loaded.stubs[0], fields: fields)
        }
        var (stub, fields) = (read.stub, read.fields)
        let id: String
        if case .string(let text)? = fields["id"] ?? fields["uuid"] {
            id = text.lowercased()
        } else {
            id = given ?? UUID.randomLowercased()
        }
        fields["id"] = .string(id)
        fields["uuid"] = .string(id)
        stub.id = StubID(id)
        stub.asWritten = .object(fields)
        return (stub, .object(fields))
    }

    /// `{"mappings": [...], "importOptions": {...}}`: the first listed wins a
    /// tie, as in WireMock; `OVERWRITE` (default) replaces a stub with the
    /// same id, `IGNORE` keeps it; `deleteAllNotInImport` starts afresh.
    func importMappings(_ body: Data) throws -> StubResponse {
        let name = "POST \(options.prefix)/mappings/import"
        guard case .object(let top)? = JSONValue(data: body), case .array(let items)? = top["mappings"] else {
            return AdminAnswer.error(422, "expected {\"mappings\": [...]}", pointer: "/mappings")
        }
        var policy = "OVERWRITE", deleteOthers = false
        if case .object(let importOptions)? = top["importOptions"] {
            if case .string(let text)? = importOptions["duplicatePolicy"] { policy = text }
            if case .bool(let flag)? = importOptions["deleteAllNotInImport"] { deleteOthers = flag }
        }
        guard policy == "OVERWRITE" || policy == "IGNORE" else {
            return AdminAnswer.error(422, "duplicatePolicy is OVERWRITE or IGNORE, not \(policy)", pointer: "/importOptions/duplicatePolicy")
        }
        let current = deleteOthers ? [] : server.stubs
        var imported: [(Stub, JSONValue)] = []
        var problems: [StubProblem] = []
        for (index, item) in items.enumerated() {
            do {
                imported.append(try readMapping(Data(item.description.utf8), named: "\(name) /mappings/\(index)"))
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw StubValidationError(problems: problems) }
        let existing = Set(current.map(\.id))
        let accepted = imported.filter { policy == "OVERWRITE" || !existing.contains($0.0.id) }
        if deleteOthers { try server.replaceAll(with: accepted.map(\.0)) } else { try server.addFirst(accepted.map(\.0)) }
        return StubResponse(status: 200)
    }

    /// Writes the posted mappings to the served root's `mappings/`, one file each.
    func save() throws -> StubResponse {
        guard let root = options.root else {
            return AdminAnswer.error(409, "no WireMock root is served, so there is nowhere to save mappings")
        }
        let folder = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for stub in server.stubs {
            guard let json = stub.asWritten else { continue }
            let id = stub.id
            // An id is not a path: only its safe characters name the file, inside the folder.
            let safe = String(id.rawValue.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
            try Data((json.description + "\n").utf8).write(to: folder.appendingPathComponent("\(safe).json"), options: .atomic)
        }
        return AdminAnswer.ok()
    }
}

extension UUID {
    /// A version 4 UUID's text in lower case (`0b1c…-4…`), from the
    /// system's random source (`getrandom`), written directly: Foundation's
    /// `UUID()` opens `/dev/urandom` for every one on Linux, and its
    /// `uuidString` and a `lowercased()` cost more than the id's bytes.
    static func randomLowercased() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { text[at] = UInt8(ascii: "-"); at += 1 }
                    text[at] = hexDigits[Int(raw[index] >> 4)]
                    text[at + 1] = hexDigits[Int(raw[index] & 0x0F)]
                    at += 2
                }
                return at
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
