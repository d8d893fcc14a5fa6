import Foundation
package import HTTPWire

/// What the engine answers one request with, for a transport to send: the
/// libmicrohttpd server turns it into the daemon's reply, an in-process
/// transport into a URL response. Delays and faults are values here, not
/// threads or sockets: a ``WireReply`` whose prepared responses are
/// ``PreparedAnswer``s and whose later answers go to an ``AnswerSink``.
package typealias Answer = WireReply<PreparedAnswer, AnswerSink>

extension WireReply where Prepared == PreparedAnswer, Sink == AnswerSink {
    /// The 101's head of an upgrade (a WebSocket handshake accepted), else `nil`.
    var upgradeHead: HTTPResponse? {
        if case .upgrade(let head, _) = self { return head }
        return nil
    }

    /// `self`, sent after `delay` from a timer: no thread waits.
    package func after(_ delay: Duration) -> Answer {
        .later { $0.send(self, after: delay) }
    }
}

/// What takes a later answer as an object rather than two closures: a
/// transport's held request (the daemon's `Responder`), or a wrapper of
/// another sink. A sink made from one holds no closure context, so a
/// deferred answer (a proxied request's, say) allocates nothing for it.
package protocol AnswerReceiver: Sendable {
    /// Takes `answer`; a transport ignores every call after the first.
    func receive(_ answer: Answer)
    /// Registers what runs, once, when the client gives up first.
    func onHangUp(_ handler: @escaping @Sendable () -> Void)
}

/// Where a ``Answer/later(_:)`` answer goes once it is ready: the transport's
/// held request. Call ``send(_:)`` once; a transport ignores later calls.
package struct AnswerSink: Sendable {
    private enum Target: Sendable {
        case closures(deliver: @Sendable (Answer) -> Void, watchHangUp: @Sendable (@escaping @Sendable () -> Void) -> Void)
        case receiver(any AnswerReceiver)
    }

    private let target: Target

    /// A sink that hands each answer to `deliver`; `onHangUp` registers what
    /// runs, once, when the client gives up first (a transport that cannot
    /// tell never calls it).
    package init(_ deliver: @escaping @Sendable (Answer) -> Void,
                 onHangUp: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { _ in }) {
        target = .closures(deliver: deliver, watchHangUp: onHangUp)
    }

    /// A sink that hands each answer to `receiver`.
    package init(_ receiver: any AnswerReceiver) {
        target = .receiver(receiver)
    }

    /// Runs `handler` once if the client gives up (cancels its task, closes
    /// its connection) before an answer is sent; the request then ends
    /// without one and later sends do nothing.
    package func onHangUp(_ handler: @escaping @Sendable () -> Void) {
        switch target {
        case .closures(_, let watchHangUp): watchHangUp(handler)
        case .receiver(let receiver): receiver.onHangUp(handler)
        }
    }

    /// Sends `answer` now. A nested ``Answer/later(_:)`` is the transport's
    /// to refuse (the libmicrohttpd server answers it with 500).
    package func send(_ answer: Answer) {
        switch target {
        case .closures(let deliver, _): deliver(answer)
        case .receiver(let receiver): receiver.receive(answer)
        }
    }

    /// Sends `answer` after `delay`, from a timer: no thread waits.
    package func send(_ answer: Answer, after delay: Duration) {
        let sink = self
        Timers.after(delay) { sink.send(answer) }
    }
}

