import ArgumentParser
import Foundation
import WireMockFormat
import StubKit
import StubSpec
import UnderstudyCLI

/// `understudy lint SPEC...`: checks spec files without serving them.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check spec files and WireMock mappings: schema, fixtures, JSON bodies, duplicate and shadowed stubs.",
        discussion: "Prints one line per problem as file:line:column: error: key: message and exits 2 when there is any (with --strict, when there is any warning too).\n\nRead more: docs/command-line.md, docs/spec-format.md in the Understudy repository."
    )

    @Argument(help: "Spec files (YAML or JSON), pacts, OpenAPI documents, WireMock mapping files, WireMock root folders (with mappings/ and __files/), contract files (*.contract.yaml), or folders of any of these.")
    var specs: [String]

    @Flag(help: "Accept WireMock mappings that use what Understudy cannot serve; list them instead of failing.")
    var lenient = false

    @OptionGroup(title: "Templating") var templatingOptions: TemplatingOptions

    /// Which WireMock responses are templates.
    var templating: WireMockTemplating { templatingOptions.templating }

    @Flag(help: "Fail on warnings too: a WireMock bodyFileName that does not exist (WireMock, and serve, load such a mapping and answer it 500).")
    var strict = false

    @Option(name: .customLong("openapi"), help: "Also check every stub against this OpenAPI document: paths, methods, parameter and body values, response statuses, content types and JSON bodies.")
    var openAPI: String?

    func run() throws {
        // Loading runs every check: schema, fixtures, JSON bodies, and the
        // server's own refusal of duplicate, shadowed or unworkable stubs.
        let sources = SpecLoading.sources(specs)
        // A placeholder the environment does not set is a note here: serving needs its value, checking does not.
        let loaded = SpecLoading(paths: sources.specs, lenient: lenient, templating: templating, unsetPlaceholders: .noted)
        var problems = loaded.problems
        for path in sources.contracts {
            do {
                let contract = try ContractSpec.load(URL(fileURLWithPath: path), name: path)
                print("\(path): contract, \(contract.checks.count) checks, ok")
            } catch {
                problems += SpecLoading.problems(of: error, in: path)
            }
        }
        for problem in problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
        for spec in loaded.specs where !problems.contains(where: { $0.location.fileID == spec.name }) {
            print("\(spec.name): \(spec.entries.count) stubs, ok")
        }
        for (path, count) in loaded.wireMockSources { print("\(path): \(count) WireMock stubs, ok") }
        for (path, count) in loaded.pactSources { print("\(path): \(count) pact interactions, ok") }
        for (path, count) in loaded.openAPISources { print("\(path): \(count) OpenAPI operations, ok") }
        for skip in loaded.skipped { print("\(skip.location): skipped: \(skip.subject): \(skip.message)") }
        for note in loaded.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        for warning in loaded.warnings { FileHandle.standardError.write(Data("\(strict ? warning.with(.error) : warning)\n".utf8)) }
        var failed = !problems.isEmpty || (strict && !loaded.warnings.isEmpty)
        if let openAPI {
            let checked = OpenAPILinting.check(loaded.stubs, against: openAPI)
            for line in checked.problems { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            print(checked.summary)
            failed = failed || checked.failed
        }
        leftForExit = loaded
        if failed { throw ExitCode(2) }
    }
}

/// What `lint` read, left for the process's exit to free: freeing a large
/// document's trees one node at a time cost 50-100 ms after the last line
/// was printed (the generated 3,000-operation document, `perf record`).
nonisolated(unsafe) private var leftForExit: SpecLoading?
