import Foundation

/// The real WireMock 2.35.1 (the jar inside PyPI `wiremock` 2.7.0, installed
/// by scripts/wiremock), started on a free loopback port with a root folder.
public final class WireMockJar: Sendable {
    /// The port it serves on.
    public let port: Int
    private let process: ChildProcess

    /// The jar's path, or why it is not here.
    public static func locate() async -> Result<URL, WireMockMissing> {
        if let given = ProcessInfo.processInfo.environment["UNDERSTUDY_WIREMOCK_JAR"] {
            return .success(URL(fileURLWithPath: given))
        }
        let script = "from importlib.resources import files; print(files('wiremock')/'server'/'wiremock-standalone-2.35.1.jar')"
        guard let found = try? await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script]) else {
            return .failure(WireMockMissing(reason: "python3 did not start"))
        }
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found.status == 0, FileManager.default.fileExists(atPath: path) else {
            return .failure(WireMockMissing(reason: "the wiremock package is not installed (run scripts/wiremock)"))
        }
        return .success(URL(fileURLWithPath: path))
    }

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
    }

    /// Starts the jar on a port the system picks (`--port 0`) and returns
    /// once it is serving: WireMock prints its options, `port:` with the
    /// bound port among them, after the server has started. Templating is
    /// on for the mappings that ask for it (`--local-response-templating`,
    /// Understudy's default) unless `arguments` say otherwise.
    public static func start(jar: URL, root: URL, arguments: [String] = ["--local-response-templating"]) async throws -> WireMockJar {
        let process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "java", "-Xmx256m", "-jar", jar.path, "--port", "0", "--bind-address", "127.0.0.1",
            "--root-dir", root.path, "--disable-banner", "--disable-gzip", "--async-response-enabled", "true",
        ] + arguments)
        while true {
            let line = await process.readLine()
            if line.hasPrefix("port:"), let bound = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) {
                return WireMockJar(port: bound, process: process)
            }
            if line.isEmpty, process.outputEnded {
                throw WireMockMissing(reason: "WireMock exited before serving: \(await process.readToEnd().errors.suffix(400))")
            }
        }
    }

    /// Stops the jar and waits for it to exit. (Dropping the last reference
    /// without stopping kills it.)
    public func stop() async { await process.stop() }
}

/// Why the real WireMock cannot be used here.
public struct WireMockMissing: Error, CustomStringConvertible {
    /// What is missing.
    public var reason: String
    /// The reason.
    public var description: String { reason }
}

/// Where the real WireMock jar is, found once per test run.
public enum RealWireMock {
    private static let located = Task { try? await WireMockJar.locate().get() }

    /// The jar, or `nil` when it is not installed.
    public static func jar() async -> URL? { await located.value }

    /// Whether tests that need the jar run: when it is here, and always under
    /// CI (where its absence is a failure, not a skip).
    public static func shouldRun() async -> Bool {
        await jar() != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }
}
