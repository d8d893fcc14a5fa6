import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit

/// A data delegate that hands each piece a task receives, as it arrives, to
/// an async sequence, then the task's end: what a client reading a stream
/// with `URLSession` sees (on Linux there is no `bytes(for:)`; the delegate's
/// `didReceive` is the way).
public final class StreamedData: NSObject, URLSessionDataDelegate, Sendable {
    /// What the task got next.
    public enum Arrival: Sendable {
        /// A piece of the body.
        case piece(Data)
        /// The task ended; with its error's code when it failed.
        case end(URLError.Code?)
    }

    /// Each arrival, in order.
    public let arrivals: AsyncStream<Arrival>
    private let continuation: AsyncStream<Arrival>.Continuation

    /// A delegate with nothing received yet.
    override public init() {
        (arrivals, continuation) = AsyncStream.makeStream()
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.piece(data))
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.yield(.end(error.map { ($0 as? URLError)?.code ?? .unknown }))
        continuation.finish()
    }
}

/// Reads a `text/event-stream` from a ``StreamedData`` as it arrives.
public struct EventStreamArrivals {
    private var iterator: AsyncStream<StreamedData.Arrival>.Iterator
    private var reader = EventStreamReader()
    private var ready: [EventStreamReader.Dispatched] = []
    /// How the task ended, once it has: `.some(nil)` properly, else the error's code.
    public private(set) var ended: URLError.Code??

    /// Events read from `data`'s arrivals.
    public init(_ data: StreamedData) {
        iterator = data.arrivals.makeAsyncIterator()
    }

    /// The next event's data, or `nil` once the task ended without one.
    public mutating func next() async -> String? {
        while ready.isEmpty {
            guard ended == nil, let arrival = await iterator.next() else { return nil }
            switch arrival {
            case .piece(let data): ready += reader.read(data)
            case .end(let code): ended = .some(code)
            }
        }
        return ready.removeFirst().data
    }

    /// Waits for the task's end: `nil` when it ended properly, else its error's code.
    public mutating func end() async -> URLError.Code? {
        while ended == nil {
            guard let arrival = await iterator.next() else { return .unknown }
            if case .end(let code) = arrival { ended = .some(code) }
        }
        return ended ?? nil
    }
}
