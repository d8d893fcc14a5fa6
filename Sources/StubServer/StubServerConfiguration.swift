public import Foundation
public import MicroHTTP
public import StubKit

extension StubServer {
    /// How a ``StubServer`` listens, what it accepts and how much it remembers.
    public struct Configuration: Sendable {
        /// Listening address, body limit, threads and timeouts. Binds
        /// 127.0.0.1 on a free port unless told otherwise.
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

        /// Creates a configuration.
        public init(
            daemon: DaemonConfiguration = DaemonConfiguration(),
            journalCapacity: Int = 100_000,
            fixturesDirectory: URL? = nil,
            randomSeed: UInt64? = nil,
            redaction: Redaction = .secrets
        ) {
            self.daemon = daemon
            self.journalCapacity = journalCapacity
            self.fixturesDirectory = fixturesDirectory
            self.randomSeed = randomSeed
            self.redaction = redaction
        }

        /// Loopback, a free port, the defaults for everything else.
        public static var `default`: Configuration { Configuration() }
    }
}
