package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `understudy export --format har --journal URL --out FILE`: a running
/// server's journal, as its admin API writes it (`GET
/// /__admin/journal?format=har`), saved as a HAR 1.2 file.
package enum JournalHARExport {
    /// Fetches the journal of the server at `server` (with `token` for its admin API) and writes it to `file`.
    package static func run(server: String, token: String?, to file: URL) async -> RecordOutcome {
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        guard let url = URL(string: base + "/__admin/journal?format=har&reports=false") else {
            return RecordOutcome(lines: ["understudy: --journal \(server) is not a URL"], exitCode: 2)
        }
        var request = URLRequest(url: url, timeoutInterval: 60)
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else {
                return RecordOutcome(lines: ["understudy: \(url.absoluteString) answered \(status): \(String(decoding: data.prefix(500), as: UTF8.self))"],
                                     exitCode: 1)
            }
            try data.write(to: file, options: .atomic)
            let count = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])
                .flatMap { ($0["log"] as? [String: Any])?["entries"] as? [Any] }?.count ?? 0
            return RecordOutcome(lines: ["understudy: wrote \(count) entr\(count == 1 ? "y" : "ies") of \(base)'s journal to \(file.path)"], exitCode: 0)
        } catch {
            return RecordOutcome(lines: ["understudy: cannot export \(base)'s journal: \(error.localizedDescription)"], exitCode: 1)
        }
    }
}
