import Foundation
import UnderstudyTestSupport

/// An `understudy` child that prints a `--ready-json` line (serve, record).
/// Killed with its ``ChildProcess`` when it goes unless stopped first.
final class ReadyProcess: Sendable {
    let child: ChildProcess
    let url: URL
    /// The ready line as printed.
    let readyLine: String

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        child = try ChildProcess(try BuiltProducts.url("understudy"), arguments + ["--ready-json"], environment: environment)
        let line = await child.readLine()
        guard let ready = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let text = ready["url"] as? String, let url = URL(string: text)
        else {
            throw RecordingTestError("no ready line from understudy \(arguments.joined(separator: " ")): \(line) \(await child.stop().errors)")
        }
        self.url = url
        self.readyLine = line
    }

    /// SIGTERM, then the exit status and everything written to standard error.
    @discardableResult
    func stop() async -> (status: Int32, errors: String) {
        let ended = await child.stop()
        return (ended.status, ended.errors)
    }

    /// SIGKILL, without waiting: for a `defer`.
    func kill() { child.kill() }
}

/// The Python upstream in `python/recording_upstream.py`, on an ephemeral port.
/// Killed with its ``ChildProcess`` when it goes.
final class PythonUpstream: Sendable {
    let child: ChildProcess
    let url: URL

    init(token: String) async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("python/recording_upstream.py")
        child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, token])
        let line = await child.readLine()
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            throw RecordingTestError("the Python upstream did not start: \(line) \(await child.stop().errors)")
        }
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// SIGKILL, without waiting: for a `defer`.
    func kill() { child.kill() }
}

struct RecordingTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A fresh folder under the temporary directory.
func recordingFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Every regular file under `folder`, by path relative to it.
func writtenFiles(in folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walker?.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true, let data = try? Data(contentsOf: url) else { continue }
        files[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = data
    }
    return files
}
