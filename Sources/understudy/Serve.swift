import ArgumentParser
import Foundation
import WireMockFormat
import Logging
import MarvelFake
import StubKit
import StubServer
import StubSpec
import UnderstudyCLI

/// `understudy serve SPEC... [--marvel]`: serves stubs until SIGINT or SIGTERM.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve spec files (and/or the Marvel fake) until interrupted.",
        discussion: """
            Prints one ready line with the bound URL, then logs each request to standard
            error: the stub it matched, or the near-miss report when none did (with
            --quiet, only the requests that matched nothing). With
            --watch, a changed spec is reloaded without dropping requests in flight (a
            spec that no longer loads is reported and the old stubs stay). With --marvel,
            the whole Marvel Comics API is served after the specs' stubs.

                Read more: docs/command-line.md, docs/stubs.md, docs/spec-format.md in the Understudy repository.
            """
    )

    @Argument(help: "Spec files (YAML or JSON), pact files (V2-V4), OpenAPI documents, WireMock mapping files, WireMock root folders (with mappings/ and __files/), or folders of spec files.")
    var specs: [String] = []

    @Flag(help: "Serve the WireMock mappings that translate and list those that use what Understudy cannot serve (webhooks, XML...).")
    var lenient = false

    @OptionGroup(title: "Templating") var templatingOptions: TemplatingOptions

    /// Which WireMock responses are templates.
    var templating: WireMockTemplating { templatingOptions.templating }

    @Flag(help: "Serve the Marvel Comics API fake (39 routes, keys 1234/abcd unless told otherwise).")
    var marvel = false

    @Option(help: "The address to bind (numeric IPv4 or IPv6, or localhost).")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 0

    @Option(help: "Threads that accept and serve connections (default: one per core).")
    var threads: Int?

    @Flag(help: "Reload the specs when they change.")
    var watch = false

    @Option(name: .customLong("openapi"), help: "Check every request and response served against this OpenAPI document and log what breaks it.")
    var openAPI: String?

    @Flag(help: "Keep each answer's headers and body in the journal, so GET /__admin/journal?format=har (and export --format har) carry them.")
    var keepResponses = false

    @Flag(help: "Serve each collection an OpenAPI document describes (GET or POST on /users beside GET, PUT, PATCH or DELETE on /users/{id}) as a stateful resource, each request checked against its operation and each answer against the document.")
    var stateful = false

    @Option(help: "Seeds the bodies made from OpenAPI schemas and random delays, so two runs answer alike (default: 0 for bodies, random for delays).")
    var seed: UInt64?

    @Option(help: "The Marvel public key the fake accepts.")
    var publicKey = MarvelFake.Configuration.documentationPublicKey

    @Option(help: "The Marvel private key the fake accepts.")
    var privateKey = MarvelFake.Configuration.documentationPrivateKey

    @Option(help: "Calls allowed before 429 RequestThrottled (default: unlimited).")
    var callBudget: Int?

    @Option(help: "The most requests the journal keeps; older ones are evicted, counted and reported.")
    var journalCapacity = StubServer.Configuration.default.journalCapacity

    @Flag(help: "Log only the requests no stub matched (with their near-miss reports), reloads and errors.")
    var quiet = false

    @Flag(help: "Show Marvel's hash and apikey, Authorization headers and cookies in the log and 404 reports (masked by default).")
    var showSecrets = false

    @Flag(help: #"Print exactly one ready line, {"url":…,"port":…}, for scripts."#)
    var readyJSON = false

    @Option(name: .customLong("provider-state-header"), help: ArgumentHelp(
        "For pacts: a request sending this header is answered only by interactions in the provider state it names (as pact stub's --provider-state-header-name).",
        valueName: "name"))
    var providerStateHeader: String?

    @Flag(name: .customLong("no-admin"), help: "Serve no admin routes (/__admin, WireMock's admin API).")
    var noAdmin = false

    @Option(name: .customLong("admin-token"), help: ArgumentHelp(
        "Answer admin calls from any address that sends Authorization: Bearer TOKEN (without it, loopback callers only).",
        valueName: "token"))
    var adminToken: String?

    @OptionGroup(title: "HTTP")
    var http: HTTPOptions

    @OptionGroup(title: "HTTPS")
    var tls: TLSOptions

    @OptionGroup(title: "Proxy stubs")
    var upstreamTrust: UpstreamTrustOptions

    func validate() throws {
        guard marvel || !specs.isEmpty else { throw ValidationError("nothing to serve: name spec files or pass --marvel") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, not \(port)") }
        if let callBudget, callBudget < 0 { throw ValidationError("--call-budget must be 0 or more") }
        try tls.check()
        guard journalCapacity >= 1 else { throw ValidationError("--journal-capacity must be at least 1") }
        if let threads, !(1...1024).contains(threads) { throw ValidationError("--threads must be 1...1024, not \(threads)") }
    }

    func run() throws {
        keepFreedMemoryForReuse()
        let loaded = SpecLoading(paths: specs, lenient: lenient, providerStateHeader: providerStateHeader, seed: seed ?? 0, templating: templating,
                                 stateful: stateful)
        guard loaded.problems.isEmpty else {
            loaded.problems.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            throw ExitCode(2)
        }
        for skip in loaded.skipped {
            FileHandle.standardError.write(Data("\(skip.with(.warning)) (skipped)\n".utf8))
        }
        for warning in loaded.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
        let fake = marvel ? try MarvelFake(.init(publicKey: publicKey, privateKey: privateKey, callBudget: callBudget)) : nil
        let extra = fake?.stubs ?? []
        var configuration = StubServer.Configuration.default
        configuration.host = host
        configuration.port = port
        // A shared server, so every core: each thread a loop of its own accepting and serving its connections.
        configuration.threadCount = threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        configuration.redaction = showSecrets ? .none : .secrets
        configuration.journalCapacity = journalCapacity
        configuration.randomSeed = seed
        configuration.permittedSystemKeys = templatingOptions.systemKeys
        for (path, collections) in loaded.statefulCollections {
            let listed = collections.isEmpty ? " none found (a collection is GET or POST on /items beside GET, PUT, PATCH or DELETE on /items/{id})"
                : "\n" + collections.map { "  " + $0 }.joined(separator: "\n")
            FileHandle.standardError.write(Data("\(path): stateful resources:\(listed)\n".utf8))
        }
        // --stateful checks each answer against the one document served, unless --openapi names another.
        let contractPath = openAPI ?? (stateful && loaded.openAPISources.count == 1 ? loaded.openAPISources[0].path : nil)
        if let contractPath {
            do {
                configuration.contract = try OpenAPILinting.contract(contractPath)
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        http.apply(to: &configuration)
        let server: StubServer
        let authorityFile: URL?
        do {
            configuration.tls = try tls.setting()
            configuration.upstreamCertificateAuthorities = try upstreamTrust.authorities()
            server = try StubServer.start(.stubs(loaded.stubs + extra, configuration: configuration))
            authorityFile = try TLSOptions.writeAuthority(of: server)
            if keepResponses { server.keepsServedResponses = true }
        } catch {
            FileHandle.standardError.write(Data("understudy: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let logger = Logger(label: "understudy") { _ in PlainLogHandler() }
        if let warning = ExposureWarning(host: server.host) {
            FileHandle.standardError.write(Data("\(warning.text(colour: isatty(STDERR_FILENO) != 0))\n".utf8))
        }
        let log = RequestLog(server: server, logger: logger, colour: isatty(STDERR_FILENO) != 0, quiet: quiet)
        log.start()
        let session = ServeSession(server: server, certificateAuthority: authorityFile) { _ in
            log.flush()
            authorityFile.map { try? FileManager.default.removeItem(at: $0) }
            Foundation.exit(0)
        }
        let admin = AdminMounting.mount(on: server, enabled: !noAdmin, token: adminToken, paths: specs, templating: templating) {
            log.flush()
            Foundation.exit(0)
        }
        if let note = admin.note { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        if admin.mounted { session.userInterface = server.url("/__admin/ui") }
        let what = ([marvel ? "the Marvel Comics API" : nil] + specs.map { Optional($0) }).compactMap { $0 }.joined(separator: " + ")
        if readyJSON {
            emitLine(session.readyJSON)
        } else {
            emitLine(session.readyLine(serving: what))
            if let fake { emitLine("try: curl '\(server.baseURL.absoluteString)/v1/public/comics?limit=1&\(fake.signedQuery(timestamp: "1"))'") }
        }
        var watcher: SpecWatcher?
        if watch, !specs.isEmpty {
            let paths = specs
            watcher = SpecWatcher(paths: paths) {
                let reloaded = SpecLoading(paths: paths, lenient: lenient, providerStateHeader: providerStateHeader, seed: seed ?? 0,
                                           templating: templating, stateful: stateful)
                guard reloaded.problems.isEmpty else {
                    logger.error("reload refused, still serving the previous stubs:\n\(reloaded.problems.map(\.description).joined(separator: "\n"))")
                    return
                }
                do {
                    try server.replaceAll(with: reloaded.stubs + extra)
                    logger.info("reloaded \(paths.joined(separator: ", ")): \(reloaded.stubs.count) stub\(reloaded.stubs.count == 1 ? "" : "s")")
                } catch {
                    logger.error("reload refused: \(error)")
                }
            }
            watcher?.start()
        }
        withExtendedLifetime((session, watcher, log)) { dispatchMain() }
    }
}
