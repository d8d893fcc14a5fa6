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

/// Where a ``Answer/later(_:)`` answer goes once it is ready: the transport's
/// held request. Call ``send(_:)`` once; a transport ignores later calls.
package struct AnswerSink: Sendable {
    private let deliver: @Sendable (Answer) -> Void
    private let watchHangUp: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A sink that hands each answer to `deliver`; `onHangUp` registers what
    /// runs, once, when the client gives up first (a transport that cannot
    /// tell never calls it).
    package init(_ deliver: @escaping @Sendable (Answer) -> Void,
                 onHangUp: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { _ in }) {
        self.deliver = deliver
        self.watchHangUp = onHangUp
    }

    /// Runs `handler` once if the client gives up (cancels its task, closes
    /// its connection) before an answer is sent; the request then ends
    /// without one and later sends do nothing.
    package func onHangUp(_ handler: @escaping @Sendable () -> Void) { watchHangUp(handler) }

    /// Sends `answer` now. A nested ``Answer/later(_:)`` is the transport's
    /// to refuse (the libmicrohttpd server answers it with 500).
    package func send(_ answer: Answer) { deliver(answer) }

    /// Sends `answer` after `delay`, from a timer: no thread waits.
    package func send(_ answer: Answer, after delay: Duration) {
        let deliver = self.deliver
        Timers.after(delay) { deliver(answer) }
    }
}

