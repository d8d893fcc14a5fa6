/// A body sent in pieces: paced over time (a slow network), and optionally cut
/// short (a connection that drops mid-body).
public struct StreamedBody: Sendable {
    /// The pieces, in order.
    public var chunks: [[UInt8]]
    /// The pause before each piece. Pauses suspend the connection; no thread waits.
    public var pause: Duration
    /// The `Content-Length` to announce, or `nil` for chunked transfer encoding.
    public var declaredLength: Int?
    /// Close the connection after the last piece instead of ending the body properly.
    public var abortAfterLastChunk: Bool
    /// With ``abortAfterLastChunk``: reset the connection (TCP RST) instead of closing it.
    public var abortByReset = false
    /// The pause before each piece, one per piece; `nil`: ``pause`` before every piece.
    public var pauses: [Duration]?
    /// After the last piece, keep the connection open (until the server
    /// stops); `heartbeat` bytes, when given, go out every `every`.
    public var holdOpen: (heartbeat: [UInt8]?, every: Duration)?
    /// After the last piece, the pieces pushed to this feed as they come,
    /// until it ends or the client goes away (a stream the test feeds).
    public var feed: StreamFeed?
    /// Told each piece as it goes out, and how the body ended.
    public var observer: StreamObserver?

    /// Creates a streamed body.
    public init(chunks: [[UInt8]], pause: Duration = .zero, declaredLength: Int? = nil, abortAfterLastChunk: Bool = false) {
        self.chunks = chunks
        self.pause = pause
        self.declaredLength = declaredLength
        self.abortAfterLastChunk = abortAfterLastChunk
    }

    /// The pause before piece `index`.
    public func pause(before index: Int) -> Duration {
        guard let pauses else { return pause }
        return index < pauses.count ? pauses[index] : .zero
    }

    /// `body` in `count` near-equal pieces with `duration` spread evenly before them.
    public static func dribble(_ body: [UInt8], chunks count: Int, over duration: Duration) -> StreamedBody {
        let count = max(1, min(count, max(body.count, 1)))
        let size = (body.count + count - 1) / count
        let chunks = stride(from: 0, to: max(body.count, 1), by: max(size, 1)).map { Array(body[$0..<min($0 + size, body.count)]) }
        return StreamedBody(chunks: chunks, pause: duration / count, declaredLength: body.count)
    }

    /// Announces `body.count` bytes, sends the first `bytes`, then closes.
    public static func truncated(_ body: [UInt8], afterBytes bytes: Int) -> StreamedBody {
        StreamedBody(chunks: [Array(body.prefix(max(0, bytes)))], declaredLength: body.count, abortAfterLastChunk: true)
    }
}

/// What a transport tells about a streamed body while it goes out: each
/// piece handed to the connection, then how the body ended.
public struct StreamObserver: Sendable {
    /// Called with each piece once it is handed to the connection, in order.
    public var sent: @Sendable ([UInt8]) -> Void
    /// Called once: `clientLeft` when the client went away before the end.
    public var ended: @Sendable (_ clientLeft: Bool) -> Void

    /// An observer calling `sent` per piece and `ended` at the end.
    public init(sent: @escaping @Sendable ([UInt8]) -> Void, ended: @escaping @Sendable (_ clientLeft: Bool) -> Void) {
        self.sent = sent
        self.ended = ended
    }
}
