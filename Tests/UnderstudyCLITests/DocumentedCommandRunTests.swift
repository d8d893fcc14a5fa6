import Foundation
import Testing
import UnderstudyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Every `understudy …` command line the README, docs/ and the DocC articles
/// show is run, as shown, in a fresh copy of the example project
/// (`docs/examples/`, with the repository's Marvel spec, contract and
/// fixtures beside it), and does what the page says: exits with the status
/// its table row names, or serves until stopped.
///
/// What a reader's machine has and a test must not use is stood in for:
/// the example hosts (`http://127.0.0.1:8080`, `https://api.example.com`, …)
/// become a server this test starts from the row's `provider` arguments,
/// `--port 8080` becomes `--port 0`, `/tmp/…/ca.pem` the provider's
/// authority, and `[optional]` words of a synopsis are left out.
@Suite struct DocumentedCommandRunTests {
    /// What a documented command needs and does.
    struct Run: Sendable {
        /// What the command does when run.
        enum Outcome: Sendable {
            /// Runs to the end with this exit status.
            case exits(Int32)
            /// Serves (`serve`, `record`) until stopped, then exits 0.
            case serves
        }

        var outcome: Outcome
        /// `understudy serve` arguments of the server the page's example
        /// hosts stand for; `nil` when the command names none.
        var provider: [String]?
        /// Requests sent to the provider before the command runs, "METHOD /path".
        var before: [String]

        init(_ outcome: Outcome, provider: [String]? = nil, before: [String] = []) {
            self.outcome = outcome
            self.provider = provider
            self.before = before
        }
    }

    /// What each shown command needs and does, by its words. A command a
    /// page shows without a row here fails the test, and so does a row no
    /// page shows any more.
    static let runs: [String: Run] = [
        "--help": Run(.exits(0)),
        "--version": Run(.exits(0)),
        // Serving
        "serve specs/users.yaml --port 8080": Run(.serves),
        "serve specs/marvel.yaml [more.yaml…] [--marvel] [--host 127.0.0.1] [--port 8080] [--watch] [--quiet]": Run(.serves),
        "serve specs/marvel.yaml --tls": Run(.serves),
        "serve wiremock/": Run(.serves),
        "serve wiremock/ extra-stubs.yaml --port 8080": Run(.serves),
        "serve wiremock/ --lenient": Run(.serves),
        "serve wiremock/mappings/cart.json": Run(.serves),
        "serve pacts/App-Api.json": Run(.serves),
        "serve pacts/App-Api.json --tls --ready-json": Run(.serves),
        "serve openapi.yaml": Run(.serves),
        "serve --stateful openapi.yaml": Run(.serves),
        "serve --marvel": Run(.serves),
        "serve api.yaml --port 8080": Run(.serves),
        "serve api.yaml --tls-cert server.pem --tls-key server-key.pem": Run(.serves),
        "serve api.yaml --tls --tls-client-ca clients-ca.pem": Run(.serves),
        "serve fixtures/pacts/items-v4.json --provider-state-header X-Provider-State": Run(.serves),
        // Checking
        "lint specs/ wiremock/": Run(.exits(0)),
        "lint specs/users.yaml --openapi openapi.yaml": Run(.exits(0)),
        "lint specs/*.yaml [--strict]": Run(.exits(0)),
        "lint wiremock/": Run(.exits(0)),
        "lint fixtures/pacts/items-v4.json": Run(.exits(0)),
        "check contracts/": Run(.exits(0)),
        "check [specs]": Run(.exits(0)),
        // Verifying: a drifted provider fails, the others pass
        "verify specs/users.yaml --against https://api.example.com": Run(.exits(0), provider: ["specs/users.yaml"]),
        "verify specs/marvel.yaml --against URL": Run(.exits(0), provider: ["--marvel"]),
        "verify --pact pacts/App-Api.json --against http://127.0.0.1:8080 --state-change-url http://127.0.0.1:8080/_pact/state":
            Run(.exits(0), provider: ["pacts/App-Api.json", "provider-states.yaml"]),
        "verify --pact pacts/App-Api.json --against https://127.0.0.1:8443 --ca-certificate /tmp/…/ca.pem":
            Run(.exits(0), provider: ["pacts/App-Api.json", "--tls"]),
        "verify --pact pacts/MarvelApp-Marvel.json --against http://127.0.0.1:8080 --state-change-url http://127.0.0.1:8080/_pact/state":
            Run(.exits(0), provider: ["--marvel", "provider-states.yaml"]),
        "verify --pact pacts/ShopApp-Shop.json --against http://127.0.0.1:8080 --state-change-url http://127.0.0.1:8080/_pact/state":
            Run(.exits(1), provider: ["shop-provider.yaml"]),
        // Recording and exporting
        "record --target https://api.example.com --out specs/": Run(.serves, provider: ["specs/users.yaml"]),
        "record --target https://gateway.marvel.com --out specs/recorded": Run(.serves, provider: ["--marvel"]),
        "record --target https://gateway.marvel.com --out specs/recorded --spec marvel.yaml": Run(.serves, provider: ["--marvel"]),
        "export specs/users.yaml --out shared/": Run(.exits(0)),
        "export --format wiremock api.yaml --out shared/": Run(.exits(0)),
        "import har session.har --out specs/imported --spec api.yaml": Run(.exits(0)),
        "serve specs/ --keep-responses": Run(.serves),
        "export --format har --journal http://127.0.0.1:8080 --out session.har": Run(.exits(0), provider: ["api.yaml"], before: ["GET /greeting"]),
        // Administering a running server
        "admin http://127.0.0.1:8080 stubs list": Run(.exits(0), provider: ["api.yaml"]),
        "admin http://127.0.0.1:8080 stubs add extra.yaml": Run(.exits(0), provider: ["api.yaml"]),
        "admin http://127.0.0.1:8080 count GET /greeting --expect 1": Run(.exits(0), provider: ["api.yaml"], before: ["GET /greeting"]),
        "admin http://127.0.0.1:8080 wait {method: POST, path: /events} --timeout 10":
            Run(.exits(0), provider: ["api.yaml"], before: ["POST /events"]),
        "admin http://127.0.0.1:8080 requests --unmatched": Run(.exits(0), provider: ["api.yaml"], before: ["GET /nothing-here"]),
        "admin http://127.0.0.1:8080 reset": Run(.exits(0), provider: ["api.yaml"]),
        "admin http://127.0.0.1:8080 record start --target https://api.example.com": Run(.exits(0), provider: ["api.yaml"]),
    ]

    /// The hosts the pages use as examples; each becomes the provider's URL.
    static let exampleHosts = ["http://127.0.0.1:8080", "https://127.0.0.1:8443", "https://api.example.com", "https://gateway.marvel.com"]

    /// The shown commands, one per distinct command line, with every place it is shown.
    static func distinct() throws -> [Shown] {
        var seen: [String: Shown] = [:], order: [String] = []
        for command in try DocumentedCommandsTests.shown() {
            let key = command.words.joined(separator: " ")
            if var known = seen[key] {
                known.places += command.places
                seen[key] = known
            } else {
                seen[key] = command
                order.append(key)
            }
        }
        return order.compactMap { seen[$0] }
    }

    @Test func everyShownCommandHasARowAndEveryRowIsShown() throws {
        let shown = Set(try Self.distinct().map { $0.words.joined(separator: " ") })
        for key in shown.subtracting(Self.runs.keys).sorted() {
            Issue.record("`understudy \(key)` is shown but has no row in DocumentedCommandRunTests.runs: say what it needs and does")
        }
        for key in Set(Self.runs.keys).subtracting(shown).sorted() {
            Issue.record("`understudy \(key)` has a row in DocumentedCommandRunTests.runs but no page shows it any more")
        }
    }

    @Test(arguments: try DocumentedCommandRunTests.distinct())
    func runsAsShown(_ command: Shown) async throws {
        guard let run = Self.runs[command.words.joined(separator: " ")] else { return }
        let workspace = try await ExampleProject.copy(certificates: command.words.contains { $0.hasSuffix(".pem") })
        defer { try? FileManager.default.removeItem(at: workspace) }
        let understudy = try BuiltProducts.url("understudy")

        var provider: ChildProcess?
        defer { provider?.kill() }
        var hostURL = "", authority = ""
        if let arguments = run.provider {
            let child = try ChildProcess(understudy, ["serve", "--ready-json", "--quiet"] + arguments, directory: workspace)
            provider = child
            let ready = try Self.ready(await child.readLine(), of: "the provider (understudy serve \(arguments.joined(separator: " ")))")
            hostURL = ready.url
            authority = ready.authority ?? ""
            let client = HTTPClient()
            defer { client.close() }
            for request in run.before {
                let parts = request.split(separator: " ", maxSplits: 1).map(String.init)
                _ = try await client.send(parts[0], URL(string: hostURL + parts[1])!)
            }
        }

        var arguments = Self.arguments(command.words, host: hostURL, authority: authority, in: workspace)
        switch run.outcome {
        case .exits(let expected):
            let ended = try await ChildProcess.finished(understudy, arguments, directory: workspace)
            #expect(ended.status == expected, """
                \(command): exited \(ended.status), not \(expected)
                ran: understudy \(arguments.joined(separator: " "))
                output: \(ended.output)
                errors: \(ended.errors)
                """)
        case .serves:
            if !arguments.contains("--ready-json") { arguments.insert("--ready-json", at: 1) }
            let child = try ChildProcess(understudy, arguments, directory: workspace)
            defer { child.kill() }
            let line = await child.readLine()
            let ready: (url: String, authority: String?)
            do { ready = try Self.ready(line, of: "understudy \(arguments.joined(separator: " "))") } catch {
                let ended = await child.stop()
                Issue.record("\(command): no ready line (\(error)); exited \(ended.status): \(ended.errors)")
                return
            }
            if ready.url.hasPrefix("http:") {
                let client = HTTPClient()
                defer { client.close() }
                let answer = try await client.get(URL(string: ready.url + "/")!)
                #expect((100..<600).contains(answer.status), "\(command): GET / was not answered")
            }
            let ended = await child.stop()
            #expect(ended.status == 0, "\(command): exited \(ended.status) when stopped: \(ended.errors)")
        }
    }

    /// The ready line's URL and, with TLS, its authority's file.
    static func ready(_ line: String, of what: String) throws -> (url: String, authority: String?) {
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard let url = object?["url"] as? String else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "\(what) printed no ready line: \(line)"])
        }
        return (url, object?["caCertificate"] as? String)
    }

    /// `words` as they run here: optional words left out, example hosts and
    /// ports stood in for, globs expanded in `workspace`.
    static func arguments(_ words: [String], host: String, authority: String, in workspace: URL) -> [String] {
        var result: [String] = [], optional = false
        for (index, word) in words.enumerated() {
            if word.hasPrefix("[") { optional = true }
            defer { if word.hasSuffix("]") { optional = false } }
            guard !optional else { continue }
            var word = word
            if index > 0, words[index - 1] == "--port" { word = "0" }
            if word == "URL" { word = host }
            if word == "/tmp/…/ca.pem" { word = authority }
            for example in exampleHosts where word.hasPrefix(example) { word = host + word.dropFirst(example.count) }
            result += word.contains("*") ? glob(word, in: workspace) : [word]
        }
        return result
    }

    /// The files `pattern` (a `*` in its last component) names in `folder`, sorted.
    static func glob(_ pattern: String, in folder: URL) -> [String] {
        let directory = (pattern as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(directory).path)) ?? []
        let last = (pattern as NSString).lastPathComponent
        return names.filter { fnmatch(last, $0, 0) == 0 }.sorted().map { directory.isEmpty ? $0 : directory + "/" + $0 }
    }
}

/// The `curl` session the WireMock page shows (a server started with `&`,
/// then admin calls) runs in order against that server: each call succeeds
/// (`curl --fail`), and one whose comment quotes its output prints that.
@Suite struct DocumentedCurlSessionTests {
    @Test func theWireMockPagesAdminSessionRunsAsShown() async throws {
        let page = "docs/coming-from-wiremock.md"
        let lines = try String(contentsOf: CommandLineSpecTests.root.appendingPathComponent(page), encoding: .utf8)
            .components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("understudy serve") && $0.hasSuffix("&") }) else {
            Issue.record("\(page) shows no `understudy serve … &` session any more")
            return
        }
        let served = Array(lines[start...].prefix { !$0.hasPrefix("```") })
        let server = DocumentedCommandsTests.words(of: String(served[0].dropFirst("understudy ".count)))
        let workspace = try await ExampleProject.copy(certificates: false)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let child = try ChildProcess(try BuiltProducts.url("understudy"),
                                     DocumentedCommandRunTests.arguments(server, host: "", authority: "", in: workspace) + ["--ready-json", "--quiet"],
                                     directory: workspace)
        defer { child.kill() }
        let ready = try DocumentedCommandRunTests.ready(await child.readLine(), of: served[0])
        let hostAndPort = ready.url.replacingOccurrences(of: "http://", with: "")
        var ran = 0
        for (offset, line) in served.enumerated().dropFirst() where line.hasPrefix("curl ") {
            let words = DocumentedCommandsTests.words(of: String(line.dropFirst("curl ".count)))
                .map { $0.replacingOccurrences(of: "localhost:8080", with: hostAndPort) }
            let call = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "--fail", "-sS"] + words)
            let place = "\(page):\(start + offset + 1): \(line)"
            #expect(call.status == 0, "\(place): curl exited \(call.status): \(call.errors)")
            if let quoted = Self.quotedOutput(line) {
                #expect(call.output.hasPrefix(quoted), "\(place): printed \(call.output)")
            }
            ran += 1
        }
        #expect(ran >= 4, "\(page): \(ran) curl lines in the session")
    }

    /// The output a line's comment quotes (`# hi`, `# {"count":1,…}`), up to
    /// its ellipsis; `nil` for a comment that describes instead.
    static func quotedOutput(_ line: String) -> String? {
        guard let hash = line.range(of: "  # ") else { return nil }
        let comment = line[hash.upperBound...].trimmingCharacters(in: .whitespaces)
        let quoted = comment.split(separator: "…", maxSplits: 1).first.map(String.init) ?? comment
        return comment.hasPrefix("{") || !comment.contains(" ") ? quoted : nil
    }
}
