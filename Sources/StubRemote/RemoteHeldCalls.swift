public import Foundation
public import StubKit
import StubSpec

/// A held call taken from a server in another process through its admin
/// API (`understudy serve` with a held stub, driven from an iOS UI test):
/// answer it when the test chooses, fail it, or wait for its client to give
/// up, as a local server's `HeldCall` does.
///
/// ```swift
/// let call = try await remote.intercept(Get("/search"))
/// // the app shows its loading state now
/// try await call.respond(.json(#"{"results": []}"#))
/// ```
public struct RemoteHeldCall: Sendable {
    /// The request held.
    public let request: RecordedRequest
    /// The request's journal sequence number on the server.
    public let sequence: Int
    let server: RemoteStubServer

    /// Answers with `response`; `false` when the call was over (answered,
    /// given up by its client, timed out).
    ///
    /// - Throws: `StubNotPortable` for a response a spec file cannot carry;
    ///   ``RemoteAdminError`` when the server refuses it.
    @discardableResult
    public func respond(
        _ response: StubResponse,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Bool {
        let body = try SpecWriter.response(response, at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return try await send("respond", body)
    }

    /// Answers with a broken response (a reset, a close, a truncated body
    /// of `response`); `false` when the call was over.
    @discardableResult
    public func fail(
        _ fault: Fault, response: StubResponse = StubResponse(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Bool {
        let body = try SpecWriter.response(response, fault: fault,
                                           at: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return try await send("fail", body)
    }

    /// Waits until the client gives up on the call and returns when it did.
    ///
    /// - Throws: ``RemoteWaitTimeout`` when the call was answered first or
    ///   its client still waits after `timeout`, at the caller's line.
    @discardableResult
    public func cancelled(
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> Date {
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        do {
            let data = try await server.send("GET", "/held/\(sequence)/cancelled?timeout=\(milliseconds)ms", expecting: 200,
                                             timeout: Double(milliseconds) / 1000 + 30)
            let answer = try JSONDecoder().decode([String: Double].self, from: data)
            return Date(timeIntervalSince1970: (answer["cancelledAt"] ?? 0) / 1000)
        } catch let error as RemoteAdminError where error.status == 408 || error.status == 409 {
            throw RemoteWaitTimeout(location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
                                    report: error.message)
        }
    }

    private func send(_ action: String, _ body: String) async throws -> Bool {
        do {
            _ = try await server.send("POST", "/held/\(sequence)/\(action)", body: Data(body.utf8), expecting: 204)
            return true
        } catch let error as RemoteAdminError where error.status == 409 {
            return false
        }
    }
}

extension RemoteStubServer {
    /// Waits on the server for the next request a held stub keeps waiting
    /// whose request matches `pattern` (the oldest not taken yet, or the
    /// first to arrive within `timeout`), and hands it over.
    ///
    /// - Throws: ``RemoteWaitTimeout`` listing what arrived instead, at the
    ///   caller's line; `StubNotPortable` for a pattern with a predicate.
    public func intercept(
        _ pattern: some RequestPatternConvertible,
        timeout: Duration = .seconds(5),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> RemoteHeldCall {
        let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let entry = try await longPoll("/held/take", matching: pattern.requestPattern, timeout: timeout, at: location)
        return RemoteHeldCall(request: entry.request, sequence: entry.sequence, server: self)
    }
}
