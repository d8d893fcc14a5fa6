import ArgumentParser
import Foundation
import UnderstudyCLI

/// `understudy import har FILE --out DIR`.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a spec file and fixtures from traffic another tool captured (a HAR file).",
        discussion: """
            The exchanges go through the recorder, as if `understudy record` had seen them: Authorization,
            cookies and signatures are dropped from what is matched and written, API keys become ${PLACEHOLDERS},
            repeated requests become sequences, large and binary bodies go to fixtures, and a secret scan refuses
            to write anything a credential would still be in. HAR files from Chrome, Firefox, Safari, Charles,
            Proxyman and mitmproxy are read; an entry that got no response is listed and left out.
            Exits 0 when written, 1 when refused, 2 on a file that cannot be read.

                Read more: docs/recording.md in the Understudy repository.
            """
    )

    /// The formats `import` reads.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case har
    }

    @Argument(help: "The format of the file: har.")
    var format: Format

    @Argument(help: "The file to import.")
    var file: String

    @Option(name: .customLong("out"), help: ArgumentHelp("The folder the spec and its fixtures are written to.", valueName: "dir"))
    var out: String

    @OptionGroup(title: "What is recorded")
    var recording: RecordingOptions

    func run() throws {
        let outcome = HARImport.run(file: file, folder: URL(fileURLWithPath: out), specName: recording.specName, rules: recording.rules)
        outcome.lines.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}
