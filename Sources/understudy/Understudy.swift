import ArgumentParser

/// `understudy`: an HTTP stand-in for API clients under test.
@main
struct Understudy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "An HTTP stand-in for API clients under test.",
        subcommands: [Serve.self]
    )
}
