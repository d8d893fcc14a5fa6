import Foundation
import MarvelStubs
import StubKit
import StubServer
import StubSpec

/// The spec loader on arbitrary text. It must either load the spec or throw a
/// ``StubValidationError`` whose every problem names the file, a line and a column;
/// any other outcome (a crash, another error type, a problem with no place)
/// is a finding.
enum SpecFuzz {
    /// An empty folder for `file:` and `fixtures:` paths to resolve against.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-fuzz-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Marvel's keywords are read through its plug-in, as the command line reads them.
    static let plugins: Void = StubPlugins.register(.marvel)

    static func run(_ bytes: [UInt8], name: String) {
        _ = plugins
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let spec = try StubSpec.parse(text, name: name, directory: folder)
            for stub in spec.stubs { _ = stub.request.description }
            _ = try? StubSet(spec.stubs, fixturesDirectory: spec.fixturesDirectory)
        } catch let error as StubValidationError {
            precondition(!error.problems.isEmpty, "a StubValidationError with no problem")
            for problem in error.problems {
                precondition(problem.location.fileID == name && problem.location.line >= 1 && problem.location.column >= 1,
                             "a problem without its place: \(problem)")
            }
            _ = error.description
        } catch {
            preconditionFailure("StubSpec.parse threw \(type(of: error)), not a StubValidationError: \(error)")
        }
    }
}
