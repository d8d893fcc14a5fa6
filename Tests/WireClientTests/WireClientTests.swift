import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StubKit
import StubServer
import Testing
import UnderstudyTestSupport
import WireClient

/// The verifier's own HTTP client against a real libmicrohttpd server: the
/// request arrives as written (a GET with a body, the query, header order and
/// case, binary bytes), over TCP and over TLS with the trust it was given.
@Suite struct WireClientTests {
    static let stubs = Stubs {
        Get("/search").respond(.json(#"{"hits":1}"#))
        Post("/bytes").respond(.text("stored"))
        Get("/hello").respond(.text("hello"))
    }

    /// The error `body` throws, or `nil`.
    static func failure(_ body: () async throws(WireClientError) -> Void) async -> WireClientError? {
        do { try await body() } catch { return error }
        return nil
    }

    @Test func aGetWithABodyArrivesAsWrittenWithItsHeadersInOrderAndCase() async throws {
        try await StubServer.serve(.stubs(Self.stubs)) { server in
            let request = WireRequest(method: "GET", target: "/search?tag=red&tag=big&q=a%20b%2Fc",
                                      headers: [WireField("X-Second", "2"), WireField("x-first", "1"), WireField("Content-Type", "application/json")],
                                      body: Data(#"{"text":"hammer"}"#.utf8))
            let answer = try await WireClient.send(request, to: try WireEndpoint(server.baseURL))
            #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == #"{"hits":1}"#)
            let recorded = try #require(server.journal.entries.last?.request)
            #expect(recorded.method == "GET" && recorded.target == "/search?tag=red&tag=big&q=a%20b%2Fc")
            #expect(recorded.bodyText == #"{"text":"hammer"}"#)
            let names = recorded.headers.pairs.map(\.name)
            let second = try #require(names.firstIndex(of: "X-Second")), first = try #require(names.firstIndex(of: "x-first"))
            #expect(second < first, "the headers keep their order and case: \(names)")
        }
    }

    @Test func binaryBytesAndABasePathGoOutUntouched() async throws {
        try await StubServer.serve(.stubs(Self.stubs)) { server in
            let bytes = Data((0...255).map { UInt8($0) })
            var endpoint = try WireEndpoint(server.baseURL)
            endpoint.basePath = ""
            let answer = try await WireClient.send(WireRequest(method: "POST", target: "/bytes", body: bytes), to: endpoint)
            #expect(answer.status == 200 && answer.values(for: "content-type").first?.hasPrefix("text/plain") == true)
            #expect(server.journal.entries.last?.request.body == bytes)

            let based = try WireEndpoint(URL(string: server.baseURL.absoluteString + "/search/")!)
            #expect(based.basePath == "/search")
            let missed = try await WireClient.send(WireRequest(method: "GET", target: "/x"), to: based)
            #expect(missed.status == 404 && server.journal.entries.last?.request.target == "/search/x")
        }
    }

    @Test func tlsTrustsTheAuthorityItIsGivenAndRefusesOneItIsNot() async throws {
        var configuration = StubServer.Configuration()
        configuration.tls = .generated
        try await StubServer.serve(.stubs(Self.stubs, configuration: configuration)) { server in
            let pem = try #require(server.certificateAuthorityPEM)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-ca-\(UUID().uuidString).pem")
            try pem.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let endpoint = try WireEndpoint(server.baseURL)
            #expect(endpoint.secure)

            let trusted = try await WireClient.send(WireRequest(method: "GET", target: "/hello"), to: endpoint,
                                                    trust: WireTrust(authorities: [file.path]))
            #expect(trusted.status == 200 && String(decoding: trusted.body, as: UTF8.self) == "hello")

            let untrusted = await Self.failure { () async throws(WireClientError) in
                _ = try await WireClient.send(WireRequest(method: "GET", target: "/hello"), to: endpoint)
            }
            guard case .tls(let why)? = untrusted else { Issue.record("expected a TLS error, got \(String(describing: untrusted))"); return }
            #expect(why.lowercased().contains("not trusted") && why.contains("--ca-certificate"), "\(why)")

            let insecure = try await WireClient.send(WireRequest(method: "GET", target: "/hello"), to: endpoint,
                                                     trust: WireTrust(system: false, verifies: false))
            #expect(insecure.status == 200)
        }
    }

    // The trusted authorities are loaded once per trust and shared: an
    // authority file rewritten at the same path is read again.
    @Test func anAuthorityFileRewrittenInPlaceIsTrustedAsItNowReads() async throws {
        var configuration = StubServer.Configuration()
        configuration.tls = .generated
        let first = try StubServer.start(.stubs(Self.stubs, configuration: configuration))
        defer { first.stop() }
        let second = try StubServer.start(.stubs(Self.stubs, configuration: configuration))
        defer { second.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-ca-\(UUID().uuidString).pem")
        defer { try? FileManager.default.removeItem(at: file) }
        let trust = WireTrust(system: false, authorities: [file.path])
        let hello = WireRequest(method: "GET", target: "/hello")

        try #require(first.certificateAuthorityPEM).write(to: file, atomically: false, encoding: .utf8)
        #expect(try await WireClient.send(hello, to: WireEndpoint(first.baseURL), trust: trust).status == 200)
        #expect(try await WireClient.send(hello, to: WireEndpoint(first.baseURL), trust: trust).status == 200)
        let before = await Self.failure { () async throws(WireClientError) in
            _ = try await WireClient.send(hello, to: WireEndpoint(second.baseURL), trust: trust)
        }
        #expect(before != nil, "the second server's authority is not in the file yet")

        try #require(second.certificateAuthorityPEM).write(to: file, atomically: false, encoding: .utf8)
        #expect(try await WireClient.send(hello, to: WireEndpoint(second.baseURL), trust: trust).status == 200)
        let after = await Self.failure { () async throws(WireClientError) in
            _ = try await WireClient.send(hello, to: WireEndpoint(first.baseURL), trust: trust)
        }
        guard case .tls? = after else { Issue.record("expected a TLS error, got \(String(describing: after))"); return }
    }

    @Test func aClosedPortIsAConnectErrorAndAnUnframableRequestIsRefusedBeforeSending() async throws {
        // A socket bound to a port but not listening: connecting is refused, every time.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let endpoint = try WireEndpoint(URL(string: "http://127.0.0.1:\(port)")!)
        let refused = await Self.failure { () async throws(WireClientError) in
            _ = try await WireClient.send(WireRequest(method: "GET", target: "/"), to: endpoint)
        }
        guard case .connect(let why)? = refused else { Issue.record("expected a connect error, got \(String(describing: refused))"); return }
        #expect(why.contains("refused"), "\(why)")
        #expect(throws: WireClientError.unsendable("the header name \"Bad Name\" is not an HTTP token")) {
            _ = try WireRequest(method: "GET", target: "/", headers: [WireField("Bad Name", "x")]).encoded(authority: "h")
        }
        #expect(throws: WireClientError.self) {
            _ = try WireRequest(method: "GET", target: "/", headers: [WireField("X", "a\r\nInjected: 1")]).encoded(authority: "h")
        }
        #expect(throws: WireClientError.self) { _ = try WireRequest(method: "GET", target: "/a b").encoded(authority: "h") }
    }

    /// The bytes a request is sent as: what it lacks added once, whatever
    /// the case its own fields are written in.
    @Test func aRequestIsWrittenWithWhatHTTPNeedsAddedOnce() throws {
        let plain = try WireRequest(method: "POST", target: "/items?x=1", headers: [WireField("X-Trace_Id", "a-1")],
                                    body: Data("{}".utf8)).encoded(authority: "api.example:8080")
        #expect(String(decoding: plain, as: UTF8.self)
            == "POST /items?x=1 HTTP/1.1\r\nHost: api.example:8080\r\nX-Trace_Id: a-1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        let own = try WireRequest(method: "put", target: "/", headers: [WireField("host", "h"), WireField("CONNECTION", "keep-alive")])
            .encoded(authority: "ignored")
        #expect(String(decoding: own, as: UTF8.self) == "put / HTTP/1.1\r\nhost: h\r\nCONNECTION: keep-alive\r\nContent-Length: 0\r\n\r\n")
    }
}
