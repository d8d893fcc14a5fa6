import ArgumentParser
import Foundation
import StubSpec
import UnderstudyCLI

/// `understudy verify SPEC --against URL`: provider verification for CI.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay each stub's example request against a live server and report drift.",
        discussion: """
            Compares status, the headers a stub's verify: block names, and the JSON shape
            (keys and types; values only at the paths verify: exact lists). Prints a table
            and exits 1 when anything drifted, 2 on bad input.
            """
    )

    @Argument(help: "The spec file.")
    var spec: String

    @Option(help: "The live server's base URL, e.g. http://127.0.0.1:8080.")
    var against: String

    func run() async throws {
        guard let live = URL(string: against), live.scheme == "http" || live.scheme == "https" else {
            throw ValidationError("--against must be an http(s) URL, not \(against)")
        }
        let loaded = SpecLoading(paths: [spec])
        guard let stubSpec = loaded.specs.first else {
            loaded.problems.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            throw ExitCode(2)
        }
        let result = try await SpecVerification.run(stubSpec, against: live)
        print(result.table)
        if result.drifted { throw ExitCode(1) }
    }
}
