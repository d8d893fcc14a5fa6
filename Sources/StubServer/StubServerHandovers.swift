public import StubKit

// What the test takes over from the server: streams it feeds, WebSocket connections.
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
}
