import ArgumentParser
import Foundation
import UnderstudyCLI

/// `understudy`: an HTTP stand-in for API clients under test.
///
/// Exit codes: 0 ok, 1 a check or verification failed, 2 usage or input error.
@main
struct Understudy: AsyncParsableCommand {
    // Every command names itself: a missing name is derived at each start with
    // String(describing:), a runtime conformance scan per command that made up
    // about a tenth of `understudy serve`'s time to its first answer.
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "An HTTP stand-in for API clients under test.",
        discussion: """
            Exit codes: 0 ok, 1 a check or verification failed, 2 usage or input error.

            Read more: README.md and docs/command-line.md in the Understudy repository; \(UnderstudyVersion.changelog).
            """,
        version: UnderstudyVersion.current,
        subcommands: [Serve.self, Record.self, Import.self, Lint.self, Verify.self, Check.self, Export.self, Admin.self]
    )

    /// Runs the command, mapping ArgumentParser's usage errors (64) to 2.
    static func main() async {
        BuiltInPlugins.register()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            // --help and --version (a clean exit) go to standard output, as every tool prints them.
            if !message.isEmpty {
                (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(Data((message + "\n").utf8))
            }
            if code == .validationFailure { Foundation.exit(2) }
            Foundation.exit(code.rawValue)
        }
    }
}
