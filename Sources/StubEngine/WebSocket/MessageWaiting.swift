public import Foundation
import Locking
public import StubKit

/// A message a WebSocket client sent, as `next(message:)` returns it: the
/// message, when it arrived, and the connection it came on.
public struct ReceivedMessage: Sendable, Hashable {
    /// The message.
    public var message: WebSocketMessage
    /// When it was read whole.
    public var at: Date
    /// The journal sequence number of the connection's handshake.
    public var sequence: Int
    /// The handshake request.
    public var request: RecordedRequest
}

/// Which received messages earlier `next(message:)` calls returned, by
/// connection and position, so each is returned once.
package final class MessageClaims: Sendable {
    private let claimed = Locked<Set<[Int]>>([])

    package init() {}

    /// The oldest received message on a connection `connection` accepts that
    /// `matcher` accepts and no earlier call took, now taken.
    func claim(_ matcher: WebSocketMessageMatcher, on connection: RequestPattern?, in entries: [JournalEntry]) -> ReceivedMessage? {
        claimed.withLock { claimed in
            for entry in entries {
                guard let log = entry.webSocket, connection.map({ $0.match(entry.request) != nil }) ?? true else { continue }
                for (index, message) in log.messages.enumerated() where message.direction == .received && matcher.accepts(message.message) {
                    guard claimed.insert([entry.sequence, index]).inserted else { continue }
                    return ReceivedMessage(message: message.message, at: message.at, sequence: entry.sequence, request: entry.request)
                }
            }
            return nil
        }
    }
}

extension Engine {
    /// The oldest WebSocket message a client sent that `matcher` accepts
    /// (on a connection whose handshake matches `connection`, when given)
    /// and no earlier call returned, or the first to arrive within `timeout`.
    /// Waits on the journal's changes; no thread waits.
    package func nextMessage(matching matcher: WebSocketMessageMatcher, on connection: RequestPattern?, timeout: Duration,
                             location: CodeLocation) async throws -> ReceivedMessage {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = journal.version
            if let found = messageClaims.claim(matcher, on: connection, in: journal.entries) { return found }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                throw MessageWaitTimeout(matcher: matcher, connection: connection, timeout: timeout,
                                         connections: journal.entries.filter { $0.webSocket != nil }, location: location)
            }
            await journal.waitForChange(after: seen, timeout: left)
            try Task.checkCancellation()
        }
    }
}

/// No WebSocket message a matcher accepts arrived in time; lists what each
/// connection received instead.
public struct MessageWaitTimeout: Error, Sendable, CustomStringConvertible {
    /// What was waited for.
    public var matcher: WebSocketMessageMatcher
    /// The connections it was waited for on, when narrowed.
    public var connection: RequestPattern?
    /// How long the wait lasted.
    public var timeout: Duration
    /// Every WebSocket connection the journal held when the wait gave up.
    public var connections: [JournalEntry]
    /// Where the wait was called.
    public var location: CodeLocation

    /// `location: ` and what arrived.
    public var description: String {
        let scope = connection.map { " on connections matching \($0)" } ?? ""
        var lines = ["\(location): no WebSocket message (\(matcher))\(scope) arrived within \(timeout)"]
        if connections.isEmpty { lines.append("  no WebSocket connection was opened") }
        for entry in connections {
            lines.append("  #\(entry.sequence) \(entry.request.method) \(entry.request.path):")
            let received = entry.webSocket?.received ?? []
            if received.isEmpty { lines.append("    (the client sent no message)") }
            for message in received { lines.append("    \(matcher.accepts(message) ? "✓ (taken before)" : "✗") \(message)") }
        }
        return lines.joined(separator: "\n")
    }
}
