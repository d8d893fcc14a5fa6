import ArgumentParser
import Foundation
import UnderstudyCLI

/// `understudy admin URL ACTION …`: drive a running server's admin API from a script.
struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Change or inspect a running Understudy server through its admin API.",
        usage: "understudy admin <url> [--admin-token <token>] <action> ...",
        discussion: """
            URL is the server's base URL (http://127.0.0.1:8080). Actions: stubs add FILE..., stubs list,
            stubs remove ID, reset, requests [--unmatched] [--json], count PATTERN [--expect N],
            wait PATTERN [--timeout SECONDS], record start --target URL | stop | status. A PATTERN is "METHOD /path" or a spec request block
            such as '{method: GET, path: /x, query: {q: a}}'. The token may also come from
            UNDERSTUDY_ADMIN_TOKEN. Exits 0 when the call succeeded, 1 when the check it makes failed
            (a wait timed out, a count differed), 2 on bad input or when the server could not be
            reached or refused the call.

                Read more: docs/coming-from-wiremock.md, docs/recording.md in the Understudy repository.
            """
    )

    @Argument(help: "The server's base URL, such as http://127.0.0.1:8080.")
    var url: String

    @Option(name: .customLong("admin-token"), help: ArgumentHelp(
        "The server's admin token (sent as Authorization: Bearer).", valueName: "token"))
    var adminToken: String?

    @Argument(parsing: .captureForPassthrough, help: "The action and its arguments (see the discussion).")
    var action: [String] = []

    func run() async throws {
        guard let base = URL(string: url), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw ValidationError("\"\(url)\" is not an http URL such as http://127.0.0.1:8080")
        }
        let parsed: any ParsableCommand
        do {
            parsed = try Actions.parseAsRoot(action)
        } catch {
            let message = Actions.fullMessage(for: error)
            guard Actions.exitCode(for: error) == .success else {
                FileHandle.standardError.write(Data((message + "\n").utf8))
                throw ExitCode(2)
            }
            print(message)
            return
        }
        let asksForHelp = action.first == "help" || action.contains("--help") || action.contains("-h")
        guard !asksForHelp, let chosen = parsed as? any AdminAction else {
            // Help, no action, or a group such as `stubs` on its own: show the help of what was named.
            let help = Actions.helpMessage(for: Self.named(action.filter { !$0.hasPrefix("-") && $0 != "help" }))
            if asksForHelp { return print(help) }
            FileHandle.standardError.write(Data((help + "\n").utf8))
            throw ExitCode(2)
        }
        let token = adminToken ?? ProcessInfo.processInfo.environment["UNDERSTUDY_ADMIN_TOKEN"]
        try Admin.finish(await chosen.run(on: AdminRun(url: base, token: token)))
    }

    /// The action type `names` leads to (`["stubs", "add"]`), as far as they name one.
    static func named(_ names: [String]) -> any ParsableCommand.Type {
        var current: any ParsableCommand.Type = Actions.self
        for name in names {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == name }) else { break }
            current = next
        }
        return current
    }

    /// Prints an outcome and exits with its code.
    static func finish(_ outcome: AdminRun.Outcome) throws {
        for line in outcome.output { print(line) }
        for line in outcome.errors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }
}

/// One admin action, run on the server the `admin` command names.
protocol AdminAction: ParsableCommand {
    func run(on admin: AdminRun) async -> AdminRun.Outcome
}

/// The actions `understudy admin URL` takes, parsed after the URL.
struct Actions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy admin <url>",
        subcommands: [Stubs.self, Reset.self, Requests.self, Count.self, Wait.self, Recording.self]
    )

    struct Stubs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stubs",
            abstract: "Add, list or remove stubs.", subcommands: [Add.self, List.self, Remove.self])

        struct Add: AdminAction {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Add the stubs of spec files (or WireMock mappings), fixtures read here.")
            @Argument(help: "Spec files (YAML or JSON) or WireMock mapping files and roots.") var files: [String]
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.addStubs(paths: files) }
        }

        struct List: AdminAction {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the server's stubs in the spec-file schema.")
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.listStubs() }
        }

        struct Remove: AdminAction {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove one stub by id.")
            @Argument(help: "The stub's id.") var id: String
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.removeStub(id) }
        }
    }

    struct Recording: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record", abstract: "Start, stop or ask about a recording (WireMock's recorder).",
            subcommands: [Start.self, Stop.self, Status.self])

        struct Start: AdminAction {
            static let configuration = CommandConfiguration(commandName: "start", abstract: "Forward what no stub answers to --target and record it.")
            @Option(help: "The API to record (http or https).") var target: String
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.record("start", target: target) }
        }

        struct Stop: AdminAction {
            static let configuration = CommandConfiguration(
                commandName: "stop",
                abstract: "Stop recording; `understudy record` writes its spec then. Exits 1 when the secret scan refused the output.")
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.record("stop") }
        }

        struct Status: AdminAction {
            static let configuration = CommandConfiguration(commandName: "status", abstract: "Print NeverStarted, Recording or Stopped.")
            func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.record("status") }
        }
    }

    struct Reset: AdminAction {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Put the server back as it started: its own stubs, an empty journal, scenarios at Started.")
        func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.reset() }
    }

    struct Requests: AdminAction {
        static let configuration = CommandConfiguration(commandName: "requests", abstract: "Print the requests the server received, secrets masked.")
        @Flag(help: "Only the requests no stub matched, each with its near-miss report.") var unmatched = false
        @Flag(help: "Print the journal entries as JSON.") var json = false
        func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.requests(unmatchedOnly: unmatched, json: json) }
    }

    struct Count: AdminAction {
        static let configuration = CommandConfiguration(commandName: "count", abstract: "Print how many received requests match a pattern.")
        @Argument(help: "\"METHOD /path\" or a spec request block such as '{method: GET, path: /x}'.") var pattern: String
        @Option(help: "Exit 1 unless exactly this many matched.") var expect: Int?
        func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.count(pattern, expected: expect) }
    }

    struct Wait: AdminAction {
        static let configuration = CommandConfiguration(
            commandName: "wait",
            abstract: "Wait for the next request matching a pattern; exit 1 with what came instead on timeout.")
        @Argument(help: "\"METHOD /path\" or a spec request block such as '{method: GET, path: /x}'.") var pattern: String
        @Option(help: "How long to wait, in seconds.") var timeout: Double = 5
        func validate() throws {
            guard timeout >= 0, timeout <= 300 else { throw ValidationError("--timeout is between 0 and 300 seconds") }
        }
        func run(on admin: AdminRun) async -> AdminRun.Outcome { await admin.wait(pattern, timeout: .milliseconds(Int64(timeout * 1000))) }
    }
}
