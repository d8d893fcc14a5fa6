import Locking
public import StubKit

/// Something that went wrong while the server answered a request, found on a
/// server thread and kept until a test (or a log) takes it with
/// `StubServer.takeIssues(where:)`. Never reported from the server's threads.
public struct ServerIssue: Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// No stub matched; the request got the 404 report.
        case unmatched(UnmatchedRequestReport)
        /// A stub's response closure threw; the request got a 500.
        case responseClosureThrew(stub: Stub, error: String)
        /// The transport refused the request before any stub saw it, and the
        /// client got an error saying why (in process: an upload task whose
        /// body the platform does not hand over). Not journaled.
        case transportRefused(request: String, reason: String)
        /// A WebSocket message no rule of its stub answered (the connection stays open).
        case unmatchedMessage(UnmatchedMessageReport)
        /// A WebSocket client broke the protocol; the server failed the connection with this close.
        case webSocketProtocolError(request: String, close: WebSocketClose)
    }

    /// The journal sequence number of the request concerned.
    public var sequence: Int
    /// What went wrong.
    public var kind: Kind

    /// Creates an issue.
    public init(sequence: Int, kind: Kind) {
        self.sequence = sequence
        self.kind = kind
    }

    /// Whether this is an unmatched request.
    public var isUnmatched: Bool {
        if case .unmatched = kind { return true }
        return false
    }

    /// Whether this is a WebSocket message no rule answered (left, like an
    /// unmatched request, to the end of the test's scope).
    public var isUnmatchedMessage: Bool {
        if case .unmatchedMessage = kind { return true }
        return false
    }

    /// The stub concerned, when one is.
    public var stub: Stub? {
        if case .responseClosureThrew(let stub, _) = kind { return stub }
        if case .unmatchedMessage(let report) = kind { return report.stub }
        return nil
    }

    /// A readable, multi-line account.
    public var description: String {
        switch kind {
        case .unmatched(let report):
            return "request #\(sequence): " + report.description
        case .responseClosureThrew(let stub, let error):
            return "request #\(sequence): the response closure of \(stub.request) (declared at \(stub.location)) threw: \(error)"
        case .transportRefused(let request, let reason):
            return "\(request) was refused before any stub saw it: \(reason)"
        case .unmatchedMessage(let report):
            return "request #\(sequence): " + report.description
        case .webSocketProtocolError(let request, let close):
            return "request #\(sequence): the WebSocket client of \(request) broke the protocol; the server closed with \(close)"
        }
    }
}

/// The issues found while serving, oldest first, bounded so a flood of bad
/// requests cannot grow memory without end; what does not fit is counted.
package final class ServerIssueQueue: Sendable {
    static let capacity = 1_000
    private struct State {
        var issues: [ServerIssue] = []
        var dropped = 0
    }
    private let state = Locked(State())

    /// Keeps `issue`, or counts it when the queue is full.
    package func append(_ issue: ServerIssue) {
        state.withLock { state in
            if state.issues.count < Self.capacity { state.issues.append(issue) } else { state.dropped += 1 }
        }
    }

    /// The issues held, oldest first.
    package var pending: [ServerIssue] { state.withLock { $0.issues } }

    /// How many issues did not fit.
    package var dropped: Int { state.withLock { $0.dropped } }

    /// Removes and returns the issues `include` selects, oldest first.
    package func take(where include: (ServerIssue) -> Bool) -> [ServerIssue] {
        state.withLock { state in
            var taken: [ServerIssue] = []
            var kept: [ServerIssue] = []
            for issue in state.issues {
                if include(issue) { taken.append(issue) } else { kept.append(issue) }
            }
            state.issues = kept
            return taken
        }
    }
}
