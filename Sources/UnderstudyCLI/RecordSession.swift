package import Foundation
import StubKit
package import StubRecording
package import StubServer
import Synchronization

/// `understudy record`: a server that forwards everything to the target and,
/// when stopped (a signal, `understudy admin URL record stop`, or
/// `POST /__admin/recordings/stop`), writes one spec file and its fixtures,
/// after a secret scan that refuses to write anything but a report when a
/// redacted value would still be in the output.
package final class RecordSession: Sendable {
    /// The recording server.
    package let server: StubServer
    /// Its recorder.
    package let recorder: Recorder
    /// The folder written to.
    package let folder: URL
    /// The spec's file name in `folder`.
    package let specName: String
    private let outcome = Mutex<RecordOutcome?>(nil)

    /// Starts recording `target` on `server` into `folder/specName`.
    ///
    /// - Throws: when the proxy stub cannot be added.
    package init(server: StubServer, target: URL, folder: URL, specName: String, rules: RecordingRules) throws {
        self.server = server
        self.folder = folder
        self.specName = specName
        recorder = Recorder(server: server)
        try recorder.start(ProxyTarget(base: target), rules: rules)
    }

    /// Stops recording (if it still runs) and writes, once; later calls
    /// return the first outcome.
    package func finish() -> RecordOutcome {
        if let done = outcome.withLock({ $0 }) { return done }
        guard let recording = try? recorder.stop() else {
            return outcome.withLock { $0 } ?? RecordOutcome(lines: ["understudy: the recording was already stopped"], exitCode: 1)
        }
        return write(recording)
    }

    /// Writes `recording` (the admin API's stop hands it over), once.
    @discardableResult
    package func write(_ recording: Recording) -> RecordOutcome {
        outcome.withLock { done in
            if let done { return done }
            let result = RecordWriting.write(recording, to: folder, specName: specName)
            done = result
            return result
        }
    }
}

/// What writing a recording did, for the command to print and exit with.
package struct RecordOutcome: Sendable {
    /// Lines for standard error.
    package var lines: [String]
    /// 0 written, 1 refused (nothing recorded, or the secret scan found something).
    package var exitCode: Int32
}

/// Writes a recording's files, or only a report when the scan finds a secret.
enum RecordWriting {
    /// The report written instead of the recording when the scan finds a secret.
    static let refusalName = "recording-refused.txt"

    static func write(_ recording: Recording, to folder: URL, specName: String) -> RecordOutcome {
        let skipped = recording.skipped.map { "understudy: not recorded: \($0)" }
        guard recording.exchangeCount > 0 else {
            return RecordOutcome(lines: skipped + ["understudy: no request reached the upstream; nothing was written"], exitCode: 1)
        }
        let files: [Recording.File]
        do {
            files = try recording.save(in: folder, specName: specName)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(refusalName))
        } catch {
            guard case .secretsFound(let findings) = error else {
                return RecordOutcome(lines: skipped + ["understudy: \(error)"], exitCode: 1)
            }
            let report = ["The recording of \(recording.source) was not written: values seen where credentials go "
                          + "would still be in the output. Drop them (--redact-query, --redact-header) or hide them "
                          + "(--placeholder NAME=VARIABLE) and record again.", ""] + findings.map(\.description)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data((report.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent(refusalName))
            return RecordOutcome(lines: skipped + ["understudy: refused to write the recording: a secret would be in it"]
                                 + findings.map { "  \($0)" } + ["understudy: report: \(folder.appendingPathComponent(refusalName).path)"],
                                 exitCode: 1)
        }
        let bytes = files.reduce(0) { $0 + $1.data.count }
        var lines = skipped + ["understudy: recorded \(recording.exchangeCount) request\(recording.exchangeCount == 1 ? "" : "s") as "
                               + "\(recording.stubs.count) stub\(recording.stubs.count == 1 ? "" : "s") in "
                               + "\(folder.appendingPathComponent(specName).path) (\(files.count - 1) fixture\(files.count == 2 ? "" : "s"), \(bytes) bytes)"]
        if !recording.placeholders.isEmpty {
            lines.append("understudy: to replay it, export " + recording.placeholders.keys.sorted().joined(separator: ", "))
        }
        return RecordOutcome(lines: lines, exitCode: 0)
    }
}
