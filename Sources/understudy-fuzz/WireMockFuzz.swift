import Foundation
import StubKit
import StubServer
import WireMockFormat

/// The WireMock mapping reader on arbitrary bytes. It must either read the
/// mappings or throw a ``StubValidationError`` whose every problem names the
/// file, a line and a column; any other outcome is a finding. What it reads
/// must also be servable or refused the same way.
enum WireMockFuzz {
    static func run(_ bytes: [UInt8]) {
        let name = "fuzz.json"
        do {
            let loaded = try WireMockMappings.read(Data(bytes), file: name, bodyFiles: SpecFuzz.folder, lenient: true)
            for stub in loaded.stubs {
                _ = stub.request.detailedDescription
                _ = stub.request.match(RecordedRequest(method: "GET", target: "/a?b=1", body: Data(bytes.prefix(64))))
            }
            _ = try? StubSet(loaded.stubs)
        } catch {
            precondition(!error.problems.isEmpty, "a StubValidationError with no problem")
            for problem in error.problems {
                precondition(problem.location.fileID == name && problem.location.line >= 1 && problem.location.column >= 1,
                             "a problem without its place: \(problem)")
            }
            _ = error.description
        }
    }
}
