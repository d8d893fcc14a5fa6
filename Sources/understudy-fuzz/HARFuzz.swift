import Foundation
import StubKit
import StubRecording

/// The HAR reader on arbitrary bytes. It must either read the archive or
/// throw a ``StubValidationError`` whose every problem names the file, a
/// line and a column. What it reads must write back as HAR that reads as
/// the same requests, and go through the recorder into files without trapping.
enum HARFuzz {
    static func run(_ bytes: [UInt8]) {
        let name = "fuzz.har"
        do {
            let archive = try HARArchive.read(Data(bytes), file: name)
            let again: HARArchive
            do {
                again = try HARArchive.read(archive.json(redaction: .none), file: "written.har")
            } catch {
                preconditionFailure("what was read does not read back once written: \(error)")
            }
            precondition(again.entries.map(\.request.method) == archive.entries.map(\.request.method), "the methods changed on the way")
            precondition(again.entries.map(\.request.body) == archive.entries.map(\.request.body), "a request body changed on the way")
            precondition(again.entries.map(\.response.body) == archive.entries.map(\.response.body), "a response body changed on the way")
            _ = try? SessionRecorder.record(archive.exchanges, source: name).files(specName: "fuzz.yaml")
        } catch {
            LocatedRefusal.check(error, file: name)
        }
    }
}
