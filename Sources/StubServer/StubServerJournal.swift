public import StubKit

extension StubServer {
    /// The journal as a value: every entry held (or those after `sequence`),
    /// with the capacity, evictions and redaction the assertions report.
    public func journalSnapshot(after sequence: Int? = nil) -> JournalSnapshot {
        journal.snapshot(after: sequence, redaction: redaction)
    }

    /// Waits for the next request matching `pattern` and returns it: the
    /// oldest one that arrived and that no earlier `next` call returned, or
    /// the first to arrive within `timeout`. For code that calls the server
    /// from a background task:
    ///
    /// ```swift
    /// analytics.flush()   // posts on its own task
    /// let event = try await server.next(matching: Post("/events"), timeout: .seconds(2))
    /// ```
    ///
    /// - Throws: ``RequestWaitTimeout``, listing what arrived instead, with
    ///   the caller's source location; `CancellationError` when the task is cancelled.
    public func next(
        matching pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> RecordedRequest {
        try await journal.next(matching: pattern.requestPattern, timeout: timeout, redaction: redaction,
                               location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
