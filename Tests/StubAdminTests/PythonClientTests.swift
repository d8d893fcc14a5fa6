import Foundation
import StubAdmin
import StubServer
import Testing
import UnderstudyTestSupport

/// python-wiremock (PyPI `wiremock` 2.7.0), the official Python admin
/// client, drives our admin API; the same script runs against the real
/// WireMock jar, whose answers are the reference.
@Suite(.enabled("python-wiremock is not here (scripts/wiremock installs it; under CI its absence fails)") { await RealWireMock.shouldRun() })
struct PythonClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/drive_admin.py")

    /// Runs the script against `base`; its output, and whether it passed.
    private func drive(_ base: String) async throws -> (passed: Bool, output: String) {
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script.path, base])
        return (run.status == 0, run.output + run.errors)
    }

    @Test func theOfficialPythonClientDrivesOurAdminAPI() async throws {
        let server = try StubServer.start([])
        defer { server.stop() }
        AdminAPI.mount(on: server)
        let ours = try await drive(server.baseURL.absoluteString)
        #expect(ours.passed, "\(ours.output)")
        #expect(ours.output.contains("0 failed"))
        print("python-wiremock against Understudy:\n\(ours.output)")
    }

    @Test func theSameScriptAgainstTheRealWireMock() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let jar = try await WireMockJar.start(jar: try #require(await RealWireMock.jar()), root: root)
        let theirs = try await drive("http://127.0.0.1:\(jar.port)")
        await jar.stop()
        print("python-wiremock against WireMock 2.35.1:\n\(theirs.output)")
        // The reference run: every call but update_global_settings, which
        // parses the jar's empty answer as JSON (../shared/reference/wiremock.md §11).
        #expect(theirs.output.contains("FAIL update_global_settings"))
        #expect(theirs.output.contains("1 failed"), "\(theirs.output)")
    }
}
