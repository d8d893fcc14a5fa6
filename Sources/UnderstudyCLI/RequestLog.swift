import Foundation
package import Logging
package import StubServer
import StubKit

/// Follows a server's journal and logs one line per request: the status sent
/// and what it matched (`✓ 401 GET /me → me (spec.yaml:12)`: the stub and
/// where it was declared) or, for a request no stub matched, the near-miss
/// report. Follows the journal's changes, off the server's threads: an idle
/// server's log sleeps (everything it shows comes with a change; it looks
/// every 10 s besides), and under load it writes what came in each
/// `batching` interval at once.
/// Quiet, it logs only what went wrong (unmatched requests and throwing
/// response closures) and never copies the journal.
package final class RequestLog: @unchecked Sendable {
    private let server: StubServer
    private let logger: Logger
    private let colour: Bool
    private let quiet: Bool
    private var seen = 0
    /// Entries logged before their answer went out, awaiting their second line.
    private var pending: Set<Int> = []
    private var contractSeen = 0
    private var reportedFull = false
    private var follower: Task<Void, Never>?
    /// Targets as the log shows them (secrets masked), by target as sent:
    /// a client polling one URL is masked once, not once a request.
    private var shownTargets: [String: String] = [:]
    /// How the log names each stub, `id (file:line)` and any fault, by id,
    /// with what it was made from: rendered once, not once a request.
    private var shownStubs: [StubID: (location: CodeLocation, fault: Fault?, text: String)] = [:]
    /// The matched-request lines of one flush, written together.
    private var batch: [String] = []
    private let queue = DispatchQueue(label: "understudy.request-log")

    /// Logs `server`'s requests to `logger`, with ANSI colour when `colour`;
    /// when `quiet`, only the requests no stub matched and the closures that threw.
    package init(server: StubServer, logger: Logger, colour: Bool, quiet: Bool = false) {
        self.server = server
        self.logger = logger
        self.colour = colour
        self.quiet = quiet
    }

    /// Starts following the journal: a flush as soon as it changes, then at
    /// most one a `batching` interval while changes keep coming.
    package func start(batching interval: Duration = .milliseconds(50)) {
        let journal = server.journal
        follower = Task.detached { [weak self] in
            var seen = -1
            while !Task.isCancelled {
                await journal.waitForChange(after: seen, timeout: .seconds(10))
                // Read before the flush: a change during it ends the next wait at once.
                seen = journal.version
                guard let self else { return }
                self.flush()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Logs what arrived since the last call. Safe from any thread (the stop
    /// handler calls it while the follower may be flushing): the work runs on the
    /// log's own queue, one flush at a time.
    package func flush() {
        queue.sync { flushOnQueue() }
    }

    /// The flush itself; only ever runs on `queue`, which owns `seen` and `reportedFull`.
    private func flushOnQueue() {
        reportJournalFull()
        defer { flushContract() }
        if quiet { return flushIssues() }
        flushPending()
        let entries = server.journal.entries(after: seen)
        guard let last = entries.last else { return }
        seen = last.sequence
        let reports = Dictionary(server.takeIssues().map { ($0.sequence, $0) }, uniquingKeysWith: { first, _ in first })
        defer { writeBatch() }
        for entry in entries {
            let request = "\(entry.request.method) \(shownTarget(entry.request.target))"
            if let stub = entry.stub {
                // A proxied request is logged when it arrives; the upstream's status may not be known yet.
                let pending = entry.duration == nil && !entry.abandoned
                let status = entry.status == nil && pending ? paint("…", 36) : paintStatus(entry.status)
                batch.append("\(paint("✓", 32)) \(status) \(request) → \(shown(stub))\(took(entry))")
                if pending { self.pending.insert(entry.sequence) }
            } else if case .preflight = entry.outcome {
                batch.append("\(paint("✓", 32)) \(paintStatus(entry.status)) \(request) → CORS preflight\(took(entry))")
            } else if case .unmatched(let report)? = reports[entry.sequence]?.kind {
                writeBatch()
                logUnmatched(request, report: report)
            } else {
                writeBatch()
                logUnmatched(request, report: nil)
            }
            if case .responseClosureThrew(_, let error)? = reports[entry.sequence]?.kind {
                writeBatch()
                logThrow(request, error: error)
            }
        }
    }

    /// The lines gathered so far, as one message (one write, not one a request).
    private func writeBatch() {
        guard !batch.isEmpty else { return }
        logger.info("\(batch.joined(separator: "\n"))")
        batch.removeAll(keepingCapacity: true)
    }

    /// `target` with its secret query items masked, remembered for the next request to it.
    private func shownTarget(_ target: String) -> String {
        if let shown = shownTargets[target] { return shown }
        let shown = server.redaction.target(target)
        if shownTargets.count >= 1_024 { shownTargets.removeAll(keepingCapacity: true) }
        shownTargets[target] = shown
        return shown
    }

    /// `id (file:line)`, and ` [fault: …]` when it has one.
    private func shown(_ stub: Stub) -> String {
        if let known = shownStubs[stub.id], known.location == stub.location, known.fault == stub.fault { return known.text }
        let text = "\(stub.id) (\(stub.location))" + (stub.fault.map { " [fault: \($0)]" } ?? "")
        if shownStubs.count >= 1_024 { shownStubs.removeAll(keepingCapacity: true) }
        shownStubs[stub.id] = (stub.location, stub.fault, text)
        return text
    }

    /// ` (12.3 ms)`: how long the answer took, once it went out whole.
    private func took(_ entry: JournalEntry) -> String {
        guard let duration = entry.duration else { return "" }
        return " " + paint("(\(Self.shown(duration)))", 2)
    }

    /// `0.42 ms`, `12.3 ms`, `2.05 s`: rounded half up from the exact
    /// duration (integer arithmetic; no Foundation formatter per log line).
    package static func shown(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        if nanoseconds < 995_000 { return decimal(nanoseconds, unit: 10_000, places: 2) + " ms" }
        if nanoseconds < 999_950_000 { return decimal(nanoseconds, unit: 100_000, places: 1) + " ms" }
        return decimal(nanoseconds, unit: 10_000_000, places: 2) + " s"
    }

    /// `value ÷ unit` rounded half up, written with its last `places` digits as decimals.
    private static func decimal(_ value: Int64, unit: Int64, places: Int) -> String {
        let units = (value + unit / 2) / unit
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let fraction = String(units % scale)
        return "\(units / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A second line for each answer logged before it went out (a delayed,
    /// proxied or held one, a stream) once it has: its status and how long
    /// it took, or that the client gave up.
    private func flushPending() {
        guard !pending.isEmpty else { return }
        for sequence in pending.sorted() {
            guard let entry = server.journal.entry(sequence) else {
                pending.remove(sequence) // evicted
                continue
            }
            let request = "\(entry.request.method) \(server.redaction.target(entry.request.target))"
            if entry.abandoned {
                logger.info("  \(paint("↳", 36)) #\(sequence) \(request): the client gave up before the answer")
            } else if let stream = entry.stream, stream.finished, stream.clientHungUp {
                logger.info("  \(paint("↳", 36)) #\(sequence) \(request): the client left the stream after \(stream.pieces.count) pieces")
            } else if let duration = entry.duration {
                logger.info("  \(paint("↳", 36)) #\(sequence) \(paintStatus(entry.status)) \(request) answered in \(Self.shown(duration))")
            } else {
                continue
            }
            pending.remove(sequence)
        }
    }

    /// Logs each request since the last call that broke the server's
    /// contract (an OpenAPI document), with every violation; quiet or not.
    private func flushContract() {
        guard let contract = server.contract else { return }
        let upTo = server.journal.recordedCount
        guard upTo > contractSeen else { return }
        for (entry, found) in server.contractViolations(after: contractSeen) where entry.sequence <= upTo {
            let request = "\(entry.request.method) \(server.redaction.target(entry.request.target))"
            let lines = found.map { "    - \($0)" }.joined(separator: "\n")
            logger.warning("\(paint("!", 33)) \(request) broke \(contract.name):\n\(lines)")
        }
        contractSeen = upTo
    }

    /// Says once, when the journal first evicts an entry, that it is full:
    /// the cap is reported, never reached silently.
    private func reportJournalFull() {
        guard !reportedFull, server.journal.evictedCount > 0 else { return }
        reportedFull = true
        logger.warning("\(paint("!", 33)) the journal is full: it keeps the newest \(server.journal.capacity) requests and evicts older ones from now on (counted; --journal-capacity to change)")
    }

    /// Logs only the issues found since the last call, from their own record.
    private func flushIssues() {
        for issue in server.takeIssues() {
            switch issue.kind {
            case .unmatched(let report):
                logUnmatched("\(report.request.method) \(report.request.target)", report: report)
            case .responseClosureThrew(let stub, let error):
                logThrow("\(stub.request)", error: error)
            case .transportRefused, .webSocketProtocolError:
                logger.warning("\(issue)")
            case .unmatchedMessage(let report):
                logger.warning("\(paint("✗", 31)) \(report)")
            }
        }
    }

    /// The line (and near-miss report, when known) for a request no stub matched.
    private func logUnmatched(_ request: String, report: UnmatchedRequestReport?) {
        let line = "\(paint("✗", 31)) \(paintStatus(404)) \(request) → no stub matched"
        logger.warning("\(report.map { "\(line)\n\($0.description)" } ?? line)")
    }

    /// The line for a response closure that threw while answering `request`.
    private func logThrow(_ request: String, error: String) {
        logger.error("\(paint("!", 31)) \(request): the response closure threw: \(error)")
    }

    /// Stops following.
    package func stop() { follower?.cancel() }

    /// The status sent, coloured by class; `---` when no status line was sent.
    private func paintStatus(_ status: Int?) -> String {
        guard let status else { return paint("---", 31) }
        return paint("\(status)", status >= 500 ? 31 : status >= 400 ? 33 : 32)
    }

    private func paint(_ text: String, _ code: Int) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// A log handler that writes `message` lines, unadorned, to standard error:
/// the command line's output is for people and for `grep`.
package struct PlainLogHandler: LogHandler {
    /// Metadata (unused in the output).
    package var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    package var logLevel: Logger.Level = .info

    /// Creates the handler.
    package init() {}

    /// Metadata by key.
    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    package func log(event: LogEvent) {
        FileHandle.standardError.write(Data("\(event.message)\n".utf8))
    }
}
