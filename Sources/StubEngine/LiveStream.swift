package import HTTPWire
public import StubKit

/// A streamed answer the test feeds: a stub answered with
/// `ResponseStream.End.fedByTest`, and the server's `nextStream(matching:)`
/// handed the open stream over. The test decides when each piece goes out
/// and when the stream ends, and sees when the client hangs up.
///
/// ```swift
/// let server = try await StubServer.start {
///     Get("/feed").respond(.eventStream([.message("hello")], end: .fedByTest))
/// }
/// // … the client under test opens /feed …
/// let stream = try await server.nextStream(matching: Get("/feed"))
/// stream.send(.message("one more"))
/// stream.finish()
/// ```
///
/// Every call is safe from any task or thread. What was sent is in the
/// journal entry's `stream` as it goes out.
public struct LiveStream: HandedOver {
    /// How the test ends a stream.
    public enum Ending: Sendable, Hashable {
        /// The body ends properly: the client sees the stream end.
        case close
        /// The connection is closed mid-body: the client sees a body cut short.
        case cut
        /// The connection is reset (TCP RST): the client sees the connection lost.
        case reset
    }

    /// How a stream was over.
    public enum Closing: Sendable, Hashable {
        /// Its end went out (the test ended it, or the server stopped).
        case ended
        /// The client went away first: it cancelled, or closed the connection.
        case clientHungUp
    }

    /// The request the stream answers.
    public let request: RecordedRequest
    /// The request's journal sequence number.
    public let sequence: Int
    let feed: StreamFeed

    package init(request: RecordedRequest, sequence: Int, feed: StreamFeed) {
        self.request = request
        self.sequence = sequence
        self.feed = feed
    }

    /// Sends `event` now; `false` (nothing sent) once the stream is over or ending.
    @discardableResult
    public func send(_ event: ServerSentEvent) -> Bool { feed.push(event.encoded) }

    /// Sends `events`, each as its own piece; `false` once the stream is over or ending.
    @discardableResult
    public func send(_ events: [ServerSentEvent]) -> Bool { events.allSatisfy { send($0) } }

    /// Sends `bytes` as one piece (one chunk on the wire); `false` once the stream is over or ending.
    @discardableResult
    public func send(bytes: some Sequence<UInt8>) -> Bool { feed.push(Array(bytes)) }

    /// Sends `text`'s UTF-8 as one piece; `false` once the stream is over or ending.
    @discardableResult
    public func send(text: String) -> Bool { feed.push(Array(text.utf8)) }

    /// Ends the stream after what was sent; later calls do nothing.
    public func finish(_ ending: Ending = .close) {
        switch ending {
        case .close: feed.end(.close)
        case .cut: feed.end(.cut)
        case .reset: feed.end(.reset)
        }
    }

    /// Whether the stream is over: its end went out, or the client left.
    public var isOver: Bool { feed.isClosed }

    /// Whether the client went away before the stream's end.
    public var clientHungUp: Bool { feed.clientLeft }

    /// Waits until the stream is over and says how: the client hung up, or
    /// its end went out. No thread waits.
    ///
    /// - Throws: ``LiveStreamStillOpen`` after `timeout`, at the caller's
    ///   source location; `CancellationError` when the task is cancelled.
    public func closing(
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Closing {
        let waited = WaitOnce<Bool>()
        feed.whenClosed { [feed] in waited.resolve(feed.clientLeft) }
        let outcome = await waited.value(within: timeout)
        try Task.checkCancellation()
        guard let clientLeft = outcome else {
            throw LiveStreamStillOpen(request: request, sequence: sequence, timeout: timeout,
                                      location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return clientLeft ? .clientHungUp : .ended
    }
}

/// A live stream was still open when a wait for its end timed out.
public struct LiveStreamStillOpen: Error, Sendable, CustomStringConvertible {
    /// The request the stream answers.
    public var request: RecordedRequest
    /// Its journal sequence number.
    public var sequence: Int
    /// How long the wait lasted.
    public var timeout: Duration
    /// Where the wait was called.
    public var location: CodeLocation

    /// `location: ` and what stayed open.
    public var description: String {
        "\(location): the stream answering #\(sequence) \(request.method) \(request.path) was still open after \(timeout): "
            + "the client did not hang up and the test did not finish it"
    }
}
