package import Foundation
import StubKit
package import StubRecording

/// `understudy import har FILE --out DIR`: a HAR archive's exchanges
/// through the recorder, so the spec and fixtures it writes are what
/// `understudy record` would have written for the same traffic: credentials
/// dropped, secrets as placeholders, the secret scan, repeated requests as
/// sequences, large and binary bodies as fixtures.
package enum HARImport {
    /// Reads `file`, records its exchanges with `rules` and writes `specName` and its fixtures into `folder`.
    package static func run(file: String, folder: URL, specName: String, rules: RecordingRules) -> RecordOutcome {
        BuiltInPlugins.register()
        let archive: HARArchive
        do {
            archive = try HARArchive.read(try Data(contentsOf: URL(fileURLWithPath: file)), file: file)
        } catch let error as StubValidationError {
            return RecordOutcome(lines: error.problems.map(\.description), exitCode: 2)
        } catch {
            return RecordOutcome(lines: ["understudy: cannot read \(file): \(error.localizedDescription)"], exitCode: 2)
        }
        let recording = SessionRecorder.record(archive.exchanges, rules: rules, source: file)
        var outcome = RecordWriting.write(recording, to: folder, specName: specName)
        outcome.lines = archive.skipped.map(\.description) + outcome.lines.map { $0.replacingOccurrences(of: "understudy: recorded ", with: "understudy: imported ") }
        return outcome
    }
}
