import ArgumentParser
import Foundation
import PactFormat
import StubSpec
import UnderstudyCLI
import WireClient

/// `understudy verify SPEC --against URL`: provider verification for CI.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Replay each stub's example request (or each pact interaction) against a live server and report drift.",
        discussion: """
            Compares status, the headers a stub's verify: block names, and the JSON shape
            (keys and types; values only at the paths verify: exact lists). Prints a table
            and exits 1 when anything drifted, 2 on bad input.

            Each example carries what its stub's guard asks for: the spec's keys to our own
            server, and to the live one the keys given here (or in UNDERSTUDY_BEARER,
            UNDERSTUDY_API_KEY, UNDERSTUDY_PUBLIC_KEY, UNDERSTUDY_PRIVATE_KEY), else the
            spec's. Keys are never printed.

            With --pact FILE (repeatable) instead of a spec, each pact interaction is replayed
            (after --state-change-url is asked to set up its provider states, with Pact's
            {"action":"setup","state":…,"params":…} body) and the answer is checked with the
            pact's own matching rules. Pending interactions are reported but never fail.

                Read more: docs/command-line.md, docs/pact.md in the Understudy repository.
            """
    )

    @Argument(help: "The spec file (or use --pact).")
    var spec: String?

    @Option(name: .customLong("pact"), help: ArgumentHelp("A pact file to verify the provider against (repeat for several).", valueName: "file"))
    var pacts: [String] = []

    @Option(name: .customLong("state-change-url"), help: ArgumentHelp(
        #"With --pact: POST {"action":"setup","state":…,"params":…} here before each interaction."#, valueName: "url"))
    var stateChangeURL: String?

    @Flag(name: .customLong("state-change-teardown"), help: "With --pact: POST the same with \"action\":\"teardown\" after each interaction.")
    var stateChangeTeardown = false

    @Option(name: .customLong("ca-certificate"), help: ArgumentHelp(
        "With --pact and an https provider: also trust this PEM authority (repeatable; e.g. the caCertificate of `understudy serve --tls`).",
        valueName: "file"))
    var caCertificates: [String] = []

    @Flag(help: "With --pact and an https provider: accept any certificate (for self-signed test servers only).")
    var insecure = false

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

    func validate() throws {
        guard (spec == nil) != pacts.isEmpty else { throw ValidationError("name one spec file, or pacts with --pact, not both") }
        if stateChangeURL != nil, pacts.isEmpty { throw ValidationError("--state-change-url goes with --pact") }
        if !caCertificates.isEmpty || insecure, pacts.isEmpty { throw ValidationError("--ca-certificate and --insecure go with --pact") }
        for file in caCertificates where !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError("--ca-certificate \(file): no such readable file")
        }
    }

    func run() async throws {
        guard let live = URL(string: against), live.scheme == "http" || live.scheme == "https" else {
            throw ValidationError("--against must be an http(s) URL, not \(against)")
        }
        guard let spec else { return try await verifyPacts(against: live) }
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

    /// `--pact FILE…`: each interaction replayed and checked with the pact's rules.
    private func verifyPacts(against live: URL) async throws {
        var files: [PactFile] = []
        for path in pacts {
            do {
                files.append(try PactFile.load(URL(fileURLWithPath: path), name: path))
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        var stateChange: URL?
        if let stateChangeURL {
            guard let url = URL(string: stateChangeURL), url.scheme == "http" || url.scheme == "https" else {
                throw ValidationError("--state-change-url must be an http(s) URL, not \(stateChangeURL)")
            }
            stateChange = url
        }
        let trust = WireTrust(authorities: caCertificates, verifies: !insecure)
        let result = await PactVerification.run(files, against: live, stateChangeURL: stateChange, teardown: stateChangeTeardown, trust: trust)
        print(result.table)
        if result.failed { throw ExitCode(1) }
    }
}
