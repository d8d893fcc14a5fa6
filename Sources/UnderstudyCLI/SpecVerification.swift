public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
public import StubSpec

/// `understudy verify`: replays each stub's example request against our own
/// server for the spec and against a live one, and reports where the live
/// answer drifted: status, required headers, JSON shape, exact values.
public struct SpecVerification: Sendable {
    /// One replayed request.
    public struct Row: Sendable {
        /// The stub's id.
        public var stub: String
        /// `METHOD target`.
        public var request: String
        /// The status our stub answers and the live one.
        public var expectedStatus: Int
        /// The live status (0 when no response came).
        public var actualStatus: Int
        /// What drifted; empty when the live answer fits.
        public var drift: [String]
        /// Whether the stub was skipped (`verify: { skip: true }` or no example).
        public var skipped: String?
    }

    /// The rows, in spec order.
    public var rows: [Row]

    /// Whether anything drifted.
    public var drifted: Bool { rows.contains { !$0.drift.isEmpty } }

    /// Replays `spec` against `live`.
    public static func run(_ spec: StubSpec, against live: URL, timeout: TimeInterval = 10) async throws -> SpecVerification {
        let local = try StubServer.start(.stubs(spec.stubs))
        defer { local.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var rows: [Row] = []
        for entry in spec.entries {
            let id = entry.stub.id.rawValue
            guard !entry.verify.skip else {
                rows.append(Row(stub: id, request: "", expectedStatus: 0, actualStatus: 0, drift: [], skipped: "skip: true"))
                continue
            }
            guard let example = entry.example else {
                rows.append(Row(stub: id, request: "", expectedStatus: 0, actualStatus: 0, drift: [],
                                skipped: "no example (add example: { path: … })"))
                continue
            }
            let expected = try await fetch(example, base: local.baseURL, session: session)
            let actual: Response
            do {
                actual = try await fetch(example, base: live, session: session)
            } catch {
                rows.append(Row(stub: id, request: "\(example.method) \(example.target)", expectedStatus: expected.status,
                                actualStatus: 0, drift: ["no response: \(error.localizedDescription)"], skipped: nil))
                continue
            }
            rows.append(Row(stub: id, request: "\(example.method) \(example.target)", expectedStatus: expected.status,
                            actualStatus: actual.status, drift: compare(expected, actual, rule: entry.verify), skipped: nil))
        }
        return SpecVerification(rows: rows)
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    private static func fetch(_ example: ExampleRequest, base: URL, session: URLSession) async throws -> Response {
        let request = try example.urlRequest(base: base)
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Response(status: http?.statusCode ?? 0, headers: headers, body: data)
    }

    static func compare(_ expected: Response, _ actual: Response, rule: VerifyRule) -> [String] {
        var drift: [String] = []
        if expected.status != actual.status { drift.append("status: expected \(expected.status), got \(actual.status)") }
        for name in rule.headers {
            let want = expected.headers[name.lowercased()]
            guard let have = actual.headers[name.lowercased()] else { drift.append("header \(name): missing"); continue }
            if name.lowercased() == "content-type", let want,
               want.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) != have.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) {
                drift.append("header \(name): expected \(want), got \(have)")
            }
        }
        guard let want = JSONValue(data: expected.body) else { return drift }
        guard let have = JSONValue(data: actual.body) else {
            drift.append("body: expected JSON, got \(actual.body.count) bytes that are not JSON")
            return drift
        }
        drift += JSONShape.drift(expected: want, actual: have)
        for path in rule.exact {
            let wanted = want.value(at: path), got = have.value(at: path)
            if wanted != got { drift.append("\(path): expected \(wanted?.description ?? "nothing"), got \(got?.description ?? "nothing")") }
        }
        return drift
    }

    /// A table: one row per stub, then a summary line.
    public var table: String {
        var lines = [pad("RESULT", 7) + pad("STATUS", 10) + pad("STUB", 22) + "REQUEST"]
        for row in rows {
            if let skipped = row.skipped {
                lines.append(pad("skip", 7) + pad("", 10) + pad(row.stub, 22) + skipped)
                continue
            }
            let status = row.actualStatus == row.expectedStatus ? "\(row.actualStatus)" : "\(row.expectedStatus)→\(row.actualStatus)"
            lines.append(pad(row.drift.isEmpty ? "ok" : "DRIFT", 7) + pad(status, 10) + pad(row.stub, 22) + row.request)
            lines += row.drift.map { "         - \($0)" }
        }
        let checked = rows.filter { $0.skipped == nil }
        let drifted = checked.filter { !$0.drift.isEmpty }.count
        lines.append("\(checked.count - drifted) ok, \(drifted) drifted, \(rows.count - checked.count) skipped")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
