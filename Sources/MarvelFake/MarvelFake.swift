import Foundation
public import StubKit
public import StubServer
import MarvelModels

/// The whole Marvel Comics API, declared with the stub DSL over crafted data.
///
/// All 39 GET routes under `/v1/public`, answering as the real API does:
/// - routing first: an unknown route is 404 `ResourceNotFound`, another verb on a
///   known route is 405 `MethodNotAllowed`, neither needing a signature;
/// - then signing (`apikey`, `ts`, `hash`: 409 `MissingParameter`, 401 `InvalidCredentials`),
///   then the call budget (429 `RequestThrottled`);
/// - then parameters, with the exact 409 texts: unknown parameter, blank value,
///   `limit` over 100 or under 1, bad `orderBy`, more than ten ids, invalid id list;
/// - then unknown ids: 404 `We couldn't find that character`;
/// - results paged by `limit`/`offset`, ordered by `orderBy`, filtered by the
///   resource's filters (`nameStartsWith`, `titleStartsWith`, `modifiedSince`, id lists, …),
///   with `etag`, `ETag` and `If-None-Match` → 304.
///
/// ```swift
/// let server = try MarvelFake().start()
/// // GET \(server.baseURL)/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150
/// ```
public final class MarvelFake: Sendable {
    /// The keys, budget and attribution.
    public let configuration: Configuration
    /// The data served.
    public let catalog: MarvelCatalog
    /// Calls counted against ``Configuration/callBudget``.
    public let budget: CallBudget
    /// The stubs, for adding to your own or serving from a spec.
    public let stubs: [Stub]
    private let prepared: StubSet

    /// Builds a fake; the catalog is shared when the public key is the default one.
    public init(_ configuration: Configuration = Configuration()) throws {
        StubPlugins.register(.marvel) // spec files and the admin API read Marvel's keywords from here on
        self.configuration = configuration
        let publicKey = configuration.primaryPublicKey
        catalog = publicKey == Configuration.documentationPublicKey ? .standard : try MarvelCatalog(publicKey: publicKey)
        budget = CallBudget(limit: configuration.callBudget)
        stubs = MarvelRoutes(catalog: catalog, configuration: configuration, budget: budget).stubs
        prepared = try StubSet(stubs)
    }

    /// Starts a server for this fake (`127.0.0.1`, an ephemeral port by
    /// default); `transport: .inProcess` answers `server.session` with no socket.
    public func start(host: String = "127.0.0.1", port: Int = 0, transport: StubTransport = .socket) throws -> StubServer {
        var configuration = StubServer.Configuration.default
        configuration.host = host
        configuration.port = port
        configuration.transport = transport
        return try StubServer.start(.prepared(prepared, configuration: configuration))
    }

    /// Starts a server with a full configuration.
    public func start(configuration: StubServer.Configuration) throws -> StubServer {
        try StubServer.start(.prepared(prepared, configuration: configuration))
    }

    /// A signed query for the default keys and a timestamp: `ts=…&apikey=…&hash=…`.
    public func signedQuery(timestamp: String = "1") -> String {
        let publicKey = configuration.primaryPublicKey
        let hash = MarvelSigning.hash(timestamp: timestamp, privateKey: configuration.keys[publicKey] ?? "", publicKey: publicKey)
        return "ts=\(timestamp)&apikey=\(publicKey)&hash=\(hash)"
    }
}
