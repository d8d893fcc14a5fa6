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

    @Option(name: .customLong("spec"), help: ArgumentHelp("The spec file's name in the folder.", valueName: "name.yaml"))
    var specName = "recording.yaml"

    @Option(help: "The address to bind (numeric IPv4 or IPv6, or localhost).")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 0

    @Option(name: .customLong("redact-query"), help: ArgumentHelp("A query parameter that changes per request, dropped from the matchers (repeatable; ts, hash, signature, sig, nonce always).", valueName: "name"))
    var redactQuery: [String] = []

    @Option(name: .customLong("redact-header"), help: ArgumentHelp("A request header that carries a credential, never matched or written (repeatable; Authorization, Proxy-Authorization, Cookie always).", valueName: "name"))
    var redactHeader: [String] = []

    @Option(name: .customLong("placeholder"), help: ArgumentHelp("A query parameter, header or JSON member whose value is written as ${VARIABLE} and read from the environment on replay (repeatable; apikey, api_key, X-API-Key, access_token, token, password, client_secret… by default).", valueName: "name=VARIABLE"))
    var placeholder: [String] = []

    @Option(name: .customLong("match-header"), help: ArgumentHelp("A request header the recorded stubs match on (repeatable; none by default).", valueName: "name"))
    var matchHeader: [String] = []

    @Flag(help: "Keep only the first answer to repeated identical requests (default: all, as a sequence whose last answer repeats).")
    var firstAnswerOnly = false

    @Option(help: "Bodies larger than this many bytes go to fixture files.")
    var inlineLimit = RecordingRules().inlineBodyLimit

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
        guard !specName.isEmpty, !specName.contains("/"), specName != ".", specName != ".." else {
            throw ValidationError("--spec is a file name inside --out, not a path: \"\(specName)\"")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        guard inlineLimit >= 0 else { throw ValidationError("--inline-limit must be 0 or more") }
        guard journalCapacity >= 1 else { throw ValidationError("--journal-capacity must be at least 1") }
        for pair in placeholder where placeholderPair(pair) == nil {
            throw ValidationError("--placeholder takes name=VARIABLE (VARIABLE: letters, digits and _), not \"\(pair)\"")
        }
    }

    private func placeholderPair(_ text: String) -> (String, String)? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty,
              parts[1].range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil else { return nil }
        return (parts[0], parts[1])
    }

    var rules: RecordingRules {
        var placeholders = RecordingRules.defaultPlaceholders
        for pair in placeholder { if let (name, variable) = placeholderPair(pair) { placeholders[name.lowercased()] = variable } }
        return RecordingRules(
            droppedQuery: RecordingRules.defaultDroppedQuery.union(redactQuery),
            droppedHeaders: RecordingRules.defaultDroppedHeaders.union(redactHeader),
            placeholders: placeholders, matchedHeaders: matchHeader,
            repeatsAsSequence: !firstAnswerOnly, inlineBodyLimit: inlineLimit)
    }

    func run() throws {
        var configuration = StubServer.Configuration.default
        configuration.host = host
        configuration.port = port
        configuration.journalCapacity = journalCapacity
        let server: StubServer
        let session: RecordSession
        do {
            server = try StubServer.start(.stubs([], configuration: configuration))
            session = try RecordSession(server: server, target: URL(string: target)!, folder: URL(fileURLWithPath: out),
                                        specName: specName, rules: rules)
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
        emitLine(readyJSON ? serving.readyJSON : "understudy: recording \(target) at \(server.baseURL.absoluteString) into \(out)/\(specName); stop with Ctrl-C")
        withExtendedLifetime((serving, log, session)) { dispatchMain() }
    }
}
