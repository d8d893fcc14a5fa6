public import Foundation
public import MicroHTTP
public import StubKit

// The spellings of starting a server before one ``ServerSetup`` value named
// what to serve. Each compiles for one more release with a warning that says
// what to write instead. `@_disfavoredOverload` keeps an array literal
// (`StubServer.start([Get("/a")])`) on the current spelling.

extension StubServer {
    /// Starts a server for `stubs` on `host` and `port`.
    @available(*, deprecated, message: "write StubServer.start(.stubs(list, configuration: configuration)) with configuration.host and configuration.port")
    @_disfavoredOverload
    public static func start(_ stubs: [Stub], host: String = "127.0.0.1", port: Int = 0) throws -> StubServer {
        var configuration = Configuration.default
        configuration.host = host
        configuration.port = port
        return try start(.stubs(stubs, configuration: configuration))
    }

    /// Starts a server for `stubs` with `configuration`.
    @available(*, deprecated, message: "write StubServer.start(.stubs(list, configuration: configuration))")
    @_disfavoredOverload
    public static func start(_ stubs: [Stub], configuration: Configuration) throws -> StubServer {
        try start(.stubs(stubs, configuration: configuration))
    }

    /// Starts a server for a prepared set.
    @available(*, deprecated, message: "write StubServer.start(.prepared(set, configuration: configuration))")
    @_disfavoredOverload
    public static func start(_ set: StubSet, configuration: Configuration = .default) throws -> StubServer {
        try start(.prepared(set, configuration: configuration))
    }

    /// Runs `body` with a server for `stubs`, then stops it.
    @available(*, deprecated, message: "write StubServer.serve(.stubs(list, configuration: configuration)) { server in … }")
    @_disfavoredOverload
    public static func serve<Result>(
        _ stubs: [Stub],
        configuration: Configuration = .default,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StubServer) async throws -> Result
    ) async throws -> Result {
        try await serve(.stubs(stubs, configuration: configuration), body)
    }
}

// The listener's settings before the configuration named them itself: they
// were MicroHTTP's types, which users should not need to import.

extension StubServer.Configuration {
    /// The listener's settings as MicroHTTP's type.
    @available(*, deprecated, message: "set the field on the configuration itself: configuration.maxBodySize, .threadCount, .drainTimeout, …")
    public var daemon: DaemonConfiguration {
        get { listening }
        set { listening = newValue }
    }

    /// The request-head limits as MicroHTTP's type.
    @available(*, deprecated, message: "set configuration.maxTargetBytes, .maxHeaderFields, .maxHeaderBytes and .maxCookies (or limitRequests(…))")
    public var limits: RequestLimits {
        get { listening.limits }
        set { listening.limits = newValue }
    }

    /// Creates a configuration from MicroHTTP's listener settings.
    @available(*, deprecated, message: "drop daemon: and set the fields on the configuration itself")
    @_disfavoredOverload
    public init(
        host: String = "127.0.0.1", port: Int = 0, daemon: DaemonConfiguration,
        journalCapacity: Int = 100_000, fixturesDirectory: URL? = nil, randomSeed: UInt64? = nil,
        redaction: Redaction = .secrets, cors: CORSPolicy? = nil, compression: CompressionPolicy? = nil,
        contract: (any TrafficContract)? = nil
    ) {
        self.init(host: host, port: port, journalCapacity: journalCapacity, fixturesDirectory: fixturesDirectory,
                  randomSeed: randomSeed, redaction: redaction, cors: cors, compression: compression, contract: contract)
        listening = daemon
        listening.host = host
        listening.port = port
    }
}

extension ServerTLS {
    /// The server's certificate and key as MicroHTTP's type.
    @available(*, deprecated, message: "use certificateChainPEM and privateKeyPEM, or ServerTLS.certificate(_:key:)")
    public var credentials: TLSCredentials? {
        get {
            guard let certificateChainPEM, let privateKeyPEM else { return nil }
            return TLSCredentials(certificateChainPEM: certificateChainPEM, privateKeyPEM: privateKeyPEM)
        }
        set {
            certificateChainPEM = newValue?.certificateChainPEM
            privateKeyPEM = newValue?.privateKeyPEM
        }
    }

    /// A setting from MicroHTTP's credentials.
    @available(*, deprecated, message: "use ServerTLS.certificate(_:key:) or init(certificateChainPEM:privateKeyPEM:)")
    @_disfavoredOverload
    public init(credentials: TLSCredentials?, clientCertificateAuthoritiesPEM: String? = nil) {
        self.init(certificateChainPEM: credentials?.certificateChainPEM, privateKeyPEM: credentials?.privateKeyPEM,
                  clientCertificateAuthoritiesPEM: clientCertificateAuthoritiesPEM ?? credentials?.clientCertificateAuthoritiesPEM)
    }
}
