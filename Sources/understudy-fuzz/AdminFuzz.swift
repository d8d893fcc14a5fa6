import Foundation
import StubAdmin
import StubKit
import StubServer

/// The admin API's body readers on arbitrary bytes, through every route
/// that takes a body. Each answer must be a status below 500 with a JSON
/// body (a located 4xx for bad input); a 5xx or a crash is a finding.
enum AdminFuzz {
    /// One server for the whole run; the routes change it, which is part of the test.
    nonisolated(unsafe) static var api: AdminAPI? = {
        guard let server = try? StubServer.start([Get("/seed").respond(.text("seed")), Resource("/seed-items", seed: [["id": 1]])]) else { return nil }
        return AdminAPI.mount(on: server)
    }()

    static let routes: [(String, String)] = [
        ("POST", "/__admin/mappings"), ("POST", "/__admin/mappings/import"), ("POST", "/__admin/mappings/find-by-metadata"),
        ("POST", "/__admin/requests/count"), ("POST", "/__admin/requests/find"), ("POST", "/__admin/near-misses/request"),
        ("POST", "/__admin/near-misses/request-pattern"), ("POST", "/__admin/settings"), ("PUT", "/__admin/scenarios/s/state"),
        ("POST", "/__admin/stubs"), ("POST", "/__admin/recordings/start"), ("POST", "/__admin/recordings/snapshot"),
        ("PUT", "/__admin/resources?path=/seed-items"), ("POST", "/__admin/held/1/respond"), ("POST", "/__admin/held/1/fail"),
    ]

    static func run(_ bytes: [UInt8]) {
        guard let api else { preconditionFailure("the fuzz server did not start") }
        // The first byte picks the route, the rest is the body.
        let route = routes[Int(bytes.first ?? 0) % routes.count]
        let request = RecordedRequest(method: route.0, target: route.1, body: Data(bytes.dropFirst()), remoteAddress: "127.0.0.1:1")
        let answer = api.answer(request)
        precondition(answer.status < 500, "\(route.0) \(route.1) answered \(answer.status): \(String(decoding: answer.body, as: UTF8.self))")
        precondition(answer.body.isEmpty || JSONValue(data: answer.body) != nil, "a non-JSON admin answer")
        // Keep the server small: what the bytes added goes again.
        if api.server.stubs.count > 50 { _ = api.answer(RecordedRequest(method: "POST", target: "/__admin/reset", remoteAddress: "127.0.0.1:1")) }
    }
}
