import Foundation
import Testing
import UnderstudyTestSupport

/// Where the browser test's tools are.
enum HeadlessBrowser {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The selenium virtual environment's Python, when it and the browser are installed.
    static let python: URL? = {
        let python = root.appendingPathComponent(".build/venv-selenium/bin/python")
        let present = [python.path, "/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
        return present ? python : nil
    }()
}

/// The live request-log page (`/__admin/ui`) in headless Chromium, driven by
/// selenium (`python/request_log_page.py`) against `understudy serve`.
@Suite(.enabled(if: HeadlessBrowser.python != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                "needs chromium, chromium-driver and selenium (scripts/test installs them: ensure_browser)"))
struct RequestLogPageTests {
    static let root = HeadlessBrowser.root
    static let browser = HeadlessBrowser.python

    static let spec = """
        stubs:
          - id: greeting
            request: { method: GET, path: /greeting, query: { lang: en } }
            response: { status: 200, json: { hello: world } }
          - id: order
            times: 2
            request: { method: POST, path: /orders }
            response: { status: 201, json: { id: 7 } }
          - id: health
            request: { method: GET, path: /health }
            response: { status: 200, body: ok }
          - id: ticker
            request: { method: GET, path: /ticker }
            response:
              status: 200
              events: [ { data: tick 1 }, { data: tick 2 }, { event: update, id: "3", data: tick 3 } ]
              every: 200ms
              end: open
          - id: chat
            request: { method: GET, path: /chat }
            webSocket:
              onConnect: [ { send: welcome } ]
              rules:
                - on: { equals: hello }
                  reply: [ { send: hi } ]
          - id: notes
            resource: { path: /notes, seed: [ { id: 1, text: first } ] }
        """

    @Test func requestsAppearLiveMissesExplainThemselvesAndSecretsStayMasked() async throws {
        let python = try #require(Self.browser, "chromium, chromium-driver or the selenium venv is missing")
        let folder = try recordingFolder("request-log")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("api.yaml")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        let served = try await ReadyProcess(["serve", spec.path, "--quiet"])
        #expect(served.readyLine.contains(#""ui":"\#(served.url.absoluteString)/__admin/ui""#), "the ready line names the page: \(served.readyLine)")
        // Screenshots go to docs/images when asked for (UNDERSTUDY_UPDATE_SCREENSHOTS=1), else to the temporary folder.
        let shots = ProcessInfo.processInfo.environment["UNDERSTUDY_UPDATE_SCREENSHOTS"] == "1"
            ? Self.root.appendingPathComponent("docs/images") : folder
        let script = Self.root.appendingPathComponent("Tests/UnderstudyCLITests/python/request_log_page.py")
        let run = try await ChildProcess.finished(python, [script.path, served.url.absoluteString, shots.path])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        print("request-log page: \(run.output.trimmingCharacters(in: .whitespacesAndNewlines))")
        for name in ["request-log-desktop.png", "request-log-phone.png", "request-log-phone-dark.png"] {
            #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent(name).path), "\(name) was saved")
        }
        _ = await served.stop()
    }
}
