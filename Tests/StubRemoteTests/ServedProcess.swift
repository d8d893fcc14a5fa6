import Foundation
import UnderstudyTestSupport

/// `understudy serve` running as its own process on an ephemeral port, for
/// the remote client to drive as a UI test would drive a server on the host.
final class ServedProcess {
    let child: ChildProcess
    let url: URL
    let folder: URL

    private init(child: ChildProcess, url: URL, folder: URL) {
        self.child = child
        self.url = url
        self.folder = folder
    }

    /// Serves `spec` (YAML) with `arguments` added to `serve`, once its ready line is out.
    static func start(spec: String = ServedProcess.baseSpec, _ arguments: [String] = []) async throws -> ServedProcess {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("base.yaml")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let child = try ChildProcess(try BuiltProducts.url("understudy"), ["serve", file.path, "--ready-json"] + arguments)
        let line = await child.readLine()
        guard let ready = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let text = ready["url"] as? String, let url = URL(string: text)
        else {
            throw ServedProcessError(message: "no ready line: \(line) \(await child.stop().errors)")
        }
        return ServedProcess(child: child, url: url, folder: folder)
    }

    /// The child is killed with its ``ChildProcess`` (SIGKILL, reaped at once).
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The server's own stub: what `reset` goes back to.
    static let baseSpec = """
        stubs:
          - request: { method: GET, path: /health }
            response: { status: 200, body: ok }
        """
}

struct ServedProcessError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
