import ArgumentParser
import Foundation
import Logging
import StubKit
import StubRecording
import StubServer
import UnderstudyCLI

/// `understudy record --target URL --out DIR`: a recording proxy.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Forward requests to a real API and record them as a spec file that replays them.",
        discussion: """
            Point the client at the printed URL. Every request is forwarded to --target and logged.
            On SIGINT or SIGTERM (or `understudy admin URL record stop`, or POST /__admin/recordings/stop)
            the exchanges are written to DIR/NAME: one stub per distinct request, repeated requests
            with different answers as a sequence, JSON pretty-printed with sorted keys, large and binary
            bodies in DIR/fixtures/. Credentials are never written: ts, hash, Authorization and cookies
            leave the matchers; API keys and tokens become ${NAME} placeholders read from the environment
            on replay; a Marvel-signed session gets a Marvel guard. A secret scan runs before anything is
            written and, if a redacted value would still be in the output, writes only
            DIR/recording-refused.txt and exits 1.

                Read more: docs/recording.md in the Understudy repository.
            """
    )

    @Option(help: "The API to forward to and record (http or https), e.g. https://gateway.marvel.com.")
    var target: String

    @Option(name: .customLong("out"), help: ArgumentHelp("The folder the spec and its fixtures are written to.", valueName: "dir"))
    var out: String

    @Option(help: "The address to bind (numeric IPv4 or IPv6, or localhost).")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 0

    @OptionGroup(title: "What is recorded")
    var recording: RecordingOptions

    @OptionGroup(title: "The target")
    var upstreamTrust: UpstreamTrustOptions

    @Option(help: "The most requests the journal keeps while recording; more are reported, not recorded.")
    var journalCapacity = StubServer.Configuration.default.journalCapacity

    @Flag(help: "Log nothing per request.")
    var quiet = false

    @Flag(help: #"Print exactly one ready line, {"url":…,"port":…}, for scripts."#)
    var readyJSON = false

    @Option(name: .customLong("admin-token"), help: ArgumentHelp("Answer admin calls from any address that sends Authorization: Bearer TOKEN.", valueName: "token"))
    var adminToken: String?

    func validate() throws {
        guard let url = URL(string: target), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError("--target must be an http or https URL, such as https://gateway.marvel.com, not \"\(target)\"")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        guard journalCapacity >= 1 else { throw ValidationError("--journal-capacity must be at least 1") }
    }

    func run() throws {
        var configuration = StubServer.Configuration.default
        configuration.host = host
        configuration.port = port
        configuration.journalCapacity = journalCapacity
        let server: StubServer
        let session: RecordSession
        do {
            configuration.upstreamCertificateAuthorities = try upstreamTrust.authorities()
            server = try StubServer.start(.stubs([], configuration: configuration))
            session = try RecordSession(server: server, target: URL(string: target)!, folder: URL(fileURLWithPath: out),
                                        specName: recording.specName, rules: recording.rules)
        } catch {
            FileHandle.standardError.write(Data("understudy: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let logger = Logger(label: "understudy") { _ in PlainLogHandler() }
        let log = RequestLog(server: server, logger: logger, colour: isatty(STDERR_FILENO) != 0, quiet: quiet)
        log.start()
        let serving = ServeSession(server: server) { _ in
            log.flush()
            let outcome = session.finish()
            outcome.lines.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            Foundation.exit(outcome.exitCode)
        }
        let admin = AdminMounting.mount(on: server, enabled: true, token: adminToken, paths: [], recorder: session.recorder) { recording in
            let outcome = session.write(recording)
            outcome.lines.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            FileHandle.standardError.write(Data("understudy: recording stopped; replaying it until interrupted\n".utf8))
        } onShutdown: {
            log.flush()
            Foundation.exit(session.finish().exitCode)
        }
        if let note = admin.note { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        emitLine(readyJSON ? serving.readyJSON : "understudy: recording \(target) at \(server.baseURL.absoluteString) into \(out)/\(recording.specName); stop with Ctrl-C")
        withExtendedLifetime((serving, log, session)) { dispatchMain() }
    }
}
