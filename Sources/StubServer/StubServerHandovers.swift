public import StubKit

// What the test takes over from the server: held calls, streams it feeds, WebSocket connections.
extension StubServer {
    /// Waits for the next stream a stub opened for the test to feed
    /// (`ResponseStream.End.fedByTest`) whose request matches `pattern`, and
    /// hands it over: the oldest one not handed over yet, or the first to
    /// open within `timeout`. The test then sends each piece and ends it:
    ///
    /// ```swift
    /// let stream = try await server.nextStream(matching: Post("/v1/chat/completions"))
    /// stream.send(.message("Hel"))
    /// stream.send(.message("lo"))
    /// stream.finish()
    /// ```
    ///
    /// - Throws: ``HandoverTimeout``, naming the requests that arrived
    ///   instead, at the caller's source location; `CancellationError` when
    ///   the task is cancelled.
    public func nextStream(
        matching pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> LiveStream {
        try await engine.nextStream(matching: pattern.requestPattern, timeout: timeout,
                                    location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next request a held stub (`Stub.held()`) keeps
    /// waiting whose request matches `pattern`, and hands it over: the
    /// oldest one not handed over yet, or the first to arrive within
    /// `timeout`. The test answers it when it chooses, fails it, or lets the
    /// client give up:
    ///
    /// ```swift
    /// let call = try await server.intercept(Get("/search"))
    /// #expect(model.isLoading)
    /// call.respond(.json(#"{"results": []}"#))
    /// ```
    ///
    /// - Throws: ``HandoverTimeout``, naming the requests that arrived
    ///   instead and why none was held, at the caller's source location;
    ///   `CancellationError` when the task is cancelled.
    public func intercept(
        _ pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> HeldCall {
        try await engine.nextHeldCall(matching: pattern.requestPattern, timeout: timeout,
                                      location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next WebSocket connection whose handshake matches
    /// `pattern`, and hands it over: the oldest one not handed over yet, or
    /// the first to open within `timeout`. The stub's conversation keeps
    /// running; the test sends, pings, closes and awaits the client's messages:
    ///
    /// ```swift
    /// let socket = try await server.nextWebSocket(matching: Get("/chat"))
    /// socket.send(.text("hello"))
    /// #expect(try await socket.next() == .text("hi"))
    /// ```
    ///
    /// - Throws: ``HandoverTimeout``, naming the requests that arrived
    ///   instead, at the caller's source location; `CancellationError` when
    ///   the task is cancelled.
    public func nextWebSocket(
        matching pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> LiveWebSocket {
        try await engine.nextWebSocket(matching: pattern.requestPattern, timeout: timeout,
                                       location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next WebSocket message a client sent that `matcher`
    /// accepts, on any connection (or those whose handshake matches
    /// `connection`): the oldest that no earlier call returned, or the first
    /// to arrive within `timeout`. For code that talks over a socket on its own task:
    ///
    /// ```swift
    /// chat.join("prices")   // sends a subscribe message on its own task
    /// let subscribe = try await server.next(message: .jsonPath("type", equals: "subscribe"))
    /// ```
    ///
    /// - Throws: ``MessageWaitTimeout``, listing what each connection
    ///   received, at the caller's source location.
    public func next(
        message matcher: WebSocketMessageMatcher,
        on connection: (any RequestPatternConvertible)? = nil,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> ReceivedMessage {
        try await engine.nextMessage(matching: matcher, on: connection?.requestPattern, timeout: timeout,
                                     location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
