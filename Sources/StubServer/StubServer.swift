import HTTPCoding
import Locking
public import Foundation
import MicroHTTP
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import StubInProcess
import WireClient
@_exported public import StubEngine
public import StubKit
import Synchronization

/// A server that answers requests from a list of stubs and records every
/// request in a `Journal`: a transport in front of the engine (StubEngine),
/// which decides every answer. By default real HTTP on libmicrohttpd; with
/// ``Configuration/transport`` `.inProcess`, URLSession in this process
/// through `URLProtocol` (``session``), the same answers with no socket.
///
/// Start one per test: it binds 127.0.0.1 on a port the system picks, starts
/// in microseconds and shares nothing with other servers. A request that no
/// stub matches is answered with 404, an `Understudy-Mismatch` header and an
/// ``UnmatchedRequestReport`` naming the closest stubs. A class because it
/// owns a running daemon; ``stop()`` or deinit shuts it down.
public final class StubServer: Sendable {
    /// Every request received.
    public let journal: Journal
    /// `http://host:port`, for building request URLs.
    public let baseURL: URL
    /// The secrets masked wherever this server's requests are shown
    /// (``Configuration/redaction``).
    public var redaction: Redaction { engine.redaction }
    let engine: Engine
    private let listener: Listener
    /// A URLSession for this server's stubs: in process, the one its requests
    /// reach the stubs through; on the socket, an ephemeral session of its
    /// own, made on first use.
    public var session: URLSession { listener.session }
    /// The contract every request and response must keep (``Configuration/contract``), or `nil`.
    public let contract: (any TrafficContract)?
    /// Under ``Configuration/tls`` `.generated`: the throwaway authority's
    /// certificate (PEM), which a client trusts to talk to this server.
    public let certificateAuthorityPEM: String?

    private init(set: StubSet, configuration: Configuration) throws {
        guard configuration.journalCapacity >= 1 else {
            throw DaemonError.invalidConfiguration("journalCapacity \(configuration.journalCapacity) must be at least 1")
        }
        let journal = Journal(capacity: configuration.journalCapacity)
        let engine = Engine(set: set, journal: journal, seed: configuration.randomSeed,
                            redaction: configuration.redaction, cors: configuration.cors, compression: configuration.compression,
                            codec: configuration.transport == .socket ? .zlib : InProcessRoute.codec,
                            upstream: WirePool(trust: try Self.upstreamTrust(configuration)))
        var authorityPEM: String?
        switch configuration.transport {
        case .socket:
            var daemonConfiguration = configuration.listening
            if let tls = configuration.tls {
                let (credentials, authority) = try tls.resolved()
                daemonConfiguration.tls = credentials
                authorityPEM = authority
            }
            let daemon = try Daemon(daemonConfiguration) { engine.answer(RecordedRequest($0)).reply }
            self.listener = .socket(daemon, SocketSession())
            self.baseURL = URL(string: "\(configuration.tls == nil ? "http" : "https")://\(daemon.address)")!
        case .inProcess:
            guard configuration.tls == nil else {
                throw DaemonError.invalidConfiguration("tls: in process there is no connection to secure; serve over the socket for HTTPS")
            }
            let route = try InProcessRoute(engine: engine)
            self.listener = .inProcess(route)
            self.baseURL = URL(string: "http://in-process.invalid")!
        }
        self.journal = journal
        self.engine = engine
        self.contract = configuration.contract
        self.certificateAuthorityPEM = authorityPEM
        if configuration.contract != nil { engine.keepsServedResponses.store(true, ordering: .relaxed) }
        if let conditions = configuration.networkConditions { engine.globalDelay.set(.network(conditions)) }
        let port = listener.port
        engine.templating.withLock {
            $0.scheme = configuration.tls == nil ? "http" : "https"
            $0.port = port
            $0.now = configuration.clock
            $0.permittedSystemKeys = configuration.permittedSystemKeys
        }
    }

    /// The certificates proxy stubs' https upstreams may present; each
    /// authority given is checked here, so one that is no certificate is
    /// refused at start, by its index.
    private static func upstreamTrust(_ configuration: Configuration) throws(DaemonError) -> WireTrust {
        for (index, pem) in configuration.upstreamCertificateAuthorities.enumerated() {
            do { try WireTrust(system: false, authorityCertificates: [pem]).checkAuthorities() } catch {
                throw .invalidConfiguration("upstreamCertificateAuthorities[\(index)] is not a PEM certificate: \(error)")
            }
        }
        var trust = WireTrust(authorityCertificates: configuration.upstreamCertificateAuthorities)
        trust.remedy = "trust its authority with Configuration.upstreamCertificateAuthorities, or serve --upstream-ca"
        return trust
    }

    /// Starts a server for `setup`: stubs declared in place (`.stubs { … }`
    /// or a plain `[Stub]`), a prepared ``StubSet``, or `.starting { … }`.
    ///
    /// ```swift
    /// let server = try StubServer.start([Get("/health").respond(.text("ok"))])
    /// let custom = try StubServer.start(.stubs(list, configuration: configuration))
    /// ```
    ///
    /// - Throws: `StubValidationError` naming each stub that cannot work, or
    ///   `DaemonError` naming the address when it cannot listen.
    public static func start(_ setup: ServerSetup) throws -> StubServer {
        try setup.start()
    }

    /// Starts a server for a prepared set: no validation or indexing at start.
    package static func start(prepared set: StubSet, configuration: Configuration) throws -> StubServer {
        try StubServer(set: set, configuration: configuration)
    }

    deinit {
        listener.stop()
        engine.upstream.shutDown()
    }

    /// Whether the journal keeps the response each stub made
    /// (`JournalEntry.served`): off by default, since a large body per
    /// request adds up; a test writing a pact turns it on.
    public var keepsServedResponses: Bool {
        get { engine.keepsServedResponses.load(ordering: .relaxed) }
        set { engine.keepsServedResponses.store(newValue, ordering: .relaxed) }
    }

    /// Each journal entry after `sequence` (every one when `nil`) that broke
    /// the server's ``contract``, with what it broke; empty without a
    /// contract. A request no stub matched is reported as unmatched instead.
    public func contractViolations(after sequence: Int? = nil) -> [(entry: JournalEntry, violations: [String])] {
        guard let contract else { return [] }
        let entries = sequence.map { journal.entries(after: $0) } ?? journal.entries
        return entries.compactMap { entry in
            guard entry.isMatched else { return nil }
            let found = contract.violations(of: entry.request, response: entry.served)
            return found.isEmpty ? nil : (entry, found)
        }
    }

    /// The bound host (in process: `in-process.invalid`).
    public var host: String { listener.host }
    /// The bound port (in process: 80, the port of ``baseURL``).
    public var port: Int { listener.port }
    /// Whether the server still serves.
    public var isRunning: Bool { listener.isRunning }
    /// Connection and request counters, as they are now (in process: all zero).
    public var statistics: Statistics { listener.statistics }
    /// How this server is reached.
    public var transport: StubTransport { listener.transport }

    /// A configuration for sessions of the code under test: in process, one
    /// whose sessions reach these stubs; on the socket, an ephemeral one
    /// (the stubs are reached by ``baseURL``).
    public var sessionConfiguration: URLSessionConfiguration {
        switch listener {
        case .socket: .ephemeral
        case .inProcess(let route): route.sessionConfiguration
        }
    }

    /// The stubs served now, in declaration order.
    public var stubs: [Stub] { engine.serving.withLock { $0.table.stubs } }

    /// The stub named `id` that is served now, or `nil`; looked up by index.
    public func stub(_ id: StubID) -> Stub? {
        engine.serving.withLock { $0.table }.stub(id)
    }

    /// The URL of `pathAndQuery` (for example `/v1/public/comics?limit=5`) on
    /// this server. Characters a URL cannot hold as they are (spaces, `é`)
    /// are percent-encoded; escapes already present are kept.
    public func url(_ pathAndQuery: String) -> URL {
        let base = baseURL.absoluteString
        if let url = URL(string: base + pathAndQuery) { return url }
        let allowed = CharacterSet.urlFragmentAllowed.union(CharacterSet(charactersIn: "%#"))
        let encoded = pathAndQuery.addingPercentEncoding(withAllowedCharacters: allowed) ?? pathAndQuery
        guard let url = URL(string: base + encoded) else {
            preconditionFailure("StubServer.url: cannot make a URL of \(base) + \(pathAndQuery)")
        }
        return url
    }

    /// Stops serving: waits briefly for requests in flight, then releases
    /// every thread and socket. Idempotent.
    public func stop() {
        listener.stop()
        engine.upstream.shutDown()
        engine.mount(nil) // what a door holds may hold this server
    }

    /// Stops like ``stop()``, from an async scope without holding one of the
    /// cooperative pool's few threads: with requests still in flight, stop
    /// waits for them (up to the drain timeout), and that wait happens on a
    /// thread of its own. With none, it stops at once, in place.
    package func stopWithoutBlocking() async {
        guard case .socket(let daemon, _) = listener else { return stop() }
        let statistics = daemon.statistics
        guard daemon.isRunning, statistics.requestsStarted != statistics.requestsCompleted else { return stop() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                self.stop()
                done.resume()
            }.start()
        }
    }

    // MARK: Changes while running

    /// Adds stubs after the current ones. Requests in flight finish with the
    /// stubs they matched; later requests see the new list.
    ///
    /// - Throws: `StubValidationError`; nothing changes then.
    public func add(_ stubs: [Stub]) throws {
        try engine.change { current in current.indices.map(StubListEntry.kept) + stubs.map(StubListEntry.fresh) }
    }

    /// Puts `stubs` before the current ones, in place of any current stub
    /// with the same id: the newest first, as WireMock's admin API adds mappings.
    /// Only the new stubs are prepared and checked.
    ///
    /// - Throws: ``StubValidationError``; nothing changes then.
    package func addFirst(_ stubs: [Stub]) throws {
        if try engine.prepend(stubs) { return }
        let named = Self.isNamed(stubs.map(\.id))
        try engine.change { current in stubs.map(StubListEntry.fresh) + current.indices.filter { !named(current[$0].id) }.map(StubListEntry.kept) }
    }

    /// Serves `stubs` instead of the current list, atomically: requests in
    /// flight finish with the stubs they matched, later ones see the new list.
    /// Stubs that stay (same id, pattern and limit) keep their answer counts.
    ///
    /// - Throws: `StubValidationError`; nothing changes then.
    public func replaceAll(with stubs: [Stub]) throws {
        try engine.change { _ in stubs.map(StubListEntry.fresh) }
    }

    /// Replaces the stub named `id` with `stub`, in place.
    ///
    /// - Throws: `StubValidationError` when no stub has that id or the result cannot work.
    public func replace(_ id: StubID, with stub: Stub) throws {
        try engine.change { current in
            guard let index = current.firstIndex(where: { $0.id == id }) else {
                throw StubValidationError(problems: [StubProblem(stub, "no stub with id \"\(id)\" to replace")])
            }
            return current.indices.map { $0 == index ? .fresh(stub) : .kept($0) }
        }
    }

    /// Removes the stub named `id`; returns whether there was one.
    @discardableResult
    public func remove(_ id: StubID) -> Bool {
        remove([id]) > 0
    }

    /// Removes every stub named in `ids`; returns how many there were.
    @discardableResult
    package func remove(_ ids: Set<StubID>) -> Int {
        var removed = 0
        let named = Self.isNamed(Array(ids))
        try? engine.change { current in
            let kept = current.indices.filter { !named(current[$0].id) }
            removed = current.count - kept.count
            return kept.map(StubListEntry.kept)
        }
        return removed
    }

    /// Whether an id is one of `ids`: compared with each of a few (a change
    /// of one stub hashes none of the current stubs' ids), looked up among many.
    private static func isNamed(_ ids: [StubID]) -> @Sendable (StubID) -> Bool {
        if ids.count > 8 {
            let set = Set(ids)
            return { set.contains($0) }
        }
        return { ids.contains($0) }
    }

    // MARK: Issues found while serving

    /// What went wrong while answering (unmatched requests, throwing response
    /// closures), oldest first, kept until taken.
    public var pendingIssues: [ServerIssue] { engine.issues.pending }

    /// How many issues were not kept because too many were pending.
    public var droppedIssueCount: Int { engine.issues.dropped }

    /// Removes and returns the pending issues `include` selects (all by default),
    /// so each is reported once, from the caller's task.
    public func takeIssues(where include: (ServerIssue) -> Bool = { _ in true }) -> [ServerIssue] {
        engine.issues.take(where: include)
    }

    /// Forgets every journal entry (sequence numbers go on).
    public func resetJournal() { journal.reset() }

    /// Puts every scenario back in its `Started` state.
    public func resetScenarios() { engine.scenarios.reset() }

    /// Puts every stateful resource back to its seed.
    public func resetResources() { engine.resources.reset() }

    /// The state scenario `name` is in now.
    public func scenarioState(_ name: String) -> String { engine.scenarios.state(of: name) }

    /// Moves scenario `name` to `state` (`ScenarioStep.started` resets it).
    public func setScenarioState(_ name: String, to state: String) { engine.scenarios.set(name, to: state) }

    /// What `request` would meet now: the closest stubs (up to three), each
    /// with its checks, secrets masked by ``redaction``. An unmatched
    /// request's 404 carries the same report.
    public func report(for request: RecordedRequest) -> UnmatchedRequestReport {
        engine.report(for: request)
    }

    /// Sends every answer without a delay of its own after `delay` (WireMock's
    /// global fixed delay); `nil` removes it.
    public func setGlobalDelay(_ delay: Duration?) { engine.globalDelay.set(delay.map(Delay.fixed)) }

    /// Sends every answer whose stub has no delay of its own across
    /// `conditions` (a preset such as `.slow3G`, or a latency and a rate);
    /// `nil` answers at full speed again. Replaces a global delay.
    public func setNetworkConditions(_ conditions: NetworkConditions?) { engine.globalDelay.set(conditions.map(Delay.network)) }

    /// Answers requests under `door.prefix` with `door` before any stub, and
    /// leaves them out of the journal; `nil` closes the door.
    public func mount(_ door: FrontDoor?) { engine.mount(door) }
}
