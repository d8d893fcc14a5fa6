import Foundation
import StubAdmin
import StubServer
import Testing
import UnderstudyTestSupport

/// python-wiremock (PyPI `wiremock` 2.7.0), the official Python admin
/// client, drives our admin API; the same script runs against the real
/// WireMock jar, whose answers are the reference.
@Suite(.enabled(if: RealWireMock.jar != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "python-wiremock is not here (scripts/wiremock installs it; under CI its absence fails)"))
struct PythonClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/drive_admin.py")

    /// Runs the script against `base`; its output, and whether it passed.
    private func drive(_ base: String) throws -> (passed: Bool, output: String) {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Self.script.path, base])
        let (output, errors) = child.readToEnd()
        return (child.waitForExit() == 0, output + errors)
    }

    @Test func theOfficialPythonClientDrivesOurAdminAPI() throws {
        let server = try StubServer.start([])
        defer { server.stop() }
        AdminAPI.mount(on: server)
        let ours = try drive(server.baseURL.absoluteString)
        #expect(ours.passed, "\(ours.output)")
        #expect(ours.output.contains("0 failed"))
        print("python-wiremock against Understudy:\n\(ours.output)")
    }

    @Test func theSameScriptAgainstTheRealWireMock() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-admin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let jar = try WireMockJar(jar: try #require(RealWireMock.jar), root: root)
        let theirs = try drive("http://127.0.0.1:\(jar.port)")
        print("python-wiremock against WireMock 2.35.1:\n\(theirs.output)")
        // The reference run: every call but update_global_settings, which
        // parses the jar's empty answer as JSON (../shared/reference/wiremock.md §11).
        #expect(theirs.output.contains("FAIL update_global_settings"))
        #expect(theirs.output.contains("1 failed"), "\(theirs.output)")
    }
}
