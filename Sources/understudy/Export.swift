import ArgumentParser
import Foundation
import StubKit
import UnderstudyCLI

/// `understudy export --format wiremock SPEC... --out DIR`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write stubs from spec files (and WireMock mappings) as a WireMock root: mappings/ and __files/.",
        discussion: """
            Every mapping gets an explicit priority, its rank in Understudy's match order, so WireMock
            answers as Understudy does whatever order it loads files in. A stub WireMock cannot express
            (a Marvel signature guard, a closure, a truncated-body fault) is listed with its location;
            then nothing is written unless --lenient. Exits 0 when all was written, 1 when stubs were
            left out, 2 on bad input.

                Read more: docs/wiremock.md in the Understudy repository.
            """
    )

    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case wiremock
    }

    @Option(help: "The format to write.")
    var format: Format = .wiremock

    @Argument(help: "Spec files (YAML or JSON), pacts, WireMock mapping files, WireMock root folders, or folders of spec files.")
    var specs: [String]

    @Option(help: ArgumentHelp("The WireMock root to write (created if missing).", valueName: "dir"))
    var out: String

    @Flag(help: "Export a response made by a closure (a Marvel envelope recipe) as the one response it gives a plain request.")
    var render = false

    @Flag(help: "Write the stubs that can be expressed and list the rest, instead of writing nothing.")
    var lenient = false

    @Flag(help: "Replace the files already in the folder's mappings/ and __files/.")
    var replace = false

    func run() throws {
        var run = ExportRun(paths: specs, output: URL(fileURLWithPath: out))
        run.renderClosures = render
        run.lenient = lenient
        run.replace = replace
        let report: ExportRun.Report
        do {
            report = try run.run()
        } catch let refusal as ExportRun.Refusal {
            FileHandle.standardError.write(Data("\(refusal)\n".utf8))
            throw ExitCode(2)
        }
        let export = report
        for problem in export.notExported { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
        for note in export.rendered { print(note.with(.note)) }
        if report.wrote {
            print("exported \(export.exportedStubs) stubs as \(export.mappingCount) mappings to \(out)"
                  + (export.notExported.isEmpty ? "" : "; \(export.notExported.count) left out"))
        } else {
            print("nothing written: \(export.notExported.count) stubs cannot be expressed in WireMock (--lenient writes the rest)")
        }
        if !export.notExported.isEmpty { throw ExitCode(1) }
    }
}
