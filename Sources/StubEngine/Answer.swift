import Foundation
package import HTTPWire

/// What the engine answers one request with, for a transport to send: the
/// libmicrohttpd server turns it into the daemon's reply, an in-process
/// transport into a URL response. Delays and faults are values here, not
/// threads or sockets.
package enum Answer: Sendable {
    /// Send this response now.
    case response(HTTPResponse)
    /// Send a response built once and shared by every request that gets it.
    case prepared(PreparedAnswer)
    /// Send the status and headers of `head` (its body is ignored), then
    /// `body` piece by piece.
    case stream(head: HTTPResponse, body: StreamedBody)
    /// Write these bytes as they are, without HTTP framing, then close: a
    /// deliberately broken response.
    case raw([UInt8])
    /// Close the connection without sending anything.
    case closeConnection
    /// Reset the connection (TCP RST) without sending anything.
    case resetConnection
    /// Answer later, through the sink, from any thread; the transport holds
    /// the request meanwhile without a thread waiting.
    case later(@Sendable (AnswerSink) -> Void)
}

extension Answer {
    /// The status line's code the client gets, when it gets one: a raw
    /// answer's is read from its first line.
    package var sentStatus: Int? {
        switch self {
        case .response(let response): return response.status
        case .prepared(let prepared): return prepared.response.status
        case .stream(let head, _): return head.status
        case .raw(let bytes):
            let line = bytes.prefix(while: { $0 != UInt8(ascii: "\r") })
            let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
            return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
        case .closeConnection, .resetConnection, .later: return nil
        }
    }

    /// The full response when the answer carries one.
    package var response: HTTPResponse? {
        switch self {
        case .response(let response): return response
        case .prepared(let prepared): return prepared.response
        default: return nil
        }
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

    /// A sink that hands each answer to `deliver`.
    package init(_ deliver: @escaping @Sendable (Answer) -> Void) {
        self.deliver = deliver
    }

    /// Sends `answer` now. A nested ``Answer/later(_:)`` is the transport's
    /// to refuse (the libmicrohttpd server answers it with 500).
    package func send(_ answer: Answer) { deliver(answer) }

    /// Sends `answer` after `delay`, from a timer: no thread waits.
    package func send(_ answer: Answer, after delay: Duration) {
        let nanoseconds = Int(max(delay, .zero).nanoseconds)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { deliver(answer) }
    }
}

