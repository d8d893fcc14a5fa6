public import StubServer
public import StubKit
import Foundation
import Synchronization

/// Records what a server forwards to an upstream, as WireMock's recorder
/// does: ``start(_:rules:)`` adds a proxy stub below every other stub (so
/// stubbed routes are still answered locally), ``stop()`` turns the
/// exchanges it forwarded into a ``Recording`` and takes the proxy away.
///
/// The exchanges come from the journal, so the proxied requests show there
/// (and in the request log) like any other, marked by the proxy stub.
public final class Recorder: Sendable {
    /// Where a recorder is, in WireMock's words.
    public enum Status: String, Sendable {
        /// Never started.
        case neverStarted = "NeverStarted"
        /// Forwarding and recording.
        case recording = "Recording"
        /// Stopped after recording.
        case stopped = "Stopped"
    }

    /// The id of the proxy stub a recording adds.
    public static let proxyStubID: StubID = "understudy-recording-proxy"
    /// The proxy stub's priority: below any stub a person declares.
    public static let proxyPriority = -1_000_000

    /// The server recorded on.
    public let server: StubServer
    private let state = Mutex(State())

    private struct State {
        var status = Status.neverStarted
        var target: ProxyTarget?
        var rules = RecordingRules()
        /// The journal's count when recording started: later entries are this recording's.
        var firstSequence = 0
        var evictedAtStart = 0
    }

    /// A recorder for `server` (nothing is forwarded until ``start(_:rules:)``).
    public init(server: StubServer) { self.server = server }

    /// Where the recorder is.
    public var status: Status { state.withLock { $0.status } }

    /// The upstream being recorded, while recording.
    public var target: ProxyTarget? { state.withLock { $0.status == .recording ? $0.target : nil } }

    /// Starts forwarding every request no other stub answers to `target`,
    /// keeping the upstream's answers for the recording.
    ///
    /// - Throws: ``RecorderError/alreadyRecording(_:)`` while a recording runs.
    public func start(_ target: ProxyTarget, rules: RecordingRules = RecordingRules()) throws {
        try state.withLock { state in
            guard state.status != .recording else { throw RecorderError.alreadyRecording(state.target?.base.absoluteString ?? "") }
            var proxy = Stub(request: RequestPattern(method: nil, path: .any), response: .proxy(target),
                             location: CodeLocation(fileID: "understudy record", filePath: "", line: 1, column: 1))
            proxy.id = Self.proxyStubID
            proxy.priority = Self.proxyPriority
            proxy.name = "recording \(target.base.absoluteString)"
            server.keepsServedResponses = true
            _ = server.remove(Self.proxyStubID)
            try server.add([proxy])
            state = State(status: .recording, target: target, rules: rules,
                          firstSequence: server.journal.recordedCount, evictedAtStart: server.journal.evictedCount)
        }
    }

    /// Stops forwarding and returns the recording of every exchange since
    /// ``start(_:rules:)``; the upstream is no longer called.
    ///
    /// - Throws: ``RecorderError/notRecording`` when no recording runs.
    public func stop() throws -> Recording {
        let recording = try state.withLock { state in
            guard state.status == .recording else { throw RecorderError.notRecording }
            state.status = .stopped
            _ = server.remove(Self.proxyStubID)
            return record(after: state.firstSequence, evictedBefore: state.evictedAtStart, rules: state.rules, source: state.target)
        }
        return recording
    }

    /// The recording of every proxied exchange the journal holds (any proxy
    /// stub's, not only a recording's), without stopping anything; under
    /// `rules`, or the last recording's when `nil`.
    public func snapshot(rules: RecordingRules? = nil) -> Recording {
        let (current, target) = state.withLock { ($0.rules, $0.target) }
        return record(after: 0, evictedBefore: 0, rules: rules ?? current, source: target)
    }

    private func record(after sequence: Int, evictedBefore: Int, rules: RecordingRules, source: ProxyTarget?) -> Recording {
        var exchanges: [RecordedExchange] = []
        var unanswered = 0
        for entry in server.journal.entries(after: sequence) {
            guard let stub = entry.stub, stub.response.proxies else { continue }
            guard let served = entry.served else { unanswered += 1; continue }
            exchanges.append(RecordedExchange(request: entry.request, response: served))
        }
        var recording = SessionRecorder.record(exchanges, rules: rules, source: source?.base.absoluteString ?? "the proxied upstreams")
        if unanswered > 0 {
            recording.skipped.append("\(unanswered) request\(unanswered == 1 ? " was" : "s were") still waiting for the upstream")
        }
        let evicted = server.journal.evictedCount - evictedBefore
        if evicted > 0 {
            recording.skipped.append("\(evicted) request\(evicted == 1 ? " was" : "s were") evicted from the journal before the recording "
                                     + "stopped and are not recorded; raise the journal capacity (--journal-capacity)")
        }
        return recording
    }
}

/// Why a recorder refused a call.
public enum RecorderError: Error, Sendable, CustomStringConvertible {
    /// `start` while a recording of this upstream runs.
    case alreadyRecording(String)
    /// `stop` with no recording running.
    case notRecording

    /// One line, for an admin answer or the command line.
    public var description: String {
        switch self {
        case .alreadyRecording(let target): return "a recording of \(target) is already running; stop it first"
        case .notRecording: return "no recording is running; start one first"
        }
    }
}
