import Foundation

/// The real WireMock 2.35.1 (the jar inside PyPI `wiremock` 2.7.0, installed
/// by scripts/wiremock), started on a free loopback port with a root folder.
public final class WireMockJar {
    /// The port it serves on.
    public let port: Int
    private let process: ChildProcess

    /// The jar's path, or why it is not here.
    public static func locate() -> Result<URL, WireMockMissing> {
        if let given = ProcessInfo.processInfo.environment["UNDERSTUDY_WIREMOCK_JAR"] {
            return .success(URL(fileURLWithPath: given))
        }
        let script = "from importlib.resources import files; print(files('wiremock')/'server'/'wiremock-standalone-2.35.1.jar')"
        guard let child = try? ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script]) else {
            return .failure(WireMockMissing(reason: "python3 did not start"))
        }
        let path = child.readToEnd().output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard child.waitForExit() == 0, FileManager.default.fileExists(atPath: path) else {
            return .failure(WireMockMissing(reason: "the wiremock package is not installed (run scripts/wiremock)"))
        }
        return .success(URL(fileURLWithPath: path))
    }

    /// Starts the jar on a port the system picks (`--port 0`) and returns
    /// once it is serving: WireMock prints its options, `port:` with the
    /// bound port among them, after the server has started.
    public init(jar: URL, root: URL) throws {
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "java", "-Xmx256m", "-jar", jar.path, "--port", "0", "--bind-address", "127.0.0.1",
            "--root-dir", root.path, "--disable-banner", "--disable-gzip", "--async-response-enabled", "true",
        ])
        while true {
            let line = process.readLine()
            if line.hasPrefix("port:"), let bound = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) {
                port = bound
                return
            }
            if line.isEmpty, process.outputEnded {
                throw WireMockMissing(reason: "WireMock exited before serving: \(process.readToEnd().errors.suffix(400))")
            }
        }
    }

    deinit {
        process.terminate()
        _ = process.waitForExit()
    }
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
    /// The jar, or `nil` when it is not installed.
    public static let jar: URL? = try? WireMockJar.locate().get()
}
