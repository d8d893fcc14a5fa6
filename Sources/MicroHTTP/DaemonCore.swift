import Locking
import Dispatch
import Synchronization
internal import CMicroHTTPD

/// The object libmicrohttpd's callbacks reach through their `cls` pointer:
/// the handler, the limits, the counters and the set of suspended requests.
final class DaemonCore: Sendable {
    let handler: @Sendable (HTTPRequest) -> Reply
    let maxBodySize: Int
    let limits: RequestLimits
    /// What is left of a connection's memory for an answer's head.
    let headRoom: ResponseHeadRoom
    /// The per-request arrival deadline, when there is one.
    let arrival: ArrivalWatch?
    let connectionsAccepted = Atomic<Int>(0)
    let connectionsOpen = Atomic<Int>(0)
    let requestsStarted = Atomic<Int>(0)
    let requestsCompleted = Atomic<Int>(0)
    let suspensions = Atomic<Int>(0)
    let requestsRefused = Atomic<Int>(0)
    /// TLS answer heads held for a body that no record followed, sent on at
    /// completion (``TLSAnswerSegments``); its tests expect none.
    let headsSentAlone = Atomic<Int>(0)
    /// Whether new connections are accepted; cleared when ``Daemon/stop()`` begins.
    let accepting = Atomic<Bool>(true)
    /// Set when ``Daemon/stop()`` begins: from then on every answer is
    /// waited for (``answeringAtStop``) before libmicrohttpd stops.
    let stopping = Atomic<Bool>(false)
    /// Entered when a request line arrives, left when the request completes;
    /// ``Daemon/stop()`` waits on it to drain requests in flight.
    let inFlight = DispatchGroup()
    /// Entered while the access handler turns a request into an answer; stop
    /// waits on it so that no answer decided as stop began goes unseen.
    let handling = DispatchGroup()
    /// The requests answered since stop began (503s to suspended ones among
    /// them), until each is sent: stop waits on it before libmicrohttpd closes
    /// every connection, which would drop an answer queued but not yet sent.
    let answeringAtStop = DispatchGroup()
    /// The suspended requests and streams, one set per libmicrohttpd daemon
    /// (in the order of ``seats``): a server's loops suspend and resume their
    /// own connections without waiting on each other's lock.
    let suspensionSets: [Locked<Suspension>]
    /// The connections handed over after a 101, until each is closed.
    let upgradedSockets = Locked<[ObjectIdentifier: UpgradedSocket]>([:])
    /// Entered when a connection is handed over, left when it is closed: stop waits on it.
    let upgradedOpen = DispatchGroup()
    /// The connections whose 101 is queued but not yet handed over (libmicrohttpd
    /// sends the 101 before it calls the upgrade handler), by connection.
    let upgradesPending = Locked<Set<UInt>>([])
    /// How many ``upgradesPending`` holds, read without its lock.
    let upgradesPendingCount = Atomic<Int>(0)
    /// Entered when a 101 is queued, left when its connection is handed over or
    /// ends without: stop waits on it, so a client that saw its 101 hears the goodbye.
    let upgradesHandingOver = DispatchGroup()
    /// Where every upgraded connection's reads, writes and closes run, one at a time.
    let upgradedQueue = DispatchQueue(label: "understudy.upgraded-connections")

    struct Suspension {
        var stopping = false
        var waiting: [ObjectIdentifier: RequestContext] = [:]
        /// The hang-up watches of waiting requests (``HangUpWatch`` tokens).
        var hangUpWatches: [ObjectIdentifier: UInt64] = [:]
        var pausedStreams: [ObjectIdentifier: BodyStreamer] = [:]
        /// The paused streams held open with no due time.
        var heldStreams: Set<ObjectIdentifier> = []
        /// The streams waiting for their feed, by streamer.
        var feedWaits: [ObjectIdentifier: FeedWait] = [:]
    }

    /// Entered while a fed stream's connection is suspended, left once it is
    /// resumed: stop waits on it before libmicrohttpd stops.
    let waitingOnFeeds = DispatchGroup()

    /// Whether every request needs a verified client certificate (mutual TLS).
    let requiresClientCertificate: Bool

    /// A libmicrohttpd daemon run by a loop: its seat, and the daemon once started.
    final class Seating: Sendable {
        let seat: DaemonLoop.Seat
        /// The daemon's address, set once it has started and before it has a connection.
        let daemon = Atomic<UInt>(0)

        init(_ seat: DaemonLoop.Seat) { self.seat = seat }
    }

    /// The loops that run the server's libmicrohttpd daemons, one each;
    /// empty when libmicrohttpd runs its own threads.
    let seats: [Seating]

    init(handler: @escaping @Sendable (HTTPRequest) -> Reply, maxBodySize: Int, limits: RequestLimits, arrival: ArrivalWatch?,
         connectionMemoryLimit: Int, requiresClientCertificate: Bool = false, seats: [Seating] = []) {
        self.headRoom = ResponseHeadRoom(connectionMemoryLimit: connectionMemoryLimit)
        self.requiresClientCertificate = requiresClientCertificate
        self.seats = seats
        self.suspensionSets = (0..<max(seats.count, 1)).map { _ in Locked(Suspension()) }
        self.handler = handler
        self.maxBodySize = maxBodySize
        self.limits = limits
        self.arrival = arrival
    }

    /// The seat of the loop that runs `connection`'s daemon, when a loop runs it.
    func seat(of connection: OpaquePointer?) -> DaemonLoop.Seat? {
        seats.isEmpty ? nil : seats[place(of: connection)].seat
    }

    /// Where `connection`'s daemon is in ``seats`` and ``suspensionSets``.
    func place(of connection: OpaquePointer?) -> Int {
        guard seats.count > 1, let connection, let daemon = c_mhd_connection_daemon(connection) else { return 0 }
        let address = UInt(bitPattern: daemon)
        return seats.firstIndex { $0.daemon.load(ordering: .relaxed) == address } ?? 0
    }

    /// The suspended requests and streams of `connection`'s daemon.
    func suspension(of connection: OpaquePointer?) -> Locked<Suspension> { suspensionSets[place(of: connection)] }

    var requestsSuspended: Int {
        suspensionSets.reduce(0) { sum, set in sum + set.withLock { $0.waiting.count + $0.pausedStreams.count + $0.feedWaits.count } }
    }

    // MARK: Request lifetime

    /// Called from the URI log callback: the request line has arrived.
    func beginRequest(target: String, connection: OpaquePointer) -> UnsafeMutableRawPointer {
        requestsStarted.add(1, ordering: .relaxed)
        inFlight.enter()
        let peer = c_mhd_socket_context(connection).map { Unmanaged<ConnectionContext>.fromOpaque($0).takeUnretainedValue() }
        return Unmanaged.passRetained(RequestContext(target: target, connection: connection, peer: peer)).toOpaque()
    }

    /// Called from the completion callback: libmicrohttpd is done with the request.
    func endRequest(_ context: UnsafeMutableRawPointer) {
        let request = Unmanaged<RequestContext>.fromOpaque(context)
        request.takeUnretainedValue().peer?.responseFinished()
        if TLSAnswerSegments.settle(request.takeUnretainedValue()) { headsSentAlone.add(1, ordering: .relaxed) }
        let answeredAtStop = request.takeUnretainedValue().answeredAtStop
        upgradeSettled(request.takeUnretainedValue().connection)
        request.release()
        requestsCompleted.add(1, ordering: .relaxed)
        if answeredAtStop { answeringAtStop.leave() }
        inFlight.leave()
    }

    /// The access handler: gathers the body, then asks the handler for a reply.
    /// Never queues a response on the first call (that turns keep-alive off in
    /// 0.9.75), except to refuse an oversized body the client has not sent yet.
    func access(
        connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        if slot.pointee == nil {
            slot.pointee = beginRequest(target: "", connection: connection)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(slot.pointee!).takeUnretainedValue()
        switch context.phase {
        case .fresh:
            context.phase = .receiving
            if context.peer?.tlsSender != nil { context.answerHasNoBody = RequestLineWords.answerHasNoBody(method) }
            switch limits.verdict(target: context.target, connection: connection) {
            case .refused(let refusal): return refuse(refusal, context)
            case .accepted(let heldBytes): context.heldBytes = heldBytes
            }
            if requiresClientCertificate, let refusal = checkClientCertificate(context) {
                return refuse(refusal, context)
            }
            let declaredLength: Int?
            switch FramingCheck.verdict(connection) {
            case .refused(let refusal):
                return refuse(refusal, context)
            case .sound(let length):
                declaredLength = length
            }
            if let declared = declaredLength, declared > maxBodySize {
                context.bodyTooLarge = true
                if Self.expectsContinue(connection) {
                    return refuse(payloadTooLarge(declared), context)
                }
            }
            return .YES
        case .receiving:
            let size = uploadSize.pointee
            if size > 0 {
                receive(UnsafeRawBufferPointer(start: uploadData, count: size), into: context)
                uploadSize.pointee = 0
                return .YES
            }
            if context.bodyTooLarge {
                return refuse(payloadTooLarge(context.bodyBytesSeen), context)
            }
            context.peer?.requestArrived()
            if let refusal = decodeBody(context) {
                return refuse(refusal, context)
            }
            let request = makeRequest(context: context, method: method, version: version)
            context.body = []
            handling.enter()
            defer { handling.leave() }
            let result = dispatch(handler(request), context: context)
            if context.phase == .answered { noteAnswer(context) }
            return result
        case .suspended:
            guard let reply = takePending(context) else { return .YES }
            context.phase = .answered
            noteAnswer(context)
            return send(reply, context)
        case .answered:
            return .YES
        }
    }

    /// Answers with a refusal of the daemon's own and counts it.
    private func refuse(_ refusal: HTTPResponse, _ context: RequestContext) -> MHD_Result {
        requestsRefused.add(1, ordering: .relaxed)
        context.phase = .answered
        noteAnswer(context)
        TLSAnswerSegments.mark(refusal, context)
        return queue(refusal, on: context.connection)
    }

    /// An answer given once stop has begun is waited for until it is sent.
    /// Called before the answer is queued or while the handler that queues it
    /// is inside ``handling``, so stop cannot miss it.
    private func noteAnswer(_ context: RequestContext) {
        guard stopping.load(ordering: .acquiring), !context.answeredAtStop else { return }
        context.answeredAtStop = true
        answeringAtStop.enter()
    }

    private func receive(_ bytes: UnsafeRawBufferPointer, into context: RequestContext) {
        context.bodyBytesSeen += bytes.count
        guard !context.bodyTooLarge else { return }
        if context.body.count + bytes.count > maxBodySize {
            context.bodyTooLarge = true
            context.body = []
        } else {
            context.body.append(contentsOf: bytes)
        }
    }

    /// Answers a fresh request: a ``Reply/later(_:)`` suspends the
    /// connection, every other reply is sent at once.
    private func dispatch(_ reply: Reply, context: RequestContext) -> MHD_Result {
        guard case .later(let start) = reply else {
            context.phase = .answered
            return send(reply, context)
        }
        context.phase = .suspended
        guard suspend(context) else {
            context.phase = .answered
            return queue(HTTPResponse.serverStopped, on: context.connection)
        }
        start(Responder(core: self, context: context))
        return .YES
    }

    /// The one place a ``Reply`` becomes libmicrohttpd calls. A `.later`
    /// here (a responder deferring again) is answered with 500, and so is an
    /// answer whose head would not fit beside the request's (``ResponseHeadRoom``).
    private func send(_ reply: Reply, _ context: RequestContext) -> MHD_Result {
        let connection = context.connection
        if let refusal = headRoomRefusal(reply, context) {
            requestsRefused.add(1, ordering: .relaxed)
            TLSAnswerSegments.mark(refusal, context)
            return queue(refusal, on: connection)
        }
        switch reply {
        case .response(let response):
            TLSAnswerSegments.mark(response, context)
            return queue(response, on: connection)
        case .prepared(let prepared):
            TLSAnswerSegments.mark(prepared.response, context)
            return queue(prepared, on: connection)
        case .stream(let head, let body): return BodyStreamer.queue(head: head, body: body, core: self, connection: connection)
        case .upgrade(let head, let accept): return UpgradedSocket.queue(head: head, accept: accept, core: self, connection: connection)
        case .raw(let bytes): return sendRaw(bytes, on: connection)
        case .closeConnection: return .NO
        case .resetConnection:
            c_mhd_linger_zero(connection)
            return .NO
        case .later: return queue(Self.deferredAgainResponse, on: connection)
        }
    }

    /// The refusal `reply` becomes when its head does not fit in what the
    /// request left of the connection's memory, or `nil`.
    private func headRoomRefusal(_ reply: Reply, _ context: RequestContext) -> HTTPResponse? {
        let headers: [(name: String, value: String)]
        let bytes: Int
        switch reply {
        case .prepared(let prepared): headers = prepared.response.headers; bytes = prepared.headerBytes
        case .response(let head), .stream(let head, _), .upgrade(let head, _): headers = head.headers; bytes = ResponseHeadRoom.bytes(of: headers)
        case .raw, .closeConnection, .resetConnection, .later: return nil
        }
        return headRoom.refusal(headers: headers, headerBytes: bytes, heldBytes: context.heldBytes)
    }

    /// Writes bytes past libmicrohttpd, then has it close the connection.
    private func sendRaw(_ bytes: [UInt8], on connection: OpaquePointer) -> MHD_Result {
        _ = bytes.withUnsafeBytes { c_mhd_send_raw(connection, $0.baseAddress, $0.count) }
        return .NO
    }

    // MARK: Building values

    private func makeRequest(context: RequestContext, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>) -> HTTPRequest {
        var headers: [(name: String, value: String)] = []
        // Sized once (a walk of libmicrohttpd's list), not grown and copied field by field.
        headers.reserveCapacity(Int(MHD_get_connection_values(context.connection, .HEADER_KIND, nil, nil)))
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(context.connection, .HEADER_KIND, { cls, _, key, keySize, value, valueSize in
                let list = cls!.assumingMemoryBound(to: [(name: String, value: String)].self)
                list.pointee.append((
                    name: DaemonCore.string(key, keySize),
                    value: DaemonCore.string(value, valueSize)
                ))
                return .YES
            }, pointer)
        }
        let connectionContext = context.peer
        return HTTPRequest(
            method: RequestLineWords.method(method),
            target: context.target,
            version: RequestLineWords.version(version),
            headers: headers,
            body: context.body,
            remoteAddress: connectionContext?.remoteAddress ?? "",
            connectionID: connectionContext?.id ?? 0,
            clientCertificateSubject: context.clientCertificateSubject
        )
    }

    /// Mutual TLS: notes the verified client certificate's subject, or the 403 for a missing or unverified one.
    private func checkClientCertificate(_ context: RequestContext) -> HTTPResponse? {
        var subject = [CChar](repeating: 0, count: 1024)
        let verdict = c_mhd_client_certificate(context.connection, &subject, subject.count)
        let text = String(decoding: subject.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if verdict == 1 {
            context.clientCertificateSubject = text
            return nil
        }
        let reason = verdict == 0 ? "this server requires a client certificate, and the connection presented none"
            : "the client certificate (\(text.isEmpty ? "no subject" : text)) does not chain to a CA this server trusts"
        return HTTPResponse(status: 403, headers: [("Content-Type", "application/json")],
                            text: #"{"error":"client certificate refused","reason":"\#(String(reason.map { $0 == "\"" ? "'" : $0 }))"}"# + "\n")
    }

    fileprivate static func string(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let pointer, count > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static func expectsContinue(_ connection: OpaquePointer) -> Bool {
        MHD_lookup_connection_value(connection, .HEADER_KIND, "Expect")
            .map { String(cString: $0).trimmingSpaces.caseInsensitiveEquals("100-continue") } ?? false
    }

    private func payloadTooLarge(_ size: Int) -> HTTPResponse {
        HTTPResponse(
            status: 413,
            headers: [("Content-Type", "text/plain; charset=utf-8")],
            text: "413 Payload Too Large: the request body (\(size) bytes) exceeds this server's limit of \(maxBodySize) bytes.\n"
        )
    }

    /// The answer when a ``Responder`` is given another ``Reply/later(_:)``.
    static let deferredAgainResponse = HTTPResponse(status: 500, text: "a Responder cannot defer again\n")
}

extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return self[first...last]
    }
}

extension Substring {
    func caseInsensitiveEquals(_ other: String) -> Bool { String(self).caseInsensitiveEquals(other) }
}
