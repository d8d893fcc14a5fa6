public import Foundation
public import MicroHTTP
public import StubKit

extension StubServer {
    /// How a ``StubServer`` listens, what it accepts and how much it remembers.
    public struct Configuration: Sendable {
        /// The rest of the listener's settings: body limit, threads,
        /// timeouts, memory per connection. Its host and port are
        /// ``host`` and ``port``.
        public var daemon: DaemonConfiguration
        /// The most journal entries kept; older ones are evicted and counted.
        public var journalCapacity: Int
        /// The folder fixture paths are relative to (and may not escape);
        /// the current directory when `nil`. Used when the server prepares
        /// its own stubs; a ``StubSet`` carries its own.
        public var fixturesDirectory: URL?
        /// Seeds the generator behind random delays, for repeatable runs;
        /// a random seed when `nil`.
        public var randomSeed: UInt64?
        /// The secrets masked wherever received requests are shown (failure
        /// messages, unmatched reports and their 404 bodies, logs): Marvel's
        /// `hash` and `apikey`, `Authorization` and cookies unless told
        /// otherwise. The journal keeps requests whole for assertions.
        public var redaction: Redaction
        /// Cross-origin access: with a policy every answer (errors and
        /// unmatched reports included) carries its CORS headers and preflight
        /// `OPTIONS` requests are answered `204` before any stub; `nil` (the
        /// default) adds nothing.
        public var cors: CORSPolicy?
        /// Response compression for every stub that does not choose with
        /// ``Stub/compression(_:)``; `nil` (the default) sends bodies as declared.
        public var compression: CompressionPolicy?
        /// A contract every request and response must keep (an OpenAPI
        /// document): the server then keeps each response it makes, the
        /// command line logs what breaks it, and the test library fails the
        /// test for it. `nil` (the default) checks nothing.
        public var contract: (any TrafficContract)?
        /// HTTPS: `.generated` (a throwaway authority made at start) or a
        /// certificate and key; `nil` serves plain HTTP.
        public var tls: ServerTLS?

        /// The numeric IPv4 or IPv6 address to bind, or `localhost`;
        /// 127.0.0.1 by default, so nothing off this machine can reach it.
        public var host: String {
            get { daemon.host }
            set { daemon.host = newValue }
        }

        /// The TCP port; 0 (the default) lets the system pick a free one,
        /// read back from ``StubServer/port``.
        public var port: Int {
            get { daemon.port }
            set { daemon.port = newValue }
        }

        /// The request-head limits (``RequestLimits``): a request over one is
        /// refused at once with a JSON `414` or `431` naming it, and the
        /// connection closed.
        public var limits: RequestLimits {
            get { daemon.limits }
            set { daemon.limits = newValue }
        }

        /// Sets the request-head limits without naming MicroHTTP's type, for
        /// callers that only import StubServer; `nil` keeps a limit as it is.
        public mutating func limitRequests(targetBytes: Int? = nil, headerFields: Int? = nil, headerBytes: Int? = nil, cookies: Int? = nil) {
            if let targetBytes { daemon.limits.maxTargetBytes = targetBytes }
            if let headerFields { daemon.limits.maxHeaderFields = headerFields }
            if let headerBytes { daemon.limits.maxHeaderBytes = headerBytes }
            if let cookies { daemon.limits.maxCookies = cookies }
        }

        /// Creates a configuration; `host` and `port` replace `daemon`'s.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            daemon: DaemonConfiguration = DaemonConfiguration(),
            journalCapacity: Int = 100_000,
            fixturesDirectory: URL? = nil,
            randomSeed: UInt64? = nil,
            redaction: Redaction = .secrets,
            cors: CORSPolicy? = nil,
            compression: CompressionPolicy? = nil,
            contract: (any TrafficContract)? = nil
        ) {
            self.daemon = daemon
            self.daemon.host = host
            self.daemon.port = port
            self.journalCapacity = journalCapacity
            self.fixturesDirectory = fixturesDirectory
            self.randomSeed = randomSeed
            self.redaction = redaction
            self.cors = cors
            self.compression = compression
            self.contract = contract
        }

        /// Loopback, a free port, the defaults for everything else.
        public static var `default`: Configuration { Configuration() }
    }
}
