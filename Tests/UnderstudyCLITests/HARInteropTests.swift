import Foundation
import MarvelClient
import MarvelModels
import MarvelStubs
import StubKit
import StubServer
import StubSpec
import Testing
import UnderstudyTestSupport

/// HAR in and out, against mitmproxy (PyPI, in .build/venv-mitmproxy):
/// mitmproxy records a signed Marvel session as HAR in front of `understudy
/// serve --marvel`, `understudy import har` turns it into a spec that holds
/// no key, timestamp or hash and replays every request; binary and gzip
/// bodies survive the trip; the journal we export loads in mitmproxy.
@Suite(.serialized, .enabled(if: Mitmproxy.executable != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                             "mitmproxy is not installed (scripts/test installs it in .build/venv-mitmproxy with Python 3.12; under CI its absence fails)"))
struct HARInteropTests {
    /// mitmdump as a reverse proxy to `upstream`, writing every flow to `har` when it stops.
    final class ReverseProxy: Sendable {
        let child: ChildProcess
        let url: URL

        init(to upstream: URL, har: URL, folder: URL) async throws {
            let mitmdump = try #require(Mitmproxy.executable, "mitmproxy is not installed")
            child = try ChildProcess(mitmdump, ["--set", "confdir=\(folder.path)/mitm", "--listen-host", "127.0.0.1", "-p", "0",
                                                "--mode", "reverse:\(upstream.absoluteString)", "--set", "hardump=\(har.path)"], directory: folder)
            guard let listening = await child.readLine(matching: #"listening at 127\.0\.0\.1:[0-9]+"#),
                  let port = listening.split(separator: ":").last else {
                throw RecordingTestError("mitmdump did not start: \(await child.stop().output)")
            }
            url = URL(string: "http://127.0.0.1:\(port)")!
        }

        /// SIGTERM: mitmdump writes the HAR file as it exits.
        func stop() async -> (status: Int32, output: String) {
            let ended = await child.stop()
            return (ended.status, ended.output + ended.errors)
        }
    }

    @Test func mitmproxyRecordsASignedSessionThatImportsWithoutSecretsAndReplays() async throws {
        StubPlugins.register(.marvel)
        let folder = try recordingFolder("har-marvel")
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = try await ReadyProcess(["serve", "--marvel", "--public-key", RecordMarvelTests.publicKey,
                                               "--private-key", RecordMarvelTests.privateKey, "--quiet"])
        defer { upstream.kill() }
        let har = folder.appendingPathComponent("session.har")
        let proxy = try await ReverseProxy(to: upstream.url, har: har, folder: folder)
        let clock = RecordMarvelTests.Clock()
        let credentials = MarvelCredentials.serverSide(publicKey: RecordMarvelTests.publicKey, privateKey: RecordMarvelTests.privateKey)
        let recorded = try await RecordMarvelTests.drive(MarvelAPIClient(baseURL: proxy.url, credentials: credentials, timestamp: clock.tick),
                                                         requests: 12)
        let (status, log) = await proxy.stop()
        #expect(status == 0 && log.contains("HAR file saved"), "\(log.suffix(2000))")

        let out = folder.appendingPathComponent("imported")
        let imported = try await CommandLineSpecTests.finished(["import", "har", har.path, "--out", out.path, "--spec", "marvel.yaml"])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("imported 12 requests"), "\(imported.errors)")
        let hashes = clock.issued.map { MarvelSigner.hash(timestamp: $0, privateKey: RecordMarvelTests.privateKey, publicKey: RecordMarvelTests.publicKey) }
        for (path, data) in writtenFiles(in: out) {
            let text = String(decoding: data, as: UTF8.self)
            for secret in [RecordMarvelTests.publicKey, RecordMarvelTests.privateKey] + clock.issued + hashes {
                #expect(!text.contains(secret), "\(path) holds a secret (\(secret.prefix(4))…)")
            }
        }

        let environment = ["MARVEL_PUBLIC_KEY": RecordMarvelTests.publicKey, "MARVEL_PRIVATE_KEY": RecordMarvelTests.privateKey]
        let spec = try StubSpec.load(out.appendingPathComponent("marvel.yaml"), environment: environment)
        let replay = try StubServer.start(.stubs(spec.stubs))
        defer { replay.stop() }
        let replayed = try await RecordMarvelTests.drive(MarvelAPIClient(baseURL: replay.baseURL, credentials: credentials), requests: 12)
        #expect(replayed == recorded, "the replay decodes to the upstream's values")
        #expect(replay.journal.unmatched.isEmpty)
    }

    @Test func binaryAndGzipBodiesSurviveMitmproxyAndTheImport() async throws {
        let folder = try recordingFolder("har-bodies")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Bytes mitmproxy keeps as base64 (its heuristic finds them mostly binary; it keeps 0...255 in order as latin-1 text).
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<96).map { UInt8(($0 * 37 + 200) % 256) } + [0, 0, 0xFF, 0xFE])
        let text = String(repeating: "a compressible line of text\n", count: 40)
        let upstream = try StubServer.start(.stubs {
            Get("/blob").respond(StubResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: bytes))
            Get("/text").respond(.text(text)).compression(.compressed)
            Get("/moved").respond(StubResponse(status: 302, headers: ["Location": "/text"]))
        })
        defer { upstream.stop() }
        let har = folder.appendingPathComponent("bodies.har")
        let proxy = try await ReverseProxy(to: upstream.baseURL, har: har, folder: folder)
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(proxy.url.appendingPathComponent("blob")).body == bytes)
        let zipped = try await client.send("GET", proxy.url.appendingPathComponent("text"), headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.header("Content-Encoding") == "gzip", "the upstream compressed it on the way")
        #expect(try await Self.curlStatus(proxy.url.appendingPathComponent("moved")) == "302 /text")
        _ = await proxy.stop()

        let out = folder.appendingPathComponent("imported")
        let imported = try await CommandLineSpecTests.finished(["import", "har", har.path, "--out", out.path])
        #expect(imported.status == 0, "\(imported.errors)")
        let spec = try StubSpec.load(out.appendingPathComponent("recording.yaml"))
        let replay = try StubServer.start(.stubs(spec.stubs))
        defer { replay.stop() }
        #expect(try await client.get(replay.url("/blob")).body == bytes, "binary bytes come back as they were")
        let plain = try await client.get(replay.url("/text"))
        #expect(String(decoding: plain.body, as: UTF8.self) == text && plain.header("Content-Encoding") == nil,
                "the decoded body, without the encoding it no longer has")
        #expect(try await Self.curlStatus(replay.url("/moved")) == "302 /text", "a redirect is kept as it was, not followed")
    }

    /// The status and `Location` curl sees, following nothing.
    static func curlStatus(_ url: URL) async throws -> String {
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-o", "/dev/null", "-w", "%{http_code} %header{location}", url.absoluteString])
        return run.output
    }

    @Test func theJournalWeExportLoadsInMitmproxy() async throws {
        let mitmdump = try #require(Mitmproxy.executable, "mitmproxy is not installed")
        let folder = try recordingFolder("har-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try await ReadyProcess(["serve", "--marvel", "--keep-responses", "--quiet"])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }
        for path in ["/v1/public/comics?limit=2&\(CommandLineSpecTests.signed)", "/v1/public/characters/1009610?\(CommandLineSpecTests.signed)", "/nowhere"] {
            _ = try await client.get(URL(string: served.url.absoluteString + path)!)
        }
        _ = try await client.send("POST", served.url.appendingPathComponent("echo"), body: Data([0, 1, 2, 0xFF]))
        let har = folder.appendingPathComponent("journal.har")
        let export = try await CommandLineSpecTests.finished(["export", "--format", "har", "--journal", served.url.absoluteString, "--out", har.path])
        #expect(export.status == 0 && export.errors.contains("wrote 4 entries"), "\(export.errors)")
        let text = try String(contentsOf: har, encoding: .utf8)
        #expect(!text.contains("ffd275c5130566a2916217b101f26150"), "the signature is masked")
        #expect(text.contains("hash=%5Bredacted%20%E2%80%A66150%5D"), "masked in a URL that stays a URL")

        let read = try await ChildProcess.finished(mitmdump, ["-n", "-r", har.path, "--set", "hardump=\(folder.path)/again.har"], directory: folder)
        #expect(read.status == 0, "\(read.output) \(read.errors)")
        let again = try HARArchiveCheck.entries(in: folder.appendingPathComponent("again.har"))
        #expect(again.count == 4, "mitmproxy read every entry and wrote them back: \(read.output)")
        #expect(again.contains { $0.status == 404 && $0.url.hasSuffix("/nowhere") })
        #expect(again.contains { $0.method == "POST" && $0.status == 404 }, "the binary POST too")
        let schema = try await HARSchema.validate([har, folder.appendingPathComponent("again.har")])
        #expect(schema.status == 0, "\(schema.output)")
    }
}

/// The HAR we write against the public HAR 1.2 schema.
@Suite(.enabled(if: HARSchema.installed || ProcessInfo.processInfo.environment["CI"] != nil,
                "the HAR schema is not installed (scripts/test installs Debian's node-har-schema; under CI its absence fails)"))
struct HARSchemaTests {
    /// Every kind of answer a journal holds, exported both ways, with and
    /// without kept bodies, is valid against the public HAR 1.2 schema.
    @Test func theHARWeWriteIsValidAgainstThePublicSchema() async throws {
        let folder = try recordingFolder("har-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0xFF]).write(to: folder.appendingPathComponent("logo.png"))
        let spec = folder.appendingPathComponent("kinds.yaml")
        try """
        stubs:
          - request: { method: GET, path: /old }
            response: { status: 302, headers: { Location: /new } }
          - request: { method: GET, path: /logo.png }
            response: { file: logo.png, headers: { Content-Type: image/png } }
          - request: { method: GET, path: /events }
            response: { events: [ { data: one, id: "1" }, { event: update, data: "a\\nb" } ] }
          - request: { method: POST, path: /users, body: { jsonSubset: { name: Ada } } }
            response: { status: 201, json: { id: 7, name: Ada }, headers: { Set-Cookie: [a=1, b=2] } }
          - request: { method: GET, path: /empty }
            response: { status: 204 }
        """.write(to: spec, atomically: true, encoding: .utf8)
        var written: [URL] = []
        for keep in [true, false] {
            let served = try await CommandLineSpecTests.Served([spec.path, "--quiet"] + (keep ? ["--keep-responses"] : []))
            defer { served.kill() }
            let client = HTTPClient()
            defer { client.close() }
            for path in ["/logo.png", "/events", "/empty", "/nowhere?token=abc&q=a%20b", "/users?\(CommandLineSpecTests.signed)"] {
                _ = try await client.get(URL(string: served.url + path)!)
            }
            _ = try await client.send("POST", URL(string: served.url + "/users")!, body: Data(#"{"name":"Ada"}"#.utf8),
                                      headers: ["Content-Type": "application/json", "Cookie": "session=s1; theme=dark", "Authorization": "Bearer secret"])
            _ = try await client.send("PUT", URL(string: served.url + "/upload")!, body: Data([0, 1, 2, 0xFF]))
            #expect(try await HARInteropTests.curlStatus(URL(string: served.url + "/old")!) == "302 /new")
            let exported = folder.appendingPathComponent("export-\(keep).har")
            let export = try await CommandLineSpecTests.finished(["export", "--format", "har", "--journal", served.url, "--out", exported.path])
            #expect(export.status == 0 && export.errors.contains("wrote 8 entries"), "\(export.errors)")
            let admin = try await client.get(URL(string: served.url + "/__admin/journal?format=har")!)
            let fromAdmin = folder.appendingPathComponent("admin-\(keep).har")
            try admin.body.write(to: fromAdmin)
            written += [exported, fromAdmin]
        }
        let schema = try await HARSchema.validate(written)
        #expect(schema.status == 0, "\(schema.output)")
        #expect(schema.output.components(separatedBy: "valid ").count - 1 == 4, "\(schema.output)")
        let text = try String(contentsOf: written[0], encoding: .utf8)
        #expect(!text.contains("Bearer secret") && !text.contains("ffd275c5130566a2916217b101f26150"), "secrets masked")
    }
}

/// The public HAR 1.2 JSON Schema (ahmadnassri/har-schema, Debian's
/// `node-har-schema`), applied by `python/har_schema.py` with jsonschema.
enum HARSchema {
    static let folder = URL(fileURLWithPath: "/usr/share/nodejs/har-schema/lib")
    static var installed: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("har.json").path) }

    static func validate(_ files: [URL]) async throws -> (status: Int32, output: String) {
        try #require(installed, "the HAR schema is not installed (scripts/test installs Debian's node-har-schema)")
        let script = CommandLineSpecTests.root.appendingPathComponent("Tests/UnderstudyCLITests/python/har_schema.py")
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + files.map(\.path),
                                                  directory: CommandLineSpecTests.root)
        return (run.status, run.output + run.errors)
    }
}

/// Where scripts/test put mitmproxy.
enum Mitmproxy {
    static let executable: URL? = {
        let candidate = CommandLineSpecTests.root.appendingPathComponent(".build/venv-mitmproxy/bin/mitmdump")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()
}

/// The entries of a HAR file another tool wrote, read as plain JSON.
enum HARArchiveCheck {
    struct Entry { var method: String; var url: String; var status: Int }

    static func entries(in file: URL) throws -> [Entry] {
        let data = try Data(contentsOf: file)
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require((top["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        return entries.map { entry in
            let request = entry["request"] as? [String: Any] ?? [:]
            let response = entry["response"] as? [String: Any] ?? [:]
            return Entry(method: request["method"] as? String ?? "", url: request["url"] as? String ?? "", status: response["status"] as? Int ?? 0)
        }
    }
}
