import Foundation
import UnderstudyTestSupport

/// The example project the documentation's commands run in: a fresh copy of
/// `docs/examples/`, with the repository's Marvel spec, its contract and
/// fixtures, and the pact fixture the Pact page names, beside it.
enum ExampleProject {
    /// What the pages name from the repository itself, copied to the same place.
    static let fromRepository = ["specs/marvel.yaml", "specs/marvel.contract.yaml", "fixtures/marvel", "fixtures/pacts/items-v4.json"]

    /// A new copy in a temporary folder (the caller removes it);
    /// `certificates` adds `server.pem`, `server-key.pem` and `clients-ca.pem`
    /// made with `openssl` for 127.0.0.1.
    static func copy(certificates: Bool) async throws -> URL {
        let root = CommandLineSpecTests.root
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-examples-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root.appendingPathComponent("docs/examples"), to: workspace)
        for path in fromRepository {
            let target = workspace.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(path), to: target)
        }
        if certificates {
            for (certificate, key) in [("server.pem", "server-key.pem"), ("clients-ca.pem", "clients-ca-key.pem")] {
                let made = try await ChildProcess.finished(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=127.0.0.1",
                     "-addext", "subjectAltName=IP:127.0.0.1", "-days", "2", "-keyout", key, "-out", certificate],
                    directory: workspace)
                guard made.status == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl: \(made.errors)"])
                }
            }
        }
        return workspace
    }
}
