public import StubKit
import MicroHTTP

/// What a server serves and how it is configured: the one value every entry
/// point takes (``StubServer/start(_:)``, ``StubServer/serve(_:isolation:_:)``,
/// StubTesting's `.stubServer` trait, `withStubServer` and `Contract`).
///
/// ```swift
/// .stubs { Get("/health").respond(.text("ok")) }      // stubs declared here
/// .stubs(list, configuration: custom)                 // a list, with settings
/// .prepared(Self.stubSet)                              // checked and indexed once
/// .starting { try MarvelFake().start() }               // a server built elsewhere
/// ```
///
/// An array literal of stubs is a setup too: `StubServer.start([Get("/a")])`.
public struct ServerSetup: Sendable, ExpressibleByArrayLiteral {
    enum Source: Sendable {
        case declared(@Sendable () -> [Stub])
        case prepared(StubSet)
        case custom(@Sendable () throws -> StubServer)
    }

    let source: Source
    let configuration: StubServer.Configuration

    /// The stubs in the literal, with the default configuration.
    public init(arrayLiteral stubs: Stub...) {
        self.init(source: .declared { stubs }, configuration: .default)
    }

    init(source: Source, configuration: StubServer.Configuration) {
        self.source = source
        self.configuration = configuration
    }

    /// Starts a server for this setup.
    ///
    /// - Throws: `StubValidationError` naming each stub that cannot work,
    ///   `MicroHTTP.DaemonError` when it cannot listen, or what a
    ///   `.starting` function throws.
    public func start() throws -> StubServer {
        try start(adjusting: { $0 })
    }

    /// Starts a server, letting `adjust` change declared stubs before they
    /// are checked (StubTesting puts back the declaration sites a macro hid).
    package func start(adjusting adjust: ([Stub]) -> [Stub]) throws -> StubServer {
        switch source {
        case .declared(let content):
            let set = try StubSet(adjust(content()), fixturesDirectory: configuration.fixturesDirectory)
            return try StubServer.start(prepared: set, configuration: configuration)
        case .prepared(let set):
            return try StubServer.start(prepared: set, configuration: configuration)
        case .custom(let start):
            return try start()
        }
    }
}

extension ServerSetup {
    /// Stubs declared in `content`; it runs at each start, so stubs with state
    /// (scenarios, sequences) start fresh on every server.
    public static func stubs(
        configuration: StubServer.Configuration = .default,
        @StubBuilder _ content: @escaping @Sendable () -> [Stub]
    ) -> ServerSetup {
        ServerSetup(source: .declared(content), configuration: configuration)
    }

    /// The stubs in `list`, checked at each start.
    public static func stubs(_ list: [Stub], configuration: StubServer.Configuration = .default) -> ServerSetup {
        ServerSetup(source: .declared { list }, configuration: configuration)
    }

    /// A ``StubSet`` checked and indexed once, served as it is by every start
    /// (its fixtures folder is its own; `configuration.fixturesDirectory` is not used).
    public static func prepared(_ set: StubSet, configuration: StubServer.Configuration = .default) -> ServerSetup {
        ServerSetup(source: .prepared(set), configuration: configuration)
    }

    /// This setup served over `transport`; `nil` leaves it as configured.
    /// A server your own code starts (``starting(_:)``) picks its own
    /// transport: starting fails, saying so, when it picked another.
    public func transport(_ transport: StubTransport?) -> ServerSetup {
        guard let transport else { return self }
        switch source {
        case .declared, .prepared:
            var configuration = configuration
            configuration.transport = transport
            return ServerSetup(source: source, configuration: configuration)
        case .custom(let start):
            return ServerSetup(source: .custom {
                let server = try start()
                guard server.transport == transport else {
                    server.stop()
                    throw DaemonError.invalidConfiguration(
                        "the server a .starting setup started serves \(server.transport), not \(transport) as asked; "
                        + "start it with that transport (MarvelFake().start(transport: .\(transport)))")
                }
                return server
            }, configuration: configuration)
        }
    }

    /// A server your own code starts (a fake built elsewhere, say); the
    /// configuration is that code's business.
    public static func starting(_ start: @escaping @Sendable () throws -> StubServer) -> ServerSetup {
        ServerSetup(source: .custom(start), configuration: .default)
    }
}
