import Foundation
import StubKit
import StubServer
import WireMockFormat

/// The WireMock mapping reader on arbitrary bytes. It must either read the
/// mappings or throw a ``StubValidationError`` whose every problem names the
/// file, a line and a column; any other outcome is a finding. What it reads
/// must also be servable or refused the same way, and what it reads must
/// export to mappings that read back.
enum WireMockFuzz {
    /// Every mapping the exporter writes for stubs the reader made reads back.
    static func roundTrip(_ stubs: [Stub]) {
        let export = WireMockExport(stubs: stubs)
        precondition(export.exportedStubs + export.notExported.count == stubs.count, "a stub neither exported nor listed")
        var bodyFiles: URL?
        if export.files.contains(where: { $0.path.hasPrefix("__files/") }) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-fuzz-\(getpid())")
            try? FileManager.default.removeItem(at: root)
            try? export.write(to: root)
            bodyFiles = root.appendingPathComponent("__files")
        }
        for file in export.files where file.path.hasPrefix("mappings/") {
            do {
                _ = try WireMockMappings.read(file.contents, file: file.path, bodyFiles: bodyFiles)
            } catch {
                preconditionFailure("an exported mapping does not read back: \(error)\n\(String(decoding: file.contents, as: UTF8.self))")
            }
        }
    }

    static func run(_ bytes: [UInt8]) {
        let name = "fuzz.json"
        do {
            let loaded = try WireMockMappings.read(Data(bytes), file: name, bodyFiles: SpecFuzz.folder, lenient: true)
            for stub in loaded.stubs {
                _ = stub.request.detailedDescription
                _ = stub.request.match(RecordedRequest(method: "GET", target: "/a?b=1", body: Data(bytes.prefix(64))))
            }
            _ = try? StubSet(loaded.stubs)
            roundTrip(loaded.stubs)
        } catch {
            LocatedRefusal.check(error, file: name)
        }
    }
}
