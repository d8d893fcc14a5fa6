import Foundation
import Testing
import UnderstudyTestSupport

/// What an in-process test target links: the DSL, the engine, the
/// in-process transport and the assertions reach no system C library
/// (libmicrohttpd, zlib, GnuTLS), in the package graph and in the built probe.
@Suite struct InProcessLinkageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The products an iOS unit-test target adds for in-process stubs.
    static let inProcessProducts = ["StubKit", "StubInProcess", "StubAssertions"]

    @Test func theInProcessProductsReachNoSystemLibraryTarget() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"),
                                                   ["swift", "package", "--scratch-path", scratch.path, "dump-package"], directory: Self.root)
        try #require(dump.status == 0, "swift package dump-package: \(dump.errors)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var kinds: [String: String] = [:], dependencies: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            kinds[name] = target["type"] as? String
            dependencies[name] = ((target["dependencies"] as? [[String: Any]]) ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
        }
        #expect(kinds["CMicroHTTPD"] == "system" && kinds["CZlib"] == "system", "the check sees system targets: \(kinds)")
        var reached: Set<String> = [], pending = Self.inProcessProducts
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += dependencies[name] ?? []
        }
        let system = reached.filter { kinds[$0] == "system" }.sorted()
        #expect(system.isEmpty, "the in-process products reach \(system) through \(reached.sorted())")
        #expect(!reached.contains("MicroHTTP") && !reached.contains("StubServer"))
    }

    @Test func theProbeAnswersAURLSessionInProcessWithoutLibmicrohttpd() async throws {
        let probe = try BuiltProducts.url("understudy-engine-probe")
        let libraries = try await BuiltProducts.dynamicLibraries(of: probe)
        #expect(!libraries.isEmpty, "ldd listed the probe's libraries")
        #expect(!libraries.contains { $0.contains("libmicrohttpd") }, "\(libraries)")
        let tests = try await BuiltProducts.dynamicLibraries(of: URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]))
        #expect(tests.contains { $0.contains("libmicrohttpd") }, "the check sees libmicrohttpd where it is linked (this test process)")
        let run = try await ChildProcess.finished(probe, [])
        #expect(run.status == 0, "probe: \(run.output) \(run.errors)")
        #expect(run.output.contains("ok: a URLSession is answered in process (in process)"), "\(run.output)")
        #expect(run.output.contains("ok: the assertions see the in-process journal"), "\(run.output)")
        #expect(run.output.contains("ok: URLSession.shared is answered inside the scope (intercepted)"), "\(run.output)")
        #expect(run.output.contains("ok: a request after the scope fails, naming why"), "\(run.output)")
    }
}
