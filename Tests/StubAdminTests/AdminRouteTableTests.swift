import Foundation
import StubAdmin
import StubKit
import StubServer
import Testing

/// The admin API is one table of routes; every route in it answers (none is
/// shadowed by an earlier one), and a path in no row gets one 404.
@Suite struct AdminRouteTableTests {
    @Test func everyRouteInTheTableIsReachable() throws {
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server)
        var seen = Set<String>()
        for endpoint in AdminAPI.routes {
            let method = endpoint.method ?? "PATCH"
            #expect(seen.insert("\(method) \(endpoint.path)").inserted, "\(method) \(endpoint.path) is in the table twice")
            guard endpoint.path != "requests/wait", endpoint.path != "shutdown" else { continue }
            let path = endpoint.path.replacingOccurrences(of: "*", with: "missing")
            let answer = api.answer(RecordedRequest(method: method, target: "/__admin/" + path, body: Data("{}".utf8),
                                                    remoteAddress: "127.0.0.1:1"))
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(!text.contains("no admin route"), "\(method) /__admin/\(path) reached no route: \(answer.status) \(text)")
        }
        let unknown = api.answer(RecordedRequest(method: "GET", target: "/__admin/nothing/here", remoteAddress: "127.0.0.1:1"))
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("no admin route GET /__admin/nothing/here"))
    }
}
