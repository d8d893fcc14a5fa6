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

            Each example carries what its stub's guard asks for: the spec's keys to our own
            server, and to the live one the keys given here (or in UNDERSTUDY_BEARER,
            UNDERSTUDY_API_KEY, UNDERSTUDY_PUBLIC_KEY, UNDERSTUDY_PRIVATE_KEY), else the
            spec's. Keys are never printed.
            """
    )

    @Argument(help: "The spec file.")
    var spec: String

    @Option(help: "The live server's base URL, e.g. http://127.0.0.1:8080.")
    var against: String

    @Option(help: ArgumentHelp("The bearer token the live server wants (else UNDERSTUDY_BEARER, else the spec's).", valueName: "token"))
    var bearer: String?

    @Option(name: .customLong("api-key"), help: ArgumentHelp("The API key the live server wants (else UNDERSTUDY_API_KEY, else the spec's).", valueName: "key"))
    var apiKey: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The Marvel public key for the live server (else UNDERSTUDY_PUBLIC_KEY).", valueName: "key"))
    var publicKey: String?

    @Option(name: .customLong("private-key"), help: ArgumentHelp("The Marvel private key for the live server (else UNDERSTUDY_PRIVATE_KEY).", valueName: "key"))
    var privateKey: String?

    func run() async throws {
        guard let live = URL(string: against), live.scheme == "http" || live.scheme == "https" else {
            throw ValidationError("--against must be an http(s) URL, not \(against)")
        }
        let loaded = SpecLoading(paths: [spec])
        guard let stubSpec = loaded.specs.first else {
            loaded.problems.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            throw ExitCode(2)
        }
        let environment = ProcessInfo.processInfo.environment
        let credentials = LiveCredentials(
            bearer: bearer ?? environment["UNDERSTUDY_BEARER"], apiKey: apiKey ?? environment["UNDERSTUDY_API_KEY"],
            publicKey: publicKey ?? environment["UNDERSTUDY_PUBLIC_KEY"], privateKey: privateKey ?? environment["UNDERSTUDY_PRIVATE_KEY"])
        let result = try await SpecVerification.run(stubSpec, against: live, liveCredentials: credentials)
        print(result.table)
        if result.drifted { throw ExitCode(1) }
    }
}
