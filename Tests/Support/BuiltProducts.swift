import Foundation

/// Executables SwiftPM built beside the running test binary.
public enum BuiltProducts {
    /// The URL of the executable product `name` in the same build folder.
    public static func url(_ name: String) throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test binary may sit inside a bundle folder (Name.xctest/...).
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    /// Runs `name` with `arguments` and returns its standard output; throws when it exits non-zero.
    public static func run(_ name: String, _ arguments: [String]) async throws -> String {
        let (status, output, errors) = try await ChildProcess.finished(try url(name), arguments)
        guard status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(name) exited with \(status): \(errors)"])
        }
        return output
    }

    /// The shared libraries `ldd` says `binary` loads (empty when ldd fails).
    public static func dynamicLibraries(of binary: URL) async throws -> [String] {
        let run = try await ChildProcess.finished(URL(fileURLWithPath: "/usr/bin/env"), ["ldd", binary.path])
        guard run.status == 0 else { return [] }
        return run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
