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

    /// Without a token, the table answers callers on this machine only: any
    /// 127.0.0.0/8 address, ::1 and IPv4-mapped 127.x; others get a 403.
    @Test(arguments: [
        ("127.0.0.1:1", true), ("127.1.2.3:80", true), ("[::1]:5", true), ("[::ffff:127.0.0.1]:80", true), ("::1", true),
        ("10.0.0.1:5", false), ("192.168.1.127:80", false), ("[::2]:5", false), ("[fe80::1]:80", false), ("", false),
        ("1127.0.0.1:5", false),
    ])
    func onlyLoopbackCallersReachTheTable(address: String, reaches: Bool) throws {
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server)
        let answer = api.answer(RecordedRequest(method: "GET", target: "/__admin/mappings", remoteAddress: address))
        #expect(answer.status == (reaches ? 200 : 403), "\(address): \(answer.status)")
    }

    /// A posted mapping is kept with its stub, not in a store beside the
    /// server: when Swift code replaces the stub, the listing shows the new
    /// stub, not the mapping as it was once posted (it did before).
    @Test func aPostedMappingIsListedAsPostedUntilItsStubIsReplaced() throws {
        let server = try StubServer.start(.stubs([]))
        defer { server.stop() }
        let api = AdminAPI.mount(on: server)
        func call(_ method: String, _ path: String, _ body: String = "") -> String {
            let answer = api.answer(RecordedRequest(method: method, target: "/__admin" + path, body: Data(body.utf8),
                                                    remoteAddress: "127.0.0.1:1"))
            return String(decoding: answer.body, as: UTF8.self)
        }
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        _ = call("POST", "/mappings", #"{"id": "\#(id)", "request": {"url": "/old"}, "response": {"status": 200}, "name": "as posted"}"#)
        #expect(call("GET", "/mappings/\(id)").contains(#""name":"as posted""#))
        #expect(server.stub(StubID(id))?.request.description.contains("/old") == true, "found by id")
        try server.replace(StubID(id), with: Get("/new").respond(.status(204)).id(StubID(id)))
        let listed = call("GET", "/mappings/\(id)")
        #expect(!listed.contains("as posted") && listed.contains("/new"), "the listing shows the stub served now: \(listed)")
        #expect(server.stub(StubID("no-such-id")) == nil)
    }
}
