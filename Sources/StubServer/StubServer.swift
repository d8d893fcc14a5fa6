public import Foundation
public import MicroHTTP
public import StubKit

/// A real HTTP server on libmicrohttpd that answers requests from a list of stubs
/// and records every request in a ``Journal``.
///
/// Start one per test: it binds 127.0.0.1 on a port the system picks, starts
/// in microseconds and shares nothing with other servers. A request that no
/// stub matches is answered with 404, an `Understudy-Mismatch` header and an
/// ``UnmatchedRequestReport`` as JSON. A class because it owns a running
/// daemon; ``stop()`` or deinit shuts it down.
public final class StubServer: Sendable {
    /// The stubs served, in declaration order.
    public let stubs: [Stub]
    /// Every request received.
    public let journal: Journal
    /// `http://host:port`, for building request URLs.
    public let baseURL: URL
    private let daemon: Daemon

    private init(stubs: [Stub], configuration: Configuration) throws(DaemonError) {
        let router = Router(stubs)
        let journal = Journal(capacity: configuration.journalCapacity)
        let stubCount = stubs.count
        self.daemon = try Daemon(configuration.daemon) { http in
            let request = RecordedRequest(http)
            if let slot = router.match(request) {
                journal.record(request, slot: slot)
                return .prepared(slot.preparedResponse)
            }
            journal.record(request, slot: nil)
            return .response(HTTPResponse(unmatched: UnmatchedRequestReport(request: request, stubCount: stubCount)))
        }
        self.stubs = stubs
        self.journal = journal
        self.baseURL = URL(string: "http://\(daemon.address)")!
    }

    /// Starts a server for `stubs` on `host` (loopback by default) and `port`
    /// (0: the system picks a free one).
    ///
    /// - Throws: ``DaemonError`` naming the address when it cannot listen.
    public static func start(_ stubs: [Stub], host: String = "127.0.0.1", port: Int = 0) throws -> StubServer {
        var configuration = Configuration()
        configuration.daemon.host = host
        configuration.daemon.port = port
        return try StubServer(stubs: stubs, configuration: configuration)
    }

    /// Starts a server for `stubs` with full control over its settings.
    ///
    /// - Throws: ``DaemonError`` naming the address when it cannot listen.
    public static func start(_ stubs: [Stub], configuration: Configuration) throws -> StubServer {
        try StubServer(stubs: stubs, configuration: configuration)
    }

    deinit { daemon.stop() }

    /// The bound host.
    public var host: String { daemon.host }
    /// The bound port.
    public var port: Int { daemon.port }
    /// Whether the server still serves.
    public var isRunning: Bool { daemon.isRunning }
    /// Connection and request counters of the underlying daemon.
    public var statistics: DaemonStatistics { daemon.statistics }

    /// The URL of `pathAndQuery` (for example `/v1/public/comics?limit=5`) on this server.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery)!
    }

    /// Stops serving: waits briefly for requests in flight, then releases
    /// every thread and socket. Idempotent.
    public func stop() { daemon.stop() }
}

extension RecordedRequest {
    /// The recorded form of a request that arrived on the daemon.
    init(_ http: MicroHTTP.HTTPRequest) {
        self.init(
            method: http.method,
            target: http.target,
            headers: HTTPHeaders(pairs: http.headers),
            body: http.body.isEmpty ? Data() : Data(http.body),
            version: http.version,
            remoteAddress: http.remoteAddress,
            connectionID: http.connectionID
        )
    }
}

extension HTTPResponse {
    /// The wire form of a stub's response.
    init(_ response: StubResponse) {
        self.init(status: response.status, headers: response.headers.pairs, body: Array(response.body))
    }

    /// The 404 answer to a request no stub matched.
    init(unmatched report: UnmatchedRequestReport) {
        self.init(
            status: 404,
            headers: [("Content-Type", "application/json"), ("Understudy-Mismatch", report.headerValue)],
            body: Array(report.json)
        )
    }
}
