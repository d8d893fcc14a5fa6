import Foundation

/// The Pact reference tools' one executable, `pact` (PyPI `pact-python-cli`,
/// installed by scripts/test), found where pip put it.
public enum PactTool {
    private static let located = Task<URL?, Never> {
        let script = "import sysconfig; print(sysconfig.get_path('scripts'))"
        if let found = try? await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script]), found.status == 0 {
            let folder = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("pact")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("pact")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The executable, or `nil` when it is not installed (looked up once, off the cooperative pool).
    public static func executable() async -> URL? { await located.value }

    /// Whether tests that need it run: when it is here, and always under CI
    /// (where its absence is a failure, not a skip).
    public static func shouldRun() async -> Bool {
        await executable() != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs `pact arguments` to the end (with PACT_DO_NOT_TRACK set) on a thread of its own.
    public static func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        guard let executable = await executable() else { throw PactToolMissing() }
        return try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"),
                                               ["PACT_DO_NOT_TRACK=true", executable.path] + arguments)
    }
}

/// `pact` is not installed (scripts/test installs it).
public struct PactToolMissing: Error, CustomStringConvertible {
    /// Creates the error.
    public init() {}
    /// What to do.
    public var description: String { "the pact executable is not installed (pip install pact-python-cli; scripts/test does)" }
}

/// A running `pact stub` serving one pact file on a free port; killed when
/// it goes (or with ``kill()``).
public final class PactStub: Sendable {
    /// The process.
    public let child: ChildProcess
    /// The port it printed.
    public let port: Int

    /// Starts `pact stub -f path -p 0` and reads the port it chose.
    public init(serving path: String) async throws {
        guard let executable = await PactTool.executable() else { throw PactToolMissing() }
        child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["PACT_DO_NOT_TRACK=true", executable.path, "stub", "-f", path, "-p", "0"])
        guard let port = await child.readLine(matching: #"started on port \d+"#).flatMap({ Int($0.split(separator: " ").last ?? "") }) else {
            child.kill()
            throw PactToolMissing.NoPort(path: path)
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT`.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// SIGKILL, without waiting: for a `defer`.
    public func kill() { child.kill() }
}

extension PactToolMissing {
    /// `pact stub` printed no port.
    public struct NoPort: Error, CustomStringConvertible {
        /// The pact it was given.
        public var path: String
        /// What happened.
        public var description: String { "pact stub -f \(path) printed no port" }
    }
}
