/// A body sent over time: pieces, each after its own pause, then an end.
/// An event stream (`text/event-stream`) is one, built from
/// ``ServerSentEvent``s; so is a paced chunked body. Sent with no thread
/// waiting: the connection is suspended between pieces.
public struct ResponseStream: Sendable, Hashable {
    /// One piece: the pause before it, then its bytes (one chunk on the wire).
    public struct Piece: Sendable, Hashable {
        /// The pause before the piece.
        public var after: Duration
        /// The bytes.
        public var bytes: [UInt8]

        /// A piece of `bytes` sent `after` the one before (or the head).
        public init(after: Duration = .zero, bytes: [UInt8]) {
            self.after = after
            self.bytes = bytes
        }

        /// A piece carrying `event`.
        public init(after: Duration = .zero, event: ServerSentEvent) {
            self.init(after: after, bytes: event.encoded)
        }
    }

    /// What happens after the last piece.
    public enum End: Sendable, Hashable {
        /// The body ends properly (the chunked body's last chunk).
        case close
        /// The connection is closed mid-body: the client sees a body cut short.
        case cut
        /// The connection is reset (TCP RST) mid-body: the client sees the
        /// connection lost.
        case reset
        /// The stream stays open until the server stops; with a heartbeat,
        /// `heartbeat` bytes go out every `every` (which also notices a
        /// client that hung up).
        case keepOpen(heartbeat: ServerSentEvent? = nil, every: Duration = .seconds(15))
        /// After its pieces the stream stays open for the test to feed: the
        /// server's `nextStream(matching:)` hands it over as a live stream,
        /// which sends further pieces when the test says and ends the stream.
        /// It ends when the server stops, if the test did not end it.
        case fedByTest
    }

    /// The pieces, in order.
    public var pieces: [Piece]
    /// What happens after the last piece.
    public var end: End

    /// A stream of `pieces`, ending as `end` says.
    public init(pieces: [Piece], end: End = .close) {
        self.pieces = pieces
        self.end = end
    }

    /// `events`, each `every` after the one before (the first `every` after the head).
    public static func events(_ events: [ServerSentEvent], every pace: Duration = .zero, end: End = .close) -> ResponseStream {
        ResponseStream(pieces: events.map { Piece(after: pace, event: $0) }, end: end)
    }

    /// Every byte of the pieces, as a client that waits for the end reads them.
    public var bytes: [UInt8] { pieces.flatMap(\.bytes) }

    /// How long the pieces take, pauses added.
    public var duration: Duration { pieces.reduce(.zero) { $0 + $1.after } }
}

extension StubResponse {
    /// A `text/event-stream` answer (`Cache-Control: no-cache`): `events`,
    /// each `every` after the one before, ending as `end` says.
    ///
    /// ```swift
    /// Get("/feed").respond(.eventStream([.message("one", id: "1"), .message("two", id: "2")], every: .milliseconds(50)))
    /// Get("/feed").header("Last-Event-ID", "1").respond(.eventStream([.message("two", id: "2")]))
    /// ```
    public static func eventStream(_ events: [ServerSentEvent], every pace: Duration = .zero, end: ResponseStream.End = .close,
                                   status: Int = 200) -> StubResponse {
        stream(.events(events, every: pace, end: end), status: status,
               headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-cache"])
    }

    /// An answer whose body is `stream`: its pieces, each after its pause, chunked.
    public static func stream(_ stream: ResponseStream, status: Int = 200,
                              headers: HTTPHeaders = ["Content-Type": "application/octet-stream"]) -> StubResponse {
        var response = StubResponse(status: status, headers: headers)
        response.stream = stream
        return response
    }
}
