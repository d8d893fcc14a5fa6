package import Foundation
package import StubKit
import WireMockFormat

/// `understudy export --format wiremock`: spec files and WireMock mappings
/// loaded as for `serve`, written out as a WireMock root.
package struct ExportRun: Sendable {
    /// What the export did, for the command to print.
    package struct Report: Sendable {
        /// How many stubs were exported.
        package var exportedStubs: Int
        /// How many mappings they became.
        package var mappingCount: Int
        /// The stubs WireMock cannot express, each at its declaration with why.
        package var notExported: [StubProblem]
        /// The stubs whose closure was rendered into one response.
        package var rendered: [StubProblem]
        /// Whether files were written (not when something could not be
        /// expressed and the export was not lenient).
        package var wrote: Bool

        init(_ export: WireMockExport, wrote: Bool) {
            exportedStubs = export.exportedStubs
            mappingCount = export.mappingCount
            notExported = export.notExported
            rendered = export.rendered
            self.wrote = wrote
        }
    }

    /// Why an export did not start.
    package struct Refusal: Error, CustomStringConvertible {
        /// What is wrong, naming the folder or the problems.
        package var description: String
    }

    /// The spec files, mapping files and WireMock roots to export.
    package var paths: [String]
    /// The WireMock root to write.
    package var output: URL
    /// Render closures (Marvel envelope recipes) into one fixed response each.
    package var renderClosures = false
    /// Write what can be expressed even when some stubs cannot.
    package var lenient = false
    /// Empty `mappings/` and `__files/` under ``output`` first.
    package var replace = false

    /// Creates an export of `paths` into `output`.
    package init(paths: [String], output: URL) {
        self.paths = paths
        self.output = output
    }

    /// Loads, translates and (unless a stub cannot be expressed and the run
    /// is not lenient) writes.
    ///
    /// - Throws: ``Refusal`` when a source does not load or the folder
    ///   already holds mappings and ``replace`` is off; file-system errors.
    package func run() throws -> Report {
        let loaded = SpecLoading(paths: paths, lenient: lenient)
        guard loaded.problems.isEmpty else {
            throw Refusal(description: loaded.problems.map(\.description).joined(separator: "\n"))
        }
        let export = WireMockExport(stubs: loaded.stubs, options: WireMockExport.Options(renderClosures: renderClosures))
        guard export.notExported.isEmpty || lenient else { return Report(export, wrote: false) }
        let folders = ["mappings", "__files"].map { output.appendingPathComponent($0) }
        let occupied = folders.filter { !((try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? []).isEmpty }
        if !occupied.isEmpty {
            guard replace else {
                throw Refusal(description: "\(occupied.map(\.path).joined(separator: " and ")) already hold files; "
                              + "pass --replace to replace them, or choose another --out")
            }
            for folder in occupied { try FileManager.default.removeItem(at: folder) }
        }
        try export.write(to: output)
        return Report(export, wrote: true)
    }
}
