import ArgumentParser
import Foundation
import StubKit
import UnderstudyCLI

/// `understudy export --format wiremock SPEC... --out DIR`, and
/// `understudy export --format har --journal URL --out FILE`.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write stubs from spec files (and WireMock mappings) as a WireMock root, or a running server's journal as a HAR file.",
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
        /// A running server's journal as HAR 1.2 (`--journal URL`).
        case har
    }

    @Option(help: "The format to write.")
    var format: Format = .wiremock

    @Argument(help: "Spec files (YAML or JSON), pacts, WireMock mapping files, WireMock root folders, or folders of spec files.")
    var specs: [String] = []

    @Option(help: ArgumentHelp("The WireMock root to write (created if missing); with --format har, the HAR file.", valueName: "path"))
    var out: String

    @Option(help: ArgumentHelp("With --format har: the running server whose journal is written (its admin API answers there).", valueName: "url"))
    var journal: String?

    @Option(name: .customLong("admin-token"), help: ArgumentHelp("With --journal: the server's admin token.", valueName: "token"))
    var adminToken: String?

    @Flag(help: "Export a response made by a closure (a Marvel envelope recipe) as the one response it gives a plain request.")
    var render = false

    @Flag(help: "Write the stubs that can be expressed and list the rest, instead of writing nothing.")
    var lenient = false

    @Flag(help: "Replace the files already in the folder's mappings/ and __files/.")
    var replace = false

    func validate() throws {
        switch format {
        case .wiremock:
            guard !specs.isEmpty else { throw ValidationError("name the spec files to export") }
            guard journal == nil else { throw ValidationError("--journal goes with --format har") }
        case .har:
            guard let journal, URL(string: journal)?.host != nil else {
                throw ValidationError("--format har writes a running server's journal: name it with --journal http://127.0.0.1:PORT")
            }
            guard specs.isEmpty else { throw ValidationError("--format har writes a journal, not spec files (\(specs.joined(separator: " ")))") }
        }
    }

    func run() async throws {
        if format == .har, let journal {
            let outcome = await JournalHARExport.run(server: journal, token: adminToken, to: URL(fileURLWithPath: out))
            outcome.lines.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
            return
        }
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
