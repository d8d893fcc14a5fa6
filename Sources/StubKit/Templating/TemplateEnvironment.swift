public import Foundation

/// What a template's helpers may read beyond the request: the clock, the
/// random source (seeded per server), the host name, and the environment
/// `systemValue` may show (keys matching `permittedSystemKeys` only).
public struct TemplateEnvironment: Sendable {
    /// The instant `now` renders.
    public var now: Date
    /// The name `hostname` renders; the machine's when `nil`.
    public var hostname: String?
    /// Case-insensitive regular expressions of the keys `systemValue` may
    /// read; WireMock's default is `wiremock.*`.
    public var permittedSystemKeys: [String]
    /// The environment variables `systemValue type='ENVIRONMENT'` reads;
    /// the process's (read when a template asks) when `nil`.
    public var environmentVariables: [String: String]?
    /// The random source, seeded; the engine keeps it between answers.
    package var random: SplitMix64

    /// An environment at `now`, drawing random values from `seed`.
    public init(now: Date = Date(), seed: UInt64 = 0, hostname: String? = nil,
                permittedSystemKeys: [String] = ["wiremock.*"], environmentVariables: [String: String]? = nil) {
        self.now = now
        self.hostname = hostname
        self.permittedSystemKeys = permittedSystemKeys
        self.environmentVariables = environmentVariables
        self.random = SplitMix64(seed: seed)
    }
}
