package import Locking
package import Foundation
package import HTTPWire
package import StubKit
package import Synchronization

/// Decides what a request is answered with: picks the stub, runs its guards
/// and recipe, applies its delay or fault, and journals the request. Knows no
/// socket: a transport (the libmicrohttpd server, an in-process one) hands it
/// each request and sends the ``Answer``. Runs on the transport's threads, so
/// everything it touches is immutable or locked.
package final class Engine: Sendable {
    package let serving: Locked<Serving>
    package let journal: Journal
    /// The streams stubs opened for the test to feed, until it takes them.
    package let openStreams = Handoff<LiveStream>(what: "stream fed by the test") { $0.response.isFedByTest }
    /// The requests held for the test (``HeldAnswer``), until it takes them.
    package let heldCalls = Handoff<HeldCall>(what: "held call") { $0.response.holds }
    /// The WebSocket connections opened, until the test takes them.
    package let openWebSockets = Handoff<LiveWebSocket>(what: "WebSocket connection") { $0.response.isWebSocket }
    /// The WebSocket messages `next(message:)` returned.
    package let messageClaims = MessageClaims()
    /// The items of every stateful resource, per stub.
    package let resources = ResourceStore()
    package let scenarios = ScenarioBook()
    /// What went wrong while answering, for tests to take from their own task.
    package let issues = ServerIssueQueue()
    private let random: Locked<SplitMix64>
    /// The secrets masked in unmatched-request reports.
    package let redaction: Redaction
    /// Compression and CORS, applied to every answer.
    let finish: AnswerFinish
    /// The delay of every answer whose stub has none: WireMock's global fixed
    /// delay, or the server's network conditions (the fixed delay first).
    package let globalDelay = GlobalDelay()
    /// How proxy stubs reach their upstreams.
    package let upstream: any UpstreamClient
    /// Whether each answer's response is kept in the journal.
    package let keepsServedResponses = Atomic<Bool>(false)
    /// What templates see of the server: its scheme and port (for
    /// `request.baseUrl` when a request has no `Host`) and the clock `now` reads.
    package let templating = Locked(TemplateSetting())

    /// An engine serving `set`, journaling into `journal`; `seed` drives
    /// random delays and generated values (`RandomSeed` gives one when
    /// `nil`); `cors` and `compression` finish every answer. `codec`
    /// compresses answers and decodes a proxied upstream's coded body;
    /// with none (in process, where no C is linked)
    /// every body goes as declared, as to a client that accepts no coding.
    /// `upstream` carries proxy stubs' calls.
    package init(set: StubSet, journal: Journal, seed: UInt64?, redaction: Redaction, cors: CORSPolicy?, compression: CompressionPolicy?,
                 codec: ContentCodec?, upstream: any UpstreamClient = URLSessionUpstream.shared) {
        self.upstream = upstream
        self.redaction = redaction
        self.finish = AnswerFinish(cors: cors, compression: compression, codec: codec)
        self.serving = Locked(Serving(set: set, counts: AnswerCounts(set: set)))
        self.journal = journal
        self.random = Locked(SplitMix64(seed: seed ?? RandomSeed.next()))
    }

    /// The serving state with its table indexed: built once, by the first
    /// request after a change that built no index (see ``RouteTable``).
    private func indexedServing() -> Serving {
        serving.withLock { serving in
            if serving.table.index == nil { serving = serving.indexed() }
            return serving
        }
    }

    /// Serves `door` before the stubs from the next request on; `nil` closes it.
    package func mount(_ door: FrontDoor?) {
        serving.withLock { $0 = Serving(set: $0.stubSet, counts: $0.counts, frontDoor: door) }
    }

    /// The answer to one request, journaled with the status it sends.
    package func answer(_ request: RecordedRequest) -> Answer {
        var serving = self.serving.withLock { $0 }
        if let door = serving.frontDoor, door.opens(request.path) {
            // Let go of the snapshot first: an admin post then finds the
            // stub lists held by nothing else, and grows them in place (see `prepend`).
            _ = consume serving
            return FrontDoorAnswer.answer(request, at: door)
        }
        if let cors = finish.cors, cors.isPreflight(request) {
            let answer = cors.preflightResponse(for: request)
            journal.recordPreflight(request, status: answer.status)
            return .response(HTTPResponse(answer))
        }
        if serving.table.index == nil { serving = indexedServing() }
        let table = serving.table
        guard let (index, captures, call) = select(request, in: serving) else {
            let report = UnmatchedRequestReport(request: request, table: table, counts: serving.counts, scenarios: scenarios)
                .redacted(by: redaction)
            _ = journal.record(request, table: nil, index: 0, status: 404) { sequence in
                issues.append(ServerIssue(sequence: sequence, kind: .unmatched(report)))
            }
            return finish.apply(.response(HTTPResponse(unmatched: report)), to: request, slot: nil)
        }
        let slot = table.slots[index]
        if slot.answersPlainly, globalDelay.current == nil {
            // The answer built once, sent as it is, at once (most stubs): none
            // of the steps below would change it or leave anything to follow.
            let made = Answer.prepared(slot.prepared!)
            let served = keepsServedResponses.load(ordering: .relaxed) ? made.response.map(StubResponse.init(served:)) : nil
            let delivered = finish.apply(made, to: request, slot: slot)
            _ = journal.record(request, table: table, index: index, status: delivered.sentStatus, served: served)
            return delivered
        }
        var thrown: (any Error)?
        var proxied: JournalTicket?
        var refusal: StubResponse?
        for check in slot.stub.guards where refusal == nil {
            refusal = check.refusal(of: request)?.response // each rule runs once: some count what they see
        }
        var upgraded: JournalTicket?
        var made: Answer
        if refusal == nil, let conversation = slot.webSocket {
            let ticket = JournalTicket()
            upgraded = ticket
            made = webSocketAnswer(conversation, request: request, slot: slot, ticket: ticket)
        } else {
            made = refusal.map { .response(HTTPResponse($0, extraHeaders: slot.stub.responseHeaders)) }
                ?? reused(slot, request) { reply(slot.recipe, call: call, slot: slot, request: request,
                                                captures: captures, topLevel: true, thrown: &thrown, proxied: &proxied) }
        }
        let streamed = slot.stub.fault == nil ? journaling(&made) : nil
        var paced: JournalTicket?
        var (delivered, status) = deliver(finish.apply(made, to: request, slot: slot), for: slot, paced: &paced)
        let timed = timing(&delivered)
        let served = keepsServedResponses.load(ordering: .relaxed) ? made.response.map(StubResponse.init(served:)) : nil
        let sequence = journal.record(request, table: table, index: index, status: status, served: served,
                                      stream: streamed.map { _ in StreamLog() },
                                      webSocket: status == 101 ? made.upgradeHead.map { WebSocketLog(subprotocol: $0.header("Sec-WebSocket-Protocol")) } : nil,
                                      finished: streamed == nil && timed == nil && paced == nil) { sequence in
            if let thrown {
                issues.append(ServerIssue(sequence: sequence, kind: .responseClosureThrew(stub: slot.stub, error: "\(thrown)")))
            }
        }
        timed?.sequence.store(sequence, ordering: .releasing)
        paced?.sequence.store(sequence, ordering: .releasing)
        proxied?.sequence.store(sequence, ordering: .releasing)
        upgraded?.sequence.store(sequence, ordering: .releasing)
        if let streamed {
            streamed.ticket.sequence.store(sequence, ordering: .releasing)
            if let feed = streamed.feed { openStreams.offer(LiveStream(request: request, sequence: sequence, feed: feed)) }
        }
        return delivered
    }

    /// For a streamed answer, has each piece sent and its end noted in the
    /// journal entry the ticket will number; with the feed of a stream the test feeds.
    private func journaling(_ answer: inout Answer) -> (ticket: JournalTicket, feed: StreamFeed?)? {
        guard case .stream(let head, var body) = answer else { return nil }
        let ticket = JournalTicket()
        let journal = self.journal
        body.observer = StreamObserver(
            sent: { journal.streamed(ticket.sequence.load(ordering: .acquiring), piece: $0) },
            ended: { journal.streamEnded(ticket.sequence.load(ordering: .acquiring), clientHungUp: $0) }
        )
        answer = .stream(head: head, body: body)
        return (ticket, body.feed)
    }

    /// For an answer sent later (a delay, a proxy, a held call), has the
    /// journal entry the ticket will number timed when it goes out, unless
    /// it goes out as a stream (timed at its end).
    private func timing(_ answer: inout Answer) -> JournalTicket? {
        guard case .later(let start) = answer else { return nil }
        let ticket = JournalTicket()
        let journal = self.journal
        answer = .later { sink in start(AnswerSink(JournalingReceiver(journal: journal, ticket: ticket, sink: sink))) }
        return ticket
    }

    /// `make()`, or for a stub that reuses answers the one built before for
    /// this request's key (a fresh answer is kept unless it is a stream, a
    /// raw or deferred reply, or a closure's failure).
    private func reused(_ slot: StubSlot, _ request: RecordedRequest, _ make: () -> Answer) -> Answer {
        guard let cache = slot.answers else { return make() }
        let key = cache.reuse.key(for: request)
        if let known = cache.answer(for: key) { return .prepared(known) }
        let made = make()
        guard case .response(let response) = made, response.status < 500 else { return made }
        return .prepared(cache.keep(response, for: key))
    }

    /// The first candidate whose pattern, scenario state and `times` limit all
    /// allow it. A `HEAD` request also matches `GET` stubs (HTTP's HEAD is a
    /// GET without the body); a stub declared for `HEAD` or any method that
    /// comes first still wins.
    private func select(_ request: RecordedRequest, in serving: Serving) -> (Int, [String: String], Int)? {
        let table = serving.table
        var asGet: RecordedRequest?
        if request.method == "HEAD" {
            asGet = request
            asGet?.method = "GET"
        }
        // Read once for every candidate (a HEAD's GET form differs only in its method).
        var reading = RequestReading()
        for index in table.candidates(for: request.path) {
            let slot = table.slots[index]
            var captures: [String: String]?
            if let asGet, slot.request.method == .get { captures = slot.match(asGet, reading: &reading) }
            if captures == nil { captures = slot.match(request, reading: &reading) }
            guard let captures else { continue }
            let call: Int?
            if let step = slot.scenario {
                call = scenarios.attempt(step) { slot.counted ? serving.counts.claim(index, limit: slot.limit) : 0 }
            } else {
                call = slot.counted ? serving.counts.claim(index, limit: slot.limit) : 0
            }
            if let call { return (index, captures, call) }
        }
        return nil
    }

    /// The reply a recipe makes for the `call`-th answer (0-based). A fixed
    /// response at the top level is served from the slot's prepared copy.
    private func reply(
        _ recipe: ResponseRecipe, call: Int, slot: StubSlot,
        request: RecordedRequest, captures: [String: String], topLevel: Bool, thrown: inout (any Error)?, proxied: inout JournalTicket?
    ) -> Answer {
        switch recipe {
        case .fixed(let response):
            if topLevel, let prepared = slot.prepared { return .prepared(prepared) }
            return sent(response, slot: slot)
        case .dynamic(let make):
            return made(by: make, slot: slot, request: request, captures: captures, thrown: &thrown)
        case .resource(let declaration):
            let answer = ResourceAnswer(declaration: declaration, stub: slot.stub.id, store: resources, captures: captures)
            return sent(answer.response(to: request, id: captures["resourceID"]), slot: slot)
        case .named(let recipe):
            return made(by: recipe.make, slot: slot, request: request, captures: captures, thrown: &thrown)
        case .generated(let example, let generators):
            let made = random.withLock { generators.apply(to: example, for: request, using: &$0) }
            return .response(HTTPResponse(made, extraHeaders: slot.stub.responseHeaders))
        case .sequence(let steps):
            guard let last = steps.indices.last else { return .response(HTTPResponse(status: 200)) }
            return reply(steps[min(call, last)], call: call, slot: slot, request: request, captures: captures,
                         topLevel: false, thrown: &thrown, proxied: &proxied)
        case .proxy(let target):
            let ticket = JournalTicket()
            proxied = ticket
            return .later { [self] sink in
                ProxyCall.forward(request, to: target, through: self.upstream, codec: self.finish.codec) { answer in
                    let sent = self.finish.apply(.response(HTTPResponse(answer, extraHeaders: slot.stub.responseHeaders)), to: request, slot: slot)
                    self.journal.complete(ticket.sequence.load(ordering: .acquiring), status: answer.status,
                                     served: self.keepsServedResponses.load(ordering: .relaxed) ? answer : nil)
                    sink.send(sent)
                }
            }
        case .template(let templated):
            let setting = templating.withLock { $0 }
            // One draw from the server's seeded generator per answer: rendering runs outside the lock.
            let seed = random.withLock { $0.next() }
            do {
                var environment = TemplateEnvironment(now: setting.now(), seed: seed, hostname: setting.hostname,
                                                      permittedSystemKeys: setting.permittedSystemKeys)
                if let proxy = templated.proxy {
                    let target = try proxy.target(for: request, parameters: templated.parameters, environment: &environment,
                                                  scheme: setting.scheme, serverPort: setting.port)
                    return reply(.proxy(target), call: call, slot: slot, request: request, captures: captures,
                                 topLevel: topLevel, thrown: &thrown, proxied: &proxied)
                }
                return sent(try templated.response(for: request, environment: &environment, scheme: setting.scheme, serverPort: setting.port),
                            slot: slot)
            } catch {
                thrown = error
                return .response(HTTPResponse(recipeFailure: error, stub: slot.stub, what: "the stub's response template failed"))
            }
        case .held(let held):
            let ticket = JournalTicket()
            proxied = ticket
            return heldAnswer(held, slot: slot, request: request, ticket: ticket)
        case .fixture, .invalid:
            // Fixtures are read and invalid recipes refused before the server starts.
            return .response(HTTPResponse(status: 500, text: "Understudy: unresolved recipe for \(slot.stub)\n"))
        }
    }

    /// The answer a closure (a `.dynamic` recipe, a plug-in's named one)
    /// makes; a thrown error becomes the 500 that names it and the stub.
    /// `response` with the stub's extra headers; raw bytes when it has its own reason phrase.
    func sent(_ response: StubResponse, slot: StubSlot) -> Answer {
        let wire = HTTPResponse(response, extraHeaders: slot.stub.responseHeaders)
        if let stream = response.stream { return .stream(head: wire, body: StreamedBody(stream)) }
        if let reason = response.reason { return .raw(wire.rawBytes(reason: reason)) }
        return .response(wire)
    }

    private func made(
        by make: (MatchedRequest) throws -> StubResponse, slot: StubSlot, request: RecordedRequest,
        captures: [String: String], thrown: inout (any Error)?
    ) -> Answer {
        do {
            return sent(try make(MatchedRequest(request: request, captures: captures)), slot: slot)
        } catch {
            thrown = error
            return .response(HTTPResponse(recipeFailure: error, stub: slot.stub))
        }
    }

    /// Applies the stub's fault or delay to a ready reply; with the status
    /// the client will get (`nil` when it gets no status line).
    private func deliver(_ reply: Answer, for slot: StubSlot, paced: inout JournalTicket?) -> (Answer, Int?) {
        if let fault = slot.stub.fault {
            let broken = Self.apply(fault, to: reply)
            return (broken, broken.sentStatus)
        }
        let status = reply.sentStatus
        // A proxied answer comes later already; the upstream's time is its delay.
        if case .later = reply { return (reply, status) }
        switch slot.stub.delay ?? globalDelay.current {
        case nil:
            return (reply, status)
        case .fixed(let duration):
            return (reply.after(duration), status)
        case .random(let range):
            let fraction = random.withLock { Double.random(in: 0...1, using: &$0) }
            return (reply.after(range.lowerBound + (range.upperBound - range.lowerBound) * fraction), status)
        case .logNormal(let median, let sigma):
            let normal = random.withLock { generator in
                // Box-Muller: two uniform draws make one standard normal one.
                let u1 = Double.random(in: Double.ulpOfOne...1, using: &generator)
                let u2 = Double.random(in: 0...1, using: &generator)
                return (-2 * Foundation.log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            }
            return (reply.after(median * Foundation.exp(sigma * normal)), status)
        case .dribble(let chunks, let duration):
            guard let response = reply.response else { return (reply, status) }
            return (.stream(head: response, body: timed(.dribble(response.body, chunks: chunks, over: duration), by: &paced)), status)
        case .network(let conditions):
            // The headers after the latency, then the body paced at the link's rate (a stream keeps its own pace).
            guard let response = reply.response, conditions.bytesPerSecond != nil, !response.body.isEmpty else {
                return (reply.after(conditions.latency), status)
            }
            let body = timed(StreamedBody.dribble(response.body, chunks: conditions.pieces(for: response.body.count),
                                                  over: conditions.transfer(of: response.body.count)), by: &paced)
            return (Answer.stream(head: response, body: body).after(conditions.latency), status)
        }
    }

    /// `body`, timed in the journal entry `ticket` will number when its last
    /// piece went out (nothing when the client left first).
    private func timed(_ body: StreamedBody, by made: inout JournalTicket?) -> StreamedBody {
        var body = body
        let journal = self.journal
        let ticket = JournalTicket()
        made = ticket
        body.observer = StreamObserver(sent: { _ in }, ended: { clientLeft in
            if !clientLeft { journal.finished(ticket.sequence.load(ordering: .acquiring)) }
        })
        return body
    }

    static func apply(_ fault: Fault, to reply: Answer) -> Answer {
        switch fault {
        case .closeWithoutResponse:
            return .closeConnection
        case .truncatedBody(let bytes):
            guard let response = reply.response else { return .closeConnection }
            return .stream(head: response, body: .truncated(response.body, afterBytes: bytes))
        case .malformedChunk:
            return .raw(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5\r\nhello\r\nZZ-not-hex\r\nbroken\r\n".utf8))
        case .connectionReset:
            return .resetConnection
        case .garbageThenClose:
            return .raw(Array("\u{1}\u{2}\u{3}UNDERSTUDY-GARBAGE\u{7F}\r\n\u{0}\u{1}not http at all\r\n\r\n".utf8))
        }
    }
}

/// The journal number of a request answered over time (proxied, or
/// streamed), set once the request is journaled, read as the answer goes out.
final class JournalTicket: Sendable {
    let sequence = Atomic<Int>(0)
}

/// What a server tells its templates (``Engine/templating``).
package struct TemplateSetting: Sendable {
    /// `http` or `https`.
    package var scheme = "http"
    /// The port the server listens on.
    package var port = 80
    /// The clock `now` reads.
    package var now: @Sendable () -> Date = { Date() }
    /// The name `hostname` renders.
    package var hostname = ProcessInfo.processInfo.hostName
    /// The keys `systemValue` may read (case-insensitive regexes).
    package var permittedSystemKeys = ["wiremock.*"]

    package init() {}
}
