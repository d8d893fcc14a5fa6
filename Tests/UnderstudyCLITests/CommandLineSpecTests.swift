import Foundation
import Testing
import UnderstudyTestSupport

/// The built `understudy` binary with spec files: serve, lint, verify, check.
@Suite struct CommandLineSpecTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A running `understudy serve …`, stopped by SIGTERM (``stop()``), or
    /// killed (``kill()``, or when it goes).
    final class Served: Sendable {
        let child: ChildProcess
        let url: String

        init(_ arguments: [String]) async throws {
            child = try ChildProcess(try BuiltProducts.url("understudy"), ["serve", "--ready-json"] + arguments,
                                     directory: CommandLineSpecTests.root)
            let line = await child.readLine()
            let ready = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let url = ready?["url"] as? String else {
                throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "no ready line: \(line)"])
            }
            self.url = url
        }

        /// Standard error so far, read until `enough` says so.
        func readLog(until enough: @escaping @Sendable (String) -> Bool) async -> String { await child.readErrors(until: enough) }

        /// Stops the server and returns its exit status and standard error.
        @discardableResult
        func stop() async -> (Int32, String) {
            let ended = await child.stop()
            return (ended.status, ended.errors)
        }

        /// SIGKILL, without waiting: for a `defer`.
        func kill() { child.kill() }
    }

    /// Runs `understudy arguments` to the end on a thread of its own (see ``ChildProcess/finished(_:_:directory:)``).
    static func finished(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await ChildProcess.finished(try BuiltProducts.url("understudy"), arguments, directory: root)
    }

    static let signed = "ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150"
    /// ``signed`` as the log shows it: the key and hash masked.
    static let signedInLog = "ts=1&apikey=[redacted]&hash=[redacted …6150]"

    @Test func servingASpecLogsMatchesAndMismatchesAndExitsCleanly() async throws {
        let served = try await Served(["specs/marvel.yaml"])
        let client = HTTPClient()
        defer { client.close() }
        let hit = try await client.get(URL(string: "\(served.url)/v1/public/comics?\(Self.signed)")!)
        #expect(hit.status == 200)
        #expect(hit.text.contains(#""code":200"#))
        let miss = try await client.get(URL(string: "\(served.url)/elsewhere")!)
        #expect(miss.status == 404)
        let unsigned = try await client.get(URL(string: "\(served.url)/v1/public/comics")!)
        #expect(unsigned.status == 409)
        let (status, log) = await served.stop()
        #expect(status == 0)
        #expect(log.contains("✓ 200 GET /v1/public/comics?\(Self.signedInLog) → comics (specs/marvel.yaml:"))
        #expect(log.contains("✓ 409 GET /v1/public/comics → comics (specs/marvel.yaml:"), "the guard's refusal shows its status")
        #expect(log.contains("✗ 404 GET /elsewhere → no stub matched\nUnderstudy: no stub matched GET /elsewhere"))
        #expect(!log.contains("\u{1B}["), "no colour when standard error is not a terminal")
    }

    @Test func quietServingLogsOnlyWhatMatchedNothing() async throws {
        let served = try await Served(["specs/marvel.yaml", "--quiet"])
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(URL(string: "\(served.url)/v1/public/comics?\(Self.signed)")!).status == 200)
        #expect(try await client.get(URL(string: "\(served.url)/elsewhere")!).status == 404)
        let (status, log) = await served.stop()
        #expect(status == 0)
        #expect(!log.contains("/v1/public/comics"), "a matched request is not logged")
        #expect(log.contains("✗ 404 GET /elsewhere → no stub matched\nUnderstudy: no stub matched GET /elsewhere"))
    }

    @Test func lintNamesLineAndKeyAndExits2() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.yaml")
        try """
            stubs:
              - request: { method: GET, path: /x }
                response: { status: 200, jsn: { a: 1 } }
            """.write(to: bad, atomically: true, encoding: .utf8)
        let result = try await Self.finished(["lint", bad.path])
        #expect(result.status == 2)
        #expect(result.errors == "\(bad.path):3:30: error: stubs[0].response.jsn: unknown key \"jsn\"; did you mean \"json\"?\n")

        let good = try await Self.finished(["lint", "specs/marvel.yaml"])
        #expect(good.status == 0)
        #expect(good.output == "specs/marvel.yaml: 10 stubs, ok\n")
    }

    @Test func verifyPassesAgainstTheFakeAndCatchesADriftedServer() async throws {
        let fake = try await Served(["--marvel"])
        let pass = try await Self.finished(["verify", "specs/marvel.yaml", "--against", fake.url])
        _ = await fake.stop()
        #expect(pass.status == 0, "\(pass.output)")
        #expect(pass.output.hasSuffix("8 ok, 0 drifted, 2 skipped\n"))

        // A server that drifted: comics lost `data.total` and `code` became a string.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let drifted = folder.appendingPathComponent("drifted.yaml")
        try """
            stubs:
              - request: { method: GET, path: /v1/public/comics }
                response: { json: { code: "200", status: Ok, data: { offset: 0, limit: 20, count: 0, results: [] } } }
            """.write(to: drifted, atomically: true, encoding: .utf8)
        let server = try await Served([drifted.path])
        let fail = try await Self.finished(["verify", "specs/marvel.yaml", "--against", server.url])
        _ = await server.stop()
        #expect(fail.status == 1)
        #expect(fail.output.contains("DRIFT  200       comics"))
        #expect(fail.output.contains("- $.code: number in the stub, string live"))
        #expect(fail.output.contains("- $.data.total: missing"))
        #expect(fail.output.contains("- header ETag: missing"))
    }

    @Test func checkRunsTheContractFilesLikeATestRunner() async throws {
        let result = try await Self.finished(["check"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasPrefix("Marvel Comics API basics\n  ✓ a signed page of comics is an envelope\n"))
        #expect(result.output.hasSuffix("8 passed, 0 failed\n"))
    }

    @Test func watchReloadsAChangedSpec() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("live.yaml")
        try "stubs:\n  - request: { path: /v }\n    response: { body: one }\n".write(to: spec, atomically: true, encoding: .utf8)
        let served = try await Served([spec.path, "--watch"])
        defer { served.kill() }
        let client = HTTPClient()
        defer { client.close() }
        #expect(try await client.get(URL(string: "\(served.url)/v")!).text == "one")
        try "stubs:\n  - request: { path: /v }\n    response: { body: two, status: 201 }\n".write(to: spec, atomically: true, encoding: .utf8)
        // Wait for the server's own word that it reloaded.
        let log = await served.readLog { $0.contains("reloaded") }
        #expect(log.contains("reloaded \(spec.path): 1 stub"))
        let reply = try await client.get(URL(string: "\(served.url)/v")!)
        #expect(reply.text == "two")
        #expect(reply.status == 201)
    }
}
