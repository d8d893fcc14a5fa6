public import Foundation

/// One request a server received and what it did with it: the journal's one
/// entry type, whether the journal is this process's (`StubServer.journal`)
/// or another's (`RemoteStubServer.journal()`, decoded from the admin API).
///
/// The admin API's JSON, WireMock's logged-request form, the request-log page
/// and the command line's log are renderings of it. A local entry also holds
/// the ``stub`` that answered and, while the server keeps them, the response
/// it ``served``; neither travels to another process.
public struct JournalEntry: Sendable, Codable {
    /// What the server matched the request to.
    public enum Outcome: String, Sendable, Codable {
        /// A stub answered (its guard may have answered for it).
        case matched
        /// No stub matched; the server answered 404 with its report.
        case unmatched
        /// A CORS preflight the server's ``CORSPolicy`` answered before any stub.
        case preflight
    }

    /// 1 for the first request the server recorded, counting on across evictions and resets.
    public var sequence: Int
    /// The request as it arrived.
    public var request: RecordedRequest
    /// What it matched.
    public var outcome: Outcome
    /// The id of the stub that answered.
    public var stubID: String?
    /// Where that stub was declared.
    public var declared: CodeLocation?
    /// The status the server sent (a guard's 401, a stub's 200, the 404 of
    /// an unmatched request); `nil` when it sent no HTTP status line (a fault
    /// that closes the connection or sends garbage).
    public var status: Int?
    /// For an unmatched request, the server's report (the closest stubs,
    /// each condition marked), secrets masked; filled in by the admin API.
    public var report: String?
    /// The stub that answered, when this process holds it (a local server's
    /// entry); `nil` for an unmatched request and for a remote entry.
    public var stub: Stub?
    /// The response the stub made for this request, before compression, delay
    /// or fault; kept only while the server keeps served responses (a test
    /// recording a pact turns that on). Local only.
    public var served: StubResponse?
    /// Whether the client gave up before the answer was sent: it cancelled
    /// its task while a delay or a held answer kept it waiting. The answer
    /// it would have got is not sent. Local only (an in-process server marks it).
    public var abandoned = false
    /// How long the answer took to send: from the request's arrival to the
    /// answer handed to the connection whole (a delayed or held answer when it
    /// went out, a stream at its end); `nil` while it is still being answered,
    /// and for a request its client gave up on.
    public var duration: Duration? {
        get { durationMilliseconds.map { .nanoseconds(Int64(($0 * 1_000_000).rounded())) } }
        set {
            durationMilliseconds = newValue.map { Double($0.components.seconds) * 1000 + Double($0.components.attoseconds) / 1e15 }
        }
    }
    /// ``duration`` in milliseconds, as the admin API's JSON carries it (`durationMs`).
    private var durationMilliseconds: Double?
    /// When the client gave up (``abandoned``), where the transport can tell:
    /// in process, a cancelled task; over the socket, a held request whose
    /// connection was closed.
    public var abandonedAt: Date?
    /// For a streamed answer, the pieces sent so far and how it ended.
    /// Local only.
    public var stream: StreamLog?
    /// For a WebSocket connection, its messages so far and how it ended.
    public var webSocket: WebSocketLog?

    private enum CodingKeys: String, CodingKey {
        case sequence, request, outcome, stubID, declared, status, report, stream, webSocket, abandonedAt
        case durationMilliseconds = "durationMs"
    }

    /// Creates an entry as another process reports it: the stub named by id
    /// and declaration site.
    public init(
        sequence: Int, request: RecordedRequest, outcome: Outcome,
        stubID: String? = nil, declared: CodeLocation? = nil, status: Int? = nil, report: String? = nil
    ) {
        self.sequence = sequence
        self.request = request
        self.outcome = outcome
        self.stubID = stubID
        self.declared = declared
        self.status = status
        self.report = report
    }

    /// Creates an entry for a request `stub` answered, or (`nil`) no stub
    /// matched, as a local journal records it.
    public init(sequence: Int, request: RecordedRequest, answeredBy stub: Stub?, status: Int? = nil, served: StubResponse? = nil) {
        self.init(sequence: sequence, request: request, outcome: stub == nil ? .unmatched : .matched,
                  stubID: stub?.id.rawValue, declared: stub?.location, status: status)
        self.stub = stub
        self.served = served
    }

    /// Whether a stub answered the request.
    public var isMatched: Bool { outcome == .matched }

    /// Whether no stub matched and the server answered with its 404 report.
    public var isUnmatched: Bool { outcome == .unmatched }

    /// The entry itself: it is the value other processes read.
    @available(*, deprecated, message: "a JournalEntry is already the snapshot's entry; use it as it is")
    public var snapshot: JournalEntry { self }
}
