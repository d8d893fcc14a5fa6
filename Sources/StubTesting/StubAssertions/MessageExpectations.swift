import Foundation
public import StubKit
public import StubRemote

extension JournalExpectations {
    /// WebSocket messages the clients sent (on connections whose handshake
    /// matches `connection`, when given) that `matcher` accepts, `count` of them.
    package static func receivedMessages(_ matcher: WebSocketMessageMatcher, _ count: ExpectedCount, on connection: RequestPattern?,
                                         in journal: JournalSnapshot) -> String? {
        let connections = journal.entries.filter { entry in
            entry.webSocket != nil && connection.map { $0.match(entry.request) != nil } ?? true
        }
        let received = connections.flatMap { $0.webSocket?.received ?? [] }
        let found = received.filter(matcher.accepts).count
        guard !count.accepts(found) else { return nil }
        let scope = connection.map { " on connections matching \($0.detailedDescription)" } ?? ""
        let expected = count.description.replacingOccurrences(of: "request", with: "WebSocket message")
        var lines = ["Expected \(expected) (\(matcher))\(scope); received \(found)."]
        if connections.isEmpty { lines.append("No WebSocket connection\(scope) was opened.") }
        for entry in connections {
            lines.append("#\(entry.sequence) \(entry.request.method) \(journal.redaction.target(entry.request.target)):")
            let messages = entry.webSocket?.received ?? []
            if messages.isEmpty { lines.append("  (the client sent no message)") }
            for message in messages { lines.append("  \(matcher.accepts(message) ? "✓" : "✗") \(message)") }
        }
        return lines.joined(separator: "\n")
    }
}

extension JournalHolding {
    /// Expects the WebSocket clients to have sent `count` messages that
    /// `matcher` accepts (at least one by default), on connections whose
    /// handshake matches `connection` when given; on failure, lists every
    /// message each connection received, marked.
    ///
    /// ```swift
    /// server.expectReceived(message: .jsonPath("type", equals: "subscribe"), .once, on: Get("/chat"))
    /// ```
    @discardableResult
    public func expectReceived(
        message matcher: WebSocketMessageMatcher,
        _ count: ExpectedCount = .atLeast(1),
        on connection: (any RequestPatternConvertible)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let scope = connection?.requestPattern
        return check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.receivedMessages(matcher, count, on: scope, in: $0)
        }
    }
}

extension RemoteStubServer {
    /// `JournalHolding.expectReceived(message:)` on the remote journal: the
    /// WebSocket clients sent `count` messages `matcher` accepts (at least one
    /// by default), on connections matching `connection` when given; read with one admin call.
    @discardableResult
    public func expectReceived(
        message matcher: WebSocketMessageMatcher,
        _ count: ExpectedCount = .atLeast(1),
        on connection: (any RequestPatternConvertible)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let scope = connection?.requestPattern
        return await check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.receivedMessages(matcher, count, on: scope, in: $0)
        }
    }
}
