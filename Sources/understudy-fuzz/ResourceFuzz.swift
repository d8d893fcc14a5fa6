import Foundation
import HTTPWire
import StubEngine
import StubKit

/// A stateful resource (flat and nested) on arbitrary request sequences:
/// methods, ids, `If-Match`, media types and bodies the bytes choose. Each
/// answer must be one of the statuses a resource sends, an error must be
/// problem+json, and after every request the collection must agree with
/// itself: the list's `X-Total-Count` is its length, and no id is listed twice.
enum ResourceFuzz {
    static let allowed: Set<Int> = [200, 201, 204, 404, 405, 409, 412, 415, 422]
    static let paths = ["/items", "/owners/7/items", "/owners/8/items", "/owners/a%2Fb/items"]
    static let ids = ["1", "2", "3", "x", "%2F", "0", "-1", "1.5", "99999999999999999999"]
    static let bodies = [#"{}"#, #"{"id":1}"#, #"{"id":"x","n":1}"#, #"{"ownerId":8}"#, #"{"n":null}"#, #"[1]"#, #"{"id":{}}"#, #"{"id":1.5}"#, "{"]

    /// One engine for the whole run; each input starts from the seeds.
    nonisolated(unsafe) static var shared: Engine? = engine()

    static func engine() -> Engine? {
        let stubs = [Resource("/items", seed: [["id": 1, "n": 1]]), Resource("/owners/{ownerId}/items", seed: [["id": 1, "ownerId": 7]])]
        guard let set = try? StubSet(stubs) else { return nil }
        return Engine(set: set, journal: Journal(capacity: 16), seed: 1, redaction: .secrets, cors: nil, compression: nil, codec: nil)
    }

    static func run(_ bytes: [UInt8]) {
        guard let engine = shared else { preconditionFailure("the fuzz resources did not start") }
        engine.resources.reset()
        var input = FuzzBytes(bytes)
        var etags: [String] = ["\"v1\"", "*", "\"nope\""]
        for _ in 0..<(1 + input.byte() % 12) {
            let method = input.pick(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"])
            let collection = input.pick(paths)
            let item = input.byte() % 3 == 0 ? "" : "/" + input.pick(ids)
            var headers: [HTTPHeaders.Field] = []
            if input.byte() % 3 == 0 { headers.append(.init(name: "If-Match", value: input.pick(etags))) }
            let type = input.pick(["application/json", "application/merge-patch+json", "text/plain", ""])
            if !type.isEmpty { headers.append(.init(name: "Content-Type", value: type)) }
            let body = input.byte() % 4 == 0 ? Data(input.rest()) : Data(input.pick(bodies).utf8)
            let query = input.pick(["", "?limit=1", "?offset=2&limit=0", "?n=1", "?limit=-4"])
            let request = RecordedRequest(method: method, target: collection + item + query, headers: HTTPHeaders(headers), body: body)
            guard case .response(let response) = engine.answer(request) else { preconditionFailure("a resource answers at once") }
            precondition(allowed.contains(response.status), "\(method) \(request.target) answered \(response.status)")
            let header = { (name: String) in response.headers.first { $0.name.lowercased() == name.lowercased() }?.value }
            // A path with an encoded slash (%2F) in it is no resource path: the engine's near-miss 404 answers it.
            if response.status >= 400, !(response.status == 404 && request.target.contains("%2F")) {
                precondition(header("Content-Type") == "application/problem+json",
                             "\(method) \(request.target): \(response.status) that is not problem+json: \(String(decoding: response.body, as: UTF8.self))")
                precondition(JSONValue(exactly: Data(response.body)) != nil, "a problem that is not JSON")
            }
            if let etag = header("ETag") { etags.append(etag) }
            if !collection.contains("%2F") { check(engine, collection) }
        }
    }

    /// The list agrees with itself.
    static func check(_ engine: Engine, _ collection: String) {
        guard case .response(let list) = engine.answer(RecordedRequest(method: "GET", target: collection)) else { return }
        guard list.status == 200, case .array(let items)? = JSONValue(exactly: Data(list.body)) else {
            preconditionFailure("the list of \(collection) answered \(list.status)")
        }
        let total = list.headers.first { $0.name == "X-Total-Count" }?.value
        precondition(total == String(items.count), "X-Total-Count \(total ?? "none") for \(items.count) items")
        let ids = items.compactMap { $0.value(at: "id").flatMap(ResourceDeclaration.idText) }
        precondition(ids.count == items.count && Set(ids).count == ids.count, "an item without an id, or an id twice: \(ids)")
    }
}
