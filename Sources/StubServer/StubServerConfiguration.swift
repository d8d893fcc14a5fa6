public import Foundation
import MicroHTTP
public import StubKit

extension StubServer {
    /// How a ``StubServer`` listens, what it accepts and how much it remembers.
    public struct Configuration: Sendable {
        /// The listener's settings, as the transport takes them; each is set
        /// through a property of this configuration (``maxBodySize``, …).
        var listening: DaemonConfiguration
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
        /// `Stub.compression(_:)`; `nil` (the default) sends bodies as declared.
        public var compression: CompressionPolicy?
        /// A contract every request and response must keep (an OpenAPI
        /// document): the server then keeps each response it makes, the
        /// command line logs what breaks it, and the test library fails the
        /// test for it. `nil` (the default) checks nothing.
        public var contract: (any TrafficContract)?
        /// HTTPS: `.generated` (a throwaway authority made at start) or a
        /// certificate and key; `nil` serves plain HTTP.
        public var tls: ServerTLS?
        /// The clock response templates read (`{{now}}`, `{{date …}}`): the
        /// system's by default; a test sets a fixed instant for answers it can
        /// compare (`configuration.clock = { Date(timeIntervalSince1970: 1_700_000_000) }`).
        public var clock: @Sendable () -> Date = { Date() }
        /// How the stubs are reached: `.socket` (the default, real HTTP on a
        /// loopback port) or `.inProcess` (URLSession in this process through
        /// `URLProtocol`, with no socket; ``StubServer/session``).
        public var transport: StubTransport = .socket
        /// The keys a template's `systemValue` may read: case-insensitive
        /// regular expressions (WireMock's `--permitted-system-keys`; `wiremock.*` by default).
        public var permittedSystemKeys: [String] = ["wiremock.*"]
        /// The network every answer crosses whose stub has no delay of its
        /// own (`.slow3G`, `.edge`, …); `nil`, the default, answers at full speed.
        /// ``StubServer/setNetworkConditions(_:)`` changes it while running.
        public var networkConditions: NetworkConditions?
        /// Authorities (PEM text) a proxy stub's `https` upstream may present
        /// a certificate from, besides the system's: another test server's
        /// ``StubServer/certificateAuthorityPEM``, or a company's own CA.
        public var upstreamCertificateAuthorities: [String] = []

        /// The numeric IPv4 or IPv6 address to bind, or `localhost`;
        /// 127.0.0.1 by default, so nothing off this machine can reach it.
        public var host: String {
            get { listening.host }
            set { listening.host = newValue }
        }

        /// The TCP port; 0 (the default) lets the system pick a free one,
        /// read back from ``StubServer/port``.
        public var port: Int {
            get { listening.port }
            set { listening.port = newValue }
        }

        /// The largest request body accepted (16 MiB); a larger one gets 413.
        public var maxBodySize: Int {
            get { listening.maxBodySize }
            set { listening.maxBodySize = newValue }
        }

        /// Threads that serve connections; 1 (the default) is one polling thread.
        public var threadCount: Int {
            get { listening.threadCount }
            set { listening.threadCount = newValue }
        }

        /// The most connections open at once (4,096); further ones are refused.
        public var connectionLimit: Int {
            get { listening.connectionLimit }
            set { listening.connectionLimit = newValue }
        }

        /// An idle or stalled connection is closed after this many seconds (60); 0: never.
        public var connectionTimeoutSeconds: Int {
            get { listening.connectionTimeoutSeconds }
            set { listening.connectionTimeoutSeconds = newValue }
        }

        /// The longest a request may take to arrive in full (60 s), so a
        /// client trickling bytes (slowloris) is cut off; time spent answering
        /// does not count. Zero: no deadline.
        public var requestArrivalTimeout: Duration {
            get { listening.requestArrivalTimeout }
            set { listening.requestArrivalTimeout = newValue }
        }

        /// Memory per connection for the request line and headers (32 KiB);
        /// larger costs CPU per request.
        public var connectionMemoryLimit: Int {
            get { listening.connectionMemoryLimit }
            set { listening.connectionMemoryLimit = newValue }
        }

        /// The listen backlog (1,024).
        public var listenBacklog: Int {
            get { listening.listenBacklog }
            set { listening.listenBacklog = newValue }
        }

        /// How long ``StubServer/stop()`` waits for requests in flight (1 s)
        /// before it answers what is left with 503.
        public var drainTimeout: Duration {
            get { listening.drainTimeout }
            set { listening.drainTimeout = newValue }
        }

        /// The longest request target accepted (16 KiB); a longer one gets a JSON `414`.
        public var maxTargetBytes: Int {
            get { listening.limits.maxTargetBytes }
            set { listening.limits.maxTargetBytes = newValue }
        }

        /// The most header fields accepted (100); more get a JSON `431`.
        public var maxHeaderFields: Int {
            get { listening.limits.maxHeaderFields }
            set { listening.limits.maxHeaderFields = newValue }
        }

        /// The most header bytes accepted (8 KiB); more get a JSON `431`.
        public var maxHeaderBytes: Int {
            get { listening.limits.maxHeaderBytes }
            set { listening.limits.maxHeaderBytes = newValue }
        }

        /// The most cookies accepted (100); more get a JSON `431`.
        public var maxCookies: Int {
            get { listening.limits.maxCookies }
            set { listening.limits.maxCookies = newValue }
        }

        /// Sets the request-head limits; `nil` keeps a limit as it is.
        public mutating func limitRequests(targetBytes: Int? = nil, headerFields: Int? = nil, headerBytes: Int? = nil, cookies: Int? = nil) {
            if let targetBytes { maxTargetBytes = targetBytes }
            if let headerFields { maxHeaderFields = headerFields }
            if let headerBytes { maxHeaderBytes = headerBytes }
            if let cookies { maxCookies = cookies }
        }

        /// Creates a configuration; the listener's other settings have safe
        /// defaults, changed through their properties.
        public init(
            host: String = "127.0.0.1",
            port: Int = 0,
            journalCapacity: Int = 100_000,
            fixturesDirectory: URL? = nil,
            randomSeed: UInt64? = nil,
            redaction: Redaction = .secrets,
            cors: CORSPolicy? = nil,
            compression: CompressionPolicy? = nil,
            contract: (any TrafficContract)? = nil
        ) {
            self.listening = DaemonConfiguration(host: host, port: port)
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
