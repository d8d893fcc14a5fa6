public import StubKit

/// An open WebSocket connection the test took over with the server's
/// `nextWebSocket(matching:)`: it sends messages, pings and closes from the
/// test, and awaits the client's messages. The stub's conversation keeps
/// running beside it; every message in and out is in the journal entry's
/// `webSocket` log.
///
/// ```swift
/// let socket = try await server.nextWebSocket(matching: Get("/chat"))
/// socket.send(.text("hello"))
/// let reply = try await socket.next()
/// socket.close(.normal)
/// ```
public struct LiveWebSocket: HandedOver {
    /// The handshake request.
    public var request: RecordedRequest { session.request }
    /// The handshake's journal sequence number.
    public var sequence: Int { session.sequence }
    /// The subprotocol agreed, if any.
    public var subprotocol: String? { session.subprotocol }
    let session: WebSocketSession

    init(session: WebSocketSession) {
        self.session = session
    }

    /// Sends `message`; `false` once a Close was sent or the connection is over.
    @discardableResult
    public func send(_ message: WebSocketMessage) -> Bool { session.send(message) }

    /// Sends a ping carrying `payload` (at most 125 bytes); the client answers with a pong.
    @discardableResult
    public func ping(_ payload: [UInt8] = []) -> Bool { session.ping(payload) }

    /// Starts the close handshake; the connection ends when the client
    /// answers with its Close (or two seconds later).
    public func close(_ close: WebSocketClose = .normal) { session.close(close) }

    /// Whether the connection is open.
    public var isOpen: Bool { session.isOpen }

    /// The client's oldest message the test has not taken yet, or the next
    /// to arrive within `timeout`. Every message counts, also those a rule
    /// of the stub answered.
    ///
    /// - Throws: ``WebSocketWaitFailure`` when none came in time or the
    ///   connection ended first, at the caller's source location.
    public func next(
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> WebSocketMessage {
        let waiter = session.nextMessage()
        let message = await waiter.value(within: timeout)
        session.forget(waiter)
        try Task.checkCancellation()
        guard let message else {
            throw WebSocketWaitFailure(request: request, sequence: sequence, timeout: timeout, over: !isOpen,
                                       location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return message
    }

    /// Waits until the connection is over and says how.
    ///
    /// - Throws: ``WebSocketWaitFailure`` when it is still open after `timeout`.
    public func closing(
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> WebSocketLog.Ending {
        let ending = await session.closing().value(within: timeout)
        try Task.checkCancellation()
        guard let ending else {
            throw WebSocketWaitFailure(request: request, sequence: sequence, timeout: timeout, over: false, stillOpen: true,
                                       location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return ending
    }
}

/// A wait on a live WebSocket ended without what it waited for: no message
/// in time, the connection over first, or (waiting for its end) still open.
public struct WebSocketWaitFailure: Error, Sendable, CustomStringConvertible {
    /// The handshake request of the connection.
    public var request: RecordedRequest
    /// Its journal sequence number.
    public var sequence: Int
    /// How long the wait lasted.
    public var timeout: Duration
    /// Whether the connection was over.
    public var over: Bool
    /// Whether the wait was for the end, and the connection stayed open.
    public var stillOpen = false
    /// Where the wait was called.
    public var location: CodeLocation

    /// `location: ` and what happened.
    public var description: String {
        let connection = "the WebSocket connection #\(sequence) on \(request.path)"
        if stillOpen { return "\(location): \(connection) was still open after \(timeout)" }
        if over { return "\(location): \(connection) ended before the client sent another message" }
        return "\(location): the client sent no message on \(connection) within \(timeout)"
    }
}
