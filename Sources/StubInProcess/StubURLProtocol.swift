import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import StubEngine
import StubKit
import Locking

/// The URL loading system's side of the in-process transport: a request a
/// session of an ``InProcessServer`` sends is answered by that server's
/// engine, with no socket.
///
/// A session finds its server through its protocol class: each running
/// server leases one of ``ProtocolSlots``' classes (a class per slot, since
/// a `URLProtocol` learns nothing else about the session that sent a request
/// on Linux: `httpAdditionalHeaders` never reach it), and its sessions list
/// only that class. Servers share no state, so parallel tests stay apart.
class StubURLProtocol: URLProtocol {
    /// The slot this class serves; each subclass names its own.
    class var slot: Int { -1 }

    /// The running server this class answers for now, if any.
    class var currentLease: ProtocolSlots.Lease? { ProtocolSlots.lease(slot) }

    /// Why a request fails when no server answers for this class.
    class var orphanReason: String { "Understudy in process: the server this session belonged to has stopped" }

    /// What this load has done, shared with the engine's later answers.
    private let loading = Loading()

    /// Every request of a session that lists this class is claimed, also
    /// after its server stopped (it then fails): none reaches the network.
    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let loading = self.loading
        loading.begin(self)
        guard let lease = Self.currentLease else {
            let reason = Self.orphanReason + " (\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? ""))"
            loading.fail(URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: reason]))
            return
        }
        let recorded: RecordedRequest
        let connection = lease.nextConnection()
        do {
            recorded = try InProcessRequest.recorded(request, task: task, connection: connection)
        } catch {
            if error.isIssue { lease.refused(error.why, request: request) }
            loading.fail(URLError(error.code, userInfo: [NSLocalizedDescriptionKey: error.why]))
            return
        }
        let journal = lease.engine.journal
        loading.onAbandon { journal.markAbandoned(connection: connection) }
        loading.deliver(lease.engine.answer(recorded), for: recorded, cookies: request.httpShouldHandleCookies ? lease.cookies : nil,
                        lease: lease)
    }

    override func stopLoading() {
        loading.stop()
    }

    #if canImport(FoundationNetworking)
    /// The session's client until this load delivered its own end, `nil`
    /// after. swift-corelibs-foundation's `cancel()` fails a task through
    /// this property, also while a completion delivered from another thread
    /// is still returning, and so would complete the task twice (a crash in
    /// `data(for:)`). Apple's Foundation guards that itself.
    override var client: (any URLProtocolClient)? {
        get { loading.delivered ? nil : super.client }
        set { super.client = newValue }
    }
    #endif

    /// The client this load's answer goes to.
    var sessionClient: (any URLProtocolClient)? { super.client }
}

/// One load's client calls: made at most once each, never after the load
/// was stopped (a cancelled task), from whichever thread the answer comes on.
final class Loading: Sendable {
    private struct State {
        /// The protocol instance and its client, until the load ends.
        var owner: StubURLProtocol?
        var ended = false
        /// What a stop before the end records (the journal's mark).
        var abandon: (@Sendable () -> Void)?
        /// What else a stop before the end tells (a held call's test).
        var hangUps: [@Sendable () -> Void] = []
        /// Whether the load was stopped before its end (the task was cancelled).
        var stoppedEarly = false
        /// The server-stop hook of an answer still to come, forgotten at the end.
        var stopWatch: (lease: ProtocolSlots.Lease, id: UInt64)?
        /// Whether a later answer came, or the server stopped first: the first wins.
        var laterSettled = false

        /// Marks the load ended; the stop hook to forget, if any.
        mutating func close() -> (lease: ProtocolSlots.Lease, id: UInt64)? {
            ended = true
            owner = nil
            abandon = nil
            hangUps = []
            defer { stopWatch = nil }
            return stopWatch
        }
    }

    private let state = Locked(State())

    /// Whether the task's caller reads pieces as they come (``PieceDelivery``).
    /// Asked by a stream only: finding out reads the session by reflection,
    /// which cost more than the rest of answering a request.
    var piecesReachCaller: Bool {
        PieceDelivery.reachesCaller(of: state.withLock { $0.owner?.task })
    }

    /// Whether the load ended with its own answer or failure, not a stop.
    var delivered: Bool {
        state.withLock { $0.ended && !$0.stoppedEarly }
    }

    func begin(_ owner: StubURLProtocol) {
        state.withLock { $0.owner = owner }
    }

    /// What to do when the load stops before its answer was sent.
    func onAbandon(_ abandon: @escaping @Sendable () -> Void) {
        state.withLock { $0.abandon = abandon }
    }

    /// Stops the load: later answers are dropped (the task was cancelled),
    /// and a load stopped before its end is marked abandoned.
    func stop() {
        let (told, watch) = state.withLock { state -> ([@Sendable () -> Void], (lease: ProtocolSlots.Lease, id: UInt64)?) in
            let told = state.ended ? [] : (state.abandon.map { [$0] } ?? []) + state.hangUps
            if !state.ended { state.stoppedEarly = true }
            return (told, state.close())
        }
        if let watch { watch.lease.forget(watch.id) }
        for tell in told { tell() }
    }

    /// Answers 503 if the server stops before the answer still to come, as
    /// the socket server answers a request it holds at stop. (Not a cancel of
    /// the task: swift-corelibs-foundation's `cancel()` can complete a task a
    /// second time while the first completion is still returning.)
    private func answerAtServerStop(_ lease: ProtocolSlots.Lease, for request: RecordedRequest, cookies: HTTPCookieStorage?) {
        let hook: @Sendable () -> Void = { [self] in
            if settleLater() { respond(.serverStopped, for: request, cookies: cookies) }
        }
        guard let id = lease.onStop(hook) else { return }
        let settled = state.withLock { state -> Bool in
            if !state.ended, !state.laterSettled { state.stopWatch = (lease, id) }
            return state.ended || state.laterSettled
        }
        if settled { lease.forget(id) }
    }

    /// Claims the answer still to come for whichever comes first, the answer
    /// or the server's stop: `true` once. The other is dropped, so a stream
    /// the answer started never gets the stop's 503 after its head.
    private func settleLater() -> Bool {
        let (first, watch) = state.withLock { state -> (Bool, (lease: ProtocolSlots.Lease, id: UInt64)?) in
            guard !state.laterSettled else { return (false, nil) }
            state.laterSettled = true
            defer { state.stopWatch = nil }
            return (true, state.stopWatch)
        }
        if let watch { watch.lease.forget(watch.id) }
        return first
    }

    /// Runs `handler` once if the load is stopped before its end (at once
    /// when it already was).
    func onHangUp(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.ended { return state.stoppedEarly }
            state.hangUps.append(handler)
            return false
        }
        if now { handler() }
    }

    /// Calls `body` with the protocol and its client unless the load ended;
    /// the load goes on. `false` when it had ended.
    @discardableResult
    func during(_ body: (StubURLProtocol, any URLProtocolClient) -> Void) -> Bool {
        let owner: StubURLProtocol? = state.withLock { state in state.ended ? nil : state.owner }
        guard let owner, let client = owner.sessionClient else { return false }
        body(owner, client)
        return true
    }

    /// Calls `body` with the protocol and its client once, unless the load ended.
    func end(_ body: (StubURLProtocol, any URLProtocolClient) -> Void) {
        let (owner, watch) = state.withLock { state -> (StubURLProtocol?, (lease: ProtocolSlots.Lease, id: UInt64)?) in
            guard !state.ended, let owner = state.owner else { return (nil, nil) }
            return (owner, state.close())
        }
        if let watch { watch.lease.forget(watch.id) }
        guard let owner, let client = owner.sessionClient else { return }
        body(owner, client)
    }

    func fail(_ error: URLError) {
        end { owner, client in client.urlProtocol(owner, didFailWithError: error) }
    }

    /// Sends `answer`: a response now, a later answer when it comes, a
    /// stream piece by piece (``InProcessStream``), a fault as the error
    /// URLSession reports for it over a socket.
    func deliver(_ answer: Answer, for request: RecordedRequest, cookies: HTTPCookieStorage?, lease: ProtocolSlots.Lease) {
        switch answer {
        case .response(let response):
            respond(response, for: request, cookies: cookies)
        case .prepared(let prepared):
            respond(prepared.response, for: request, cookies: cookies)
        case .stream(let head, let body):
            InProcessStream(loading: self, head: head, body: body, request: request, cookies: cookies, lease: lease).start()
        case .upgrade:
            // URLSession's WebSocket tasks never reach a URLProtocol: a WebSocket stub is served over the socket.
            let why = "Understudy in process: \(request.method) \(request.path) is a WebSocket endpoint, served over the socket only"
            lease.refused(why, request: URLRequest(url: request.url ?? URL(string: "http://in-process.invalid/")!))
            fail(URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: why]))
        case .raw(let bytes):
            if let response = InProcessResponse.parsed(raw: bytes) {
                respond(response, for: request, cookies: cookies)
            } else {
                fail(InProcessFault.raw(bytes).error(for: request.url))
            }
        case .closeConnection:
            fail(InProcessFault.closedWithoutResponse.error(for: request.url))
        case .resetConnection:
            fail(InProcessFault.reset.error(for: request.url))
        case .later(let deferred):
            answerAtServerStop(lease, for: request, cookies: cookies)
            let sink = AnswerSink({ [self] later in
                guard settleLater() else { return }
                if case .later = later {
                    respond(HTTPResponse(status: 500, text: "Understudy: a later answer answered later again"), for: request, cookies: cookies)
                } else {
                    deliver(later, for: request, cookies: cookies, lease: lease)
                }
            }, onHangUp: { [self] in onHangUp($0) })
            // Off the loading session's queue: a later answer may start a task of its own (a proxy's
            // upstream call), and swift-corelibs-foundation would wait on the queue this load holds.
            DispatchQueue.global().async { deferred(sink) }
        }
    }

    /// Sends `response` whole and ends the load.
    func respond(_ response: HTTPResponse, for request: RecordedRequest, cookies: HTTPCookieStorage?) {
        end { owner, client in
            Self.sendHead(response, owner: owner, client: client, cookies: cookies)
            if !response.body.isEmpty, request.method.uppercased() != "HEAD" {
                client.urlProtocol(owner, didLoad: Data(response.body))
            }
            client.urlProtocolDidFinishLoading(owner)
        }
    }

    /// Sends the status and headers of `response` (cookies stored, a
    /// redirect followed where URLSession follows one); the load goes on.
    static func sendHead(_ response: HTTPResponse, owner: StubURLProtocol, client: any URLProtocolClient, cookies: HTTPCookieStorage?) {
        let url = owner.request.url ?? URL(string: "http://in-process.invalid/")!
        let head = InProcessResponse.head(response, url: url)
        if let cookies {
            // What URLSession's own HTTP protocol does with Set-Cookie over a socket.
            let setCookies = response.headers.filter { $0.name.caseInsensitiveEquals("Set-Cookie") }
                .map { ["Set-Cookie": $0.value] }.flatMap { HTTPCookie.cookies(withResponseHeaderFields: $0, for: url) }
            if !setCookies.isEmpty { cookies.setCookies(setCookies, for: url, mainDocumentURL: nil) }
        }
        #if !canImport(FoundationNetworking)
        if let redirected = InProcessResponse.redirect(head, from: owner.request) {
            client.urlProtocol(owner, wasRedirectedTo: redirected, redirectResponse: head)
        }
        #endif
        client.urlProtocol(owner, didReceive: head, cacheStoragePolicy: .notAllowed)
    }
}

extension RecordedRequest {
    /// The URL this request was made for, from its `Host` and target.
    var url: URL? { URL(string: "http://\(headers.values(for: "Host").first ?? "in-process.invalid")\(target)") }
}
