import Foundation
import UnderstudyTestSupport

/// `understudy serve` running as its own process on an ephemeral port, for
/// the remote client to drive as a UI test would drive a server on the host.
final class ServedProcess {
    let child: ChildProcess
    let url: URL
    let folder: URL

    /// Serves `spec` (YAML) with `arguments` added to `serve`.
    init(spec: String = ServedProcess.baseSpec, _ arguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("base.yaml")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        child = try ChildProcess(try BuiltProducts.url("understudy"), ["serve", file.path, "--ready-json"] + arguments)
        let line = child.readLine()
        guard let ready = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let text = ready["url"] as? String, let url = URL(string: text)
        else {
            throw ServedProcessError(message: "no ready line: \(line) \(child.readToEnd().errors)")
        }
        self.url = url
    }

    deinit {
        child.terminate()
        _ = child.readToEnd()
        _ = child.waitForExit()
        try? FileManager.default.removeItem(at: folder)
    }

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
