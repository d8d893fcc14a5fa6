import Foundation
import Testing
import UnderstudyTestSupport

/// The engine needs no socket: `understudy-engine-probe` links only
/// StubEngine and StubAssertions, as an in-process test target would, and
/// answers requests (a delayed one from a timer, a fault as a value) with no
/// libmicrohttpd loaded.
@Suite struct EngineLinkageTests {
    @Test func theEngineProbeLinksNoLibmicrohttpdAndAnswersInProcess() async throws {
        let probe = try BuiltProducts.url("understudy-engine-probe")
        let libraries = try await BuiltProducts.dynamicLibraries(of: probe)
        #expect(!libraries.isEmpty, "ldd listed the probe's libraries")
        #expect(!libraries.contains { $0.contains("libmicrohttpd") }, "the engine carries no libmicrohttpd: \(libraries)")
        let server = try await BuiltProducts.dynamicLibraries(of: try BuiltProducts.url("understudy-bench"))
        #expect(server.contains { $0.contains("libmicrohttpd") }, "the check sees libmicrohttpd where it is linked")

        let run = try await ChildProcess.finished(probe, [])
        #expect(run.status == 0, "probe: \(run.output) \(run.errors)")
        #expect(!run.output.contains("FAILED"), "\(run.output)")
        #expect(run.output.contains("ok: the assertions see the journal"))
    }
}
