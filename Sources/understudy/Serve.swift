import ArgumentParser
import Foundation
import MarvelFake
import StubServer
import UnderstudyCLI

/// `understudy serve --marvel`: serves the Marvel Comics API fake until SIGINT or SIGTERM.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve stubs until interrupted.",
        discussion: """
            Prints one ready line with the bound URL, then serves until SIGINT or SIGTERM.
            With --marvel, serves the whole Marvel Comics API (39 routes, signed with the
            documentation's keys 1234/abcd unless told otherwise).
            """
    )

    @Flag(help: "Serve the Marvel Comics API fake.")
    var marvel = false

    @Option(help: "The address to bind (numeric IPv4 or IPv6, or localhost).")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 0

    @Option(help: "The Marvel public key the fake accepts.")
    var publicKey = MarvelFake.Configuration.documentationPublicKey

    @Option(help: "The Marvel private key the fake accepts.")
    var privateKey = MarvelFake.Configuration.documentationPrivateKey

    @Option(help: "Calls allowed before 429 RequestThrottled (default: unlimited).")
    var callBudget: Int?

    @Flag(help: "Print the ready line as JSON.")
    var readyJSON = false

    func validate() throws {
        guard marvel else { throw ValidationError("nothing to serve: pass --marvel") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        if let callBudget, callBudget < 0 { throw ValidationError("--call-budget must be 0 or more") }
    }

    func run() throws {
        let fake = try MarvelFake(.init(publicKey: publicKey, privateKey: privateKey, callBudget: callBudget))
        let server = try fake.start(host: host, port: port)
        let session = ServeSession(server: server) { _ in Foundation.exit(0) }
        if readyJSON {
            emitLine(session.readyJSON(serving: "marvel"))
        } else {
            emitLine(session.readyLine(serving: "the Marvel Comics API"))
            emitLine("try: curl '\(server.baseURL.absoluteString)/v1/public/comics?limit=1&\(fake.signedQuery(timestamp: "1"))'")
        }
        withExtendedLifetime(session) { dispatchMain() }
    }
}
