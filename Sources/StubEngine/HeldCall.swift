public import Foundation
import Locking
public import StubKit

/// A request a held stub (`HeldAnswer`) keeps waiting, handed to the test
/// by the server's `intercept(_:)`: the test answers it when it chooses,
/// fails it with a fault, or lets the client give up, and sees when it did.
///
/// ```swift
/// let call = try await server.intercept(Get("/search"))
/// #expect(model.isLoading)
/// call.respond(.json(#"{"results": []}"#))
/// ```
///
/// Nothing holds a thread while it waits. Every call is safe from any task
/// or thread; the first answer wins. The journal entry (``sequence``) gets
/// the status when the test answers, and `JournalEntry.abandonedAt` when
/// the client gives up first.
public struct HeldCall: HandedOver {
    /// The request held.
    public let request: RecordedRequest
    /// The request's journal sequence number.
    public let sequence: Int
    let line: HeldLine

    init(request: RecordedRequest, sequence: Int, line: HeldLine) {
        self.request = request
        self.sequence = sequence
        self.line = line
    }

    /// Answers with `response` now; `false` (nothing sent) when the call is
    /// over: answered already, given up by its client, timed out, or its
    /// server stopped.
    @discardableResult
    public func respond(_ response: StubResponse) -> Bool { line.settle(.response(response)) }

    /// Answers with a broken response (a reset, a close, a truncated body
    /// of `response`); `false` when the call is over.
    @discardableResult
    public func fail(_ fault: Fault, response: StubResponse = StubResponse()) -> Bool { line.settle(.fault(fault, response)) }

    /// Whether the call is over: answered, given up by its client, or timed out.
    public var isOver: Bool { line.isOver }

    /// When the client gave up (cancelled its task, closed its connection),
    /// if it did before an answer was sent.
    public var cancelledAt: Date? { line.cancelledAt }

    /// Waits until the client gives up on the call and returns when it did.
    /// No thread waits.
    ///
    /// - Throws: ``HeldCallNotCancelled`` when the call was answered first,
    ///   or after `timeout`, at the caller's source location;
    ///   `CancellationError` when the task is cancelled.
    @discardableResult
    public func cancelled(
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Date {
        let waited = WaitOnce<HeldEnding>()
        self.line.whenEnded { waited.resolve($0) }
        let outcome = await waited.value(within: timeout)
        try Task.checkCancellation()
        if case .cancelled(let date) = outcome { return date }
        throw HeldCallNotCancelled(request: request, sequence: sequence, timeout: timeout, answered: outcome != nil,
                                   location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// A held call was answered, or still waiting, when the test waited for its client to give up.
public struct HeldCallNotCancelled: Error, Sendable, CustomStringConvertible {
    /// The request held.
    public var request: RecordedRequest
    /// Its journal sequence number.
    public var sequence: Int
    /// How long the wait lasted.
    public var timeout: Duration
    /// Whether it was answered (by the test, or by its timeout) instead.
    public var answered: Bool
    /// Where the wait was called.
    public var location: CodeLocation

    /// `location: ` and what happened instead.
    public var description: String {
        "\(location): the client did not give up on held call #\(sequence) \(request.method) \(request.path): "
            + (answered ? "it was answered first" : "it was still waiting after \(timeout)")
    }
}

/// How a held call ended.
enum HeldEnding: Sendable, Equatable {
    case answered
    case cancelled(Date)
}

/// The state of one held call, shared by the test's ``HeldCall`` and the
/// transport's hang-up watch: the first of an answer, a timeout and the
/// client giving up settles it.
final class HeldLine: Sendable {
    enum Settlement: Sendable {
        case response(StubResponse)
        case fault(Fault, StubResponse)
    }

    private struct State {
        var ending: HeldEnding?
        /// Whether the ending's effect is done and its observers told.
        var told = false
        var observers: [@Sendable (HeldEnding) -> Void] = []
    }

    private let send: @Sendable (Settlement) -> Void
    private let gaveUp: @Sendable (Date) -> Void
    private let state = Locked(State())

    /// `send` answers the request; `gaveUp` notes a client that left first.
    init(send: @escaping @Sendable (Settlement) -> Void, gaveUp: @escaping @Sendable (Date) -> Void) {
        self.send = send
        self.gaveUp = gaveUp
    }

    var isOver: Bool { state.withLock { $0.ending != nil } }

    var cancelledAt: Date? {
        state.withLock { state in
            if case .cancelled(let date) = state.ending { return date }
            return nil
        }
    }

    /// Runs `observer` once the call ends (at once when it has).
    func whenEnded(_ observer: @escaping @Sendable (HeldEnding) -> Void) {
        let ended = state.withLock { state -> HeldEnding? in
            guard state.told else {
                state.observers.append(observer)
                return nil
            }
            return state.ending
        }
        if let ended { observer(ended) }
    }

    /// Answers the call unless it ended; `false` when it had.
    func settle(_ settlement: Settlement) -> Bool {
        end(.answered) { self.send(settlement) }
    }

    /// The client left before an answer: noted unless the call ended.
    func clientGaveUp(at date: Date = Date()) {
        end(.cancelled(date)) { self.gaveUp(date) }
    }

    /// Ends the call unless it ended: runs `effect` (the answer sent, the
    /// journal marked), then tells the observers, so a test that hears of
    /// the end finds its effect done. `false` when it had ended.
    @discardableResult
    private func end(_ ending: HeldEnding, effect: () -> Void) -> Bool {
        let won = state.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            state.ending = ending
            return true
        }
        guard won else { return false }
        effect()
        let observers = state.withLock { state in
            state.told = true
            defer { state.observers = [] }
            return state.observers
        }
        for observer in observers { observer(ending) }
        return true
    }
}
