import Foundation
import MicroHTTP
#if canImport(Glibc)
import Glibc
#endif
import StubKit
import StubServer
import Synchronization
import Testing
import UnderstudyTestSupport

/// The socket server's own upstream client behind proxy stubs: connections
/// kept from request to request, a kept connection the upstream closed is
/// replaced, HTTPS upstreams trusted through the authority a test hands
/// over, and requests and answers carried as sent.
@Suite struct UpstreamPoolTests {
    /// An upstream that never closes an idle connection itself, so the
    /// connection counts below depend on our pool alone, however long the
    /// test process waits between two calls.
    static var keepingConnections: StubServer.Configuration {
        var configuration = StubServer.Configuration.default
        configuration.connectionTimeoutSeconds = 0
        return configuration
    }

    /// The proxy's threads: one, a shared loop's, where the pool's
    /// connections are watched on that loop's thread too; two loops, each
    /// with its own connections; more than loops are made for,
    /// libmicrohttpd's own, where they go to the pool's event-loop thread.
    static let proxyThreads = [1, 2, Daemon.mostLoopThreads + 1]

    /// The upstream pools a proxy of `threads` threads keeps: one per loop
    /// (each loop's connections are watched by that loop alone), else the
    /// event loop's one. Which loop takes a client's connection is the
    /// kernel's choice, and how many connections the client opens is
    /// URLSession's, so calls one after another share at most this many.
    static func upstreamPools(_ threads: Int) -> Int { threads <= Daemon.mostLoopThreads ? threads : 1 }

    static func proxy(to base: URL, threads: Int, drainTimeout: Duration? = nil) -> ServerSetup {
        var configuration = StubServer.Configuration.default
        configuration.threadCount = threads
        if let drainTimeout { configuration.drainTimeout = drainTimeout }
        return .stubs([Route("/api/{rest*}").proxy(to: base, removingPrefix: "/api")], configuration: configuration)
    }

    @Test(arguments: proxyThreads) func requestAfterRequestTravelsOneKeptConnection(threads: Int) async throws {
        let upstream = try StubServer.start(.stubs([Get("/users/1").respond(.json(#"{"id":1}"#))], configuration: Self.keepingConnections))
        defer { upstream.stop() }
        try await StubServer.serve(Self.proxy(to: upstream.baseURL, threads: threads)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for _ in 0..<10 {
                let reply = try await client.get(server.url("/api/users/1"))
                #expect(reply.status == 200 && reply.text == #"{"id":1}"#)
            }
            #expect((1...Self.upstreamPools(threads)).contains(upstream.statistics.connectionsAccepted),
                    "ten calls one after another share one upstream connection per pool: \(upstream.statistics.connectionsAccepted)")
            #expect(upstream.journal.entries.count == 10)
        }
    }

    /// Callers at once: a request written on a kept connection by its
    /// caller's thread, or queued for the loop, gets its own answer.
    @Test(arguments: proxyThreads) func parallelCallersEachGetTheirOwnAnswer(threads: Int) async throws {
        let upstream = try StubServer.start(.stubs((0..<8).map { Get("/item/\($0)").respond(.text("item \($0)")) },
                                                   configuration: Self.keepingConnections))
        defer { upstream.stop() }
        try await StubServer.serve(Self.proxy(to: upstream.baseURL, threads: threads)) { server in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for caller in 0..<8 {
                    group.addTask {
                        let client = HTTPClient()
                        defer { client.close() }
                        for call in 0..<25 {
                            let reply = try await client.get(server.url("/api/item/\(caller)"))
                            #expect(reply.status == 200 && reply.text == "item \(caller)", "caller \(caller), call \(call): \(reply.status) \(reply.text)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(upstream.journal.entries.count == 200)
        }
    }

    @Test(arguments: proxyThreads) func aKeptConnectionTheUpstreamClosedIsReplaced(threads: Int) async throws {
        let upstream = try ClosingUpstream()
        defer { upstream.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(upstream.port)"))
        try await StubServer.serve(Self.proxy(to: base, threads: threads)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for _ in 0..<10 {
                let reply = try await client.get(server.url("/api/thing"))
                #expect(reply.status == 200 && reply.text == "fresh", "\(reply.status) \(reply.text)")
            }
            #expect(upstream.accepted == 10, "each call after the upstream closed its connection opened a new one")
        }
    }

    /// A request still upstream when its proxy stops: the pool closes that
    /// connection (on the loop's thread, for a proxy on a shared loop) and
    /// the client gets an answer, not a hang.
    @Test(arguments: proxyThreads) func stoppingTheProxyClosesTheConnectionOfARequestStillUpstream(threads: Int) async throws {
        let upstream = try ClosingUpstream(answering: false)
        defer { upstream.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(upstream.port)"))
        let proxy = try StubServer.start(Self.proxy(to: base, threads: threads, drainTimeout: .milliseconds(50)))
        let socket = try RawSocket(port: proxy.port)
        var events = upstream.events.makeAsyncIterator()
        try socket.send("GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await events.next() == true, "the request reached the upstream")
        await OffPool.run { proxy.stop() }
        #expect(await events.next() == false, "the proxy closed the upstream connection at its stop")
        let reply = await socket.receiveResponse()
        #expect(reply.text.isEmpty || (reply.status ?? 0) >= 500, "\(reply.text)")
    }

    @Test func anHTTPSUpstreamIsTrustedThroughTheAuthorityHandedOver() async throws {
        var secure = Self.keepingConnections
        secure.tls = .generated
        let upstream = try StubServer.start(.stubs([Get("/users/1").respond(.json(#"{"name":"Ann"}"#))], configuration: secure))
        defer { upstream.stop() }
        let proxy = [Route("/api/{rest*}").proxy(to: upstream.baseURL, removingPrefix: "/api")]
        var trusting = StubServer.Configuration.default
        trusting.upstreamCertificateAuthorities = [try #require(upstream.certificateAuthorityPEM)]
        try await StubServer.serve(.stubs(proxy, configuration: trusting)) { server in
            let client = HTTPClient()
            defer { client.close() }
            for _ in 0..<3 {
                let reply = try await client.get(server.url("/api/users/1"))
                #expect(reply.status == 200 && reply.text == #"{"name":"Ann"}"#, "\(reply.status) \(reply.text)")
            }
            // Ours to guarantee, not the machine's: the calls go one after
            // another through one pool, which parks the connection before it
            // hands the answer on, and the upstream never closes an idle one.
            #expect(upstream.statistics.connectionsAccepted == 1, "one TLS handshake, then the kept connection")
        }
        try await StubServer.serve(.stubs(proxy)) { server in
            let client = HTTPClient()
            defer { client.close() }
            let refused = try await client.get(server.url("/api/users/1"))
            #expect(refused.status == 502)
            let reason = try #require(JSONValue(data: refused.body)?.value(at: "reason")).description
            #expect(reason.contains("TLS") && reason.contains("NOT trusted") && reason.contains("upstreamCertificateAuthorities"), "\(reason)")
        }
    }

    @Test func anAuthorityThatIsNoCertificateIsRefusedAtStartByItsIndex() throws {
        var configuration = StubServer.Configuration.default
        let authority = try StubServer.start(.stubs([], configuration: { var tls = configuration; tls.tls = .generated; return tls }()))
        defer { authority.stop() }
        configuration.upstreamCertificateAuthorities = [try #require(authority.certificateAuthorityPEM), "not a certificate"]
        let refused = #expect(throws: (any Error).self) { try StubServer.start(.stubs([], configuration: configuration)) }
        let message = refused.map { "\($0)" } ?? ""
        #expect(message.contains("upstreamCertificateAuthorities[1] is not a PEM certificate"), "\(message)")
    }

    @Test(arguments: proxyThreads) func repeatedHeadersAndABodyOnAGetGoThroughAsSent(threads: Int) async throws {
        let cookies = StubResponse(status: 200, headers: HTTPHeaders(pairs: [("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]), body: Data("ok".utf8))
        let upstream = try StubServer.start([Get("/cookies").respond(cookies), Get("/search").respond(.text("found"))])
        defer { upstream.stop() }
        try await StubServer.serve(Self.proxy(to: upstream.baseURL, threads: threads)) { server in
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /api/cookies HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let reply = await socket.receiveResponse()
            #expect(reply.text.contains("Set-Cookie: a=1\r\n") && reply.text.contains("Set-Cookie: b=2\r\n"), "\(reply.text)")

            let search = try RawSocket(port: server.port)
            try search.send("GET /api/search?q=a%20b&q=c HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{\"term\":\"x\"}\n")
            let found = await search.receiveResponse()
            #expect(found.status == 200, "\(found.text)")
            let seen = try #require(upstream.journal.entries.last?.request)
            #expect(seen.target == "/search?q=a%20b&q=c", "the query goes as written")
            #expect(String(decoding: seen.body, as: UTF8.self) == "{\"term\":\"x\"}\n", "a GET's body is forwarded (URLSession on Linux refuses it)")
        }
    }
}

/// An upstream that answers each connection's one request with a framed
/// `200 fresh` and then closes it, without saying it will.
/// With `answering` false, it reads each request and never answers:
/// ``events`` gives true when a request came and false when its connection
/// was then closed by the other end.
private final class ClosingUpstream: Sendable {
    let port: Int
    private let fd: Int32
    private let count = Mutex(0)
    private let stopped = Atomic(false)
    private let answering: Bool
    private let feed = AsyncStream<Bool>.makeStream()

    var accepted: Int { count.withLock { $0 } }
    var events: AsyncStream<Bool> { feed.stream }

    init(answering: Bool = true) throws {
        self.answering = answering
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        fd = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        // The thread owns the listener and closes it itself: were `stop` to
        // close it, a thread not yet back in `accept` could accept on the
        // next socket given that descriptor (another test's upstream) and
        // take its connection.
        Thread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0, !stopped.load(ordering: .acquiring) else {
                    if client >= 0 { close(client) }
                    close(listener)
                    return
                }
                count.withLock { $0 += 1 }
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
                    let got = recv(client, &buffer, buffer.count, 0)
                    if got <= 0 { break }
                    received += buffer[0..<got]
                }
                guard answering else {
                    feed.continuation.yield(true)
                    while recv(client, &buffer, buffer.count, 0) > 0 {}
                    feed.continuation.yield(false)
                    close(client)
                    continue
                }
                let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nfresh".utf8)
                _ = send(client, answer, answer.count, Int32(MSG_NOSIGNAL))
                close(client)
            }
        }.start()
    }

    /// Ends the accepting thread: a shut-down listener fails its `accept`
    /// (Linux); a connection of our own wakes one that waits (Darwin).
    func stop() {
        stopped.store(true, ordering: .releasing)
        shutdown(fd, Int32(SHUT_RDWR))
        if let waking = try? RawSocket(port: port) { waking.closeNow() }
    }
}
