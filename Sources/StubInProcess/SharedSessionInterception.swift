import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import Locking
import StubEngine
import StubKit

/// The opt-in reach into `URLSession.shared` for code under test that does
/// not take a session: a `URLProtocol` registered with the URL loading
/// system, answering for one running server at a time.
///
/// - It reaches what the platform lets a registered class reach: on Apple's
///   platforms, `URLSession.shared`; on Linux, only a `URLSession.shared`
///   first used after the registration (swift-corelibs-foundation takes its
///   protocol list then). Each scope checks with a probe request and throws,
///   saying why, when the class does not reach it.
/// - Scopes run one at a time, across the whole process: tests that use it
///   are serialized.
/// - Once registered, a request to a host that is not loopback that no scope
///   owns fails with `URLError(.cannotConnectToHost)` naming it, instead of
///   reaching the network. Loopback requests (socket stub servers) pass.
enum SharedSessionInterception {
    /// The server answering intercepted requests now.
    private static let owner = Locked<ProtocolSlots.Lease?>(nil)
    private static let registered = Locked(false)
    private static let queue = InterceptionQueue()
    /// The host of the probe each scope sends first.
    static let probeHost = "understudy-interception-probe.invalid"

    static var currentLease: ProtocolSlots.Lease? { owner.withLock { $0 } }

    /// Runs `body` with intercepted requests answered by `engine`.
    static func run<Result>(_ engine: Engine, isolation: isolated (any Actor)? = #isolation,
                            _ body: () async throws -> Result) async throws -> Result {
        await queue.acquire()
        defer { Task { await queue.release() } }
        register()
        let probe = try StubSet([Get("/").respond(.status(204))])
        let probeEngine = Engine(set: probe, journal: Journal(capacity: 1), seed: 0, redaction: .secrets, cors: nil, compression: nil,
                                 codec: nil)
        owner.withLock { $0 = ProtocolSlots.Lease(engine: probeEngine, cookies: nil) }
        let reached = await probeReaches()
        guard reached else {
            owner.withLock { $0 = nil }
            throw InProcessServer.StartError(description: """
                URLSession.shared cannot be intercepted here: on this platform a registered URLProtocol reaches \
                URLSession.shared only when it was registered before the first URLSession was made \
                (swift-corelibs-foundation takes the protocol list then). Give the code under test \
                server.session or server.sessionConfiguration instead.
                """)
        }
        owner.withLock { $0 = ProtocolSlots.Lease(engine: engine, cookies: URLSession.shared.configuration.httpCookieStorage) }
        defer { owner.withLock { $0 = nil } }
        return try await body()
    }

    static func register() {
        let first = registered.withLock { done in
            defer { done = true }
            return !done
        }
        if first { _ = URLProtocol.registerClass(InterceptingURLProtocol.self) }
    }

    /// Whether a request through `URLSession.shared` reaches the class.
    private static func probeReaches() async -> Bool {
        guard let url = URL(string: "http://\(probeHost)/") else { return false }
        let status = try? await URLSession.shared.data(from: url).1 as? HTTPURLResponse
        return status?.statusCode == 204
    }

    /// Whether `host` is this machine.
    static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// The class registered for ``SharedSessionInterception``.
final class InterceptingURLProtocol: StubURLProtocol {
    override class var slot: Int { -2 }

    override class var currentLease: ProtocolSlots.Lease? { SharedSessionInterception.currentLease }

    override class var orphanReason: String {
        "Understudy intercepted a request of URLSession.shared that no running test owns, so it did not reach the network"
    }

    /// HTTP and HTTPS to hosts that are not loopback; loopback only while a scope owns the interception.
    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !SharedSessionInterception.isLoopback(request.url?.host) || SharedSessionInterception.currentLease != nil
    }
}

/// One interception scope at a time, in arrival order.
private actor InterceptionQueue {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else { busy = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
