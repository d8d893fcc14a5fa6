import Locking
import HTTPWire
public import StubKit

/// Routes a server answers before any stub, under one path prefix, without
/// recording them in the journal: the admin API (`/__admin`), say.
///
/// The handler gets each request under ``prefix`` and answers through
/// `reply`, now or later (a long poll). A reply given before the handler
/// returns goes out on the request's own turn; a later one resumes the
/// suspended connection, which holds no thread while it waits.
public struct FrontDoor: Sendable {
    /// The path prefix this door answers (`/__admin`); `/__admin` itself and
    /// everything under `/__admin/`.
    public var prefix: String
    /// Answers one request, calling `reply` exactly once, from any thread.
    public var handle: @Sendable (_ request: RecordedRequest, _ reply: @escaping @Sendable (StubResponse) -> Void) -> Void

    /// Creates a door for `prefix`.
    public init(prefix: String, handle: @escaping @Sendable (RecordedRequest, @escaping @Sendable (StubResponse) -> Void) -> Void) {
        self.prefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        self.handle = handle
    }

    /// Whether `path` is this door's.
    public func opens(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }
}

/// One front-door answer on its way: a handler that replies at once is
/// answered on the request's own turn (no suspend and resume of the
/// connection); one that replies later is handed the connection's responder.
final class FrontDoorAnswer: Sendable {
    private enum State {
        case waiting
        case answered(StubResponse)
        case handed(@Sendable (StubResponse) -> Void)
        case done
    }
    private let state = Locked(State.waiting)

    /// `door`'s answer to `request`: sent on the request's own turn when the
    /// handler replies before returning, else when it replies.
    static func answer(_ request: RecordedRequest, at door: FrontDoor) -> Answer {
        let answer = FrontDoorAnswer()
        door.handle(request) { answer.deliver($0) }
        if let now = answer.immediate() { return .response(HTTPResponse(now)) }
        return .later { sink in answer.hand { sink.send(.response(HTTPResponse($0))) } }
    }

    /// The handler's reply: kept when nothing waits yet, else sent.
    func deliver(_ response: StubResponse) {
        let send = state.withLock { state -> (@Sendable (StubResponse) -> Void)? in
            switch state {
            case .waiting: state = .answered(response); return nil
            case .handed(let send): state = .done; return send
            case .answered, .done: return nil // a second reply is ignored
            }
        }
        send?(response)
    }

    /// The reply, when the handler gave it before returning.
    func immediate() -> StubResponse? {
        state.withLock { state in
            guard case .answered(let response) = state else { return nil }
            state = .done
            return response
        }
    }

    /// Sends the reply through `send` now if it came meanwhile, else when it comes.
    func hand(_ send: @escaping @Sendable (StubResponse) -> Void) {
        let ready = state.withLock { state -> StubResponse? in
            if case .answered(let response) = state { state = .done; return response }
            state = .handed(send)
            return nil
        }
        if let ready { send(ready) }
    }
}
