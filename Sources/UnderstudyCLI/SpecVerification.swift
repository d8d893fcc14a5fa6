package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit
import StubServer
package import StubSpec

/// `understudy verify`: replays each stub's example request against our own
/// server for the spec and against a live one, and reports where the live
/// answer drifted: status, required headers, JSON shape, exact values.
package struct SpecVerification: Sendable {
    /// One replayed request.
    package struct Row: Sendable {
        /// The stub's id.
        package var stub: String
        /// `METHOD target`.
        package var request: String
        /// The status our stub answers and the live one.
        package var expectedStatus: Int
        /// The live status (0 when no response came).
        package var actualStatus: Int
        /// What drifted; empty when the live answer fits.
        package var drift: [String]
        /// Whether the stub was skipped (`verify: { skip: true }` or no example).
        package var skipped: String?
        /// Why the example could not be checked at all (our own stub did not
        /// answer it as intended); such a row fails the run.
        package var error: String? = nil
    }

    /// The rows, in spec order.
    package var rows: [Row]

    /// Whether anything drifted or could not be checked.
    package var drifted: Bool { rows.contains { !$0.drift.isEmpty || $0.error != nil } }

    /// Replays `spec` against `live`, each example carrying the credentials
    /// its stub's guard asks for: the spec's to our server, `liveCredentials`'
    /// (where given, else the spec's) to the live one.
    package static func run(
        _ spec: StubSpec, against live: URL, liveCredentials: LiveCredentials = LiveCredentials(), timeout: TimeInterval = 10
    ) async throws -> SpecVerification {
        let local = try StubServer.start(.stubs(spec.stubs))
        defer { local.stop() }
        let session = verificationSession(timeout: timeout)
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
                                skipped: entry.noExampleReason ?? "no example (add example: { path: … })"))
                continue
            }
            let shown = "\(example.method) \(Redaction.secrets.target(example.signed(with: example.credentials).target))"
            let before = local.journal.recordedCount
            let expected = try await fetch(example.signed(with: example.credentials), base: local.baseURL, session: session)
            if let problem = localProblem(entry, journal: local.journal.entries(after: before)) {
                rows.append(Row(stub: id, request: shown, expectedStatus: expected.status, actualStatus: 0, drift: [],
                                skipped: nil, error: problem))
                continue
            }
            let actual: Response
            do {
                actual = try await fetch(example.signed(with: example.credentials.map(liveCredentials.replacing)),
                                         base: live, session: session)
            } catch {
                rows.append(Row(stub: id, request: shown, expectedStatus: expected.status,
                                actualStatus: 0, drift: ["no response: \(error.localizedDescription)"], skipped: nil))
                continue
            }
            var drift = compare(expected, actual, rule: entry.verify)
            if (200..<300).contains(expected.status), actual.status >= 400, let credentials = example.credentials {
                drift.append("the live server refused what the stub answers; check the credentials sent (\(credentials)): --bearer, --api-key, --public-key/--private-key or UNDERSTUDY_* variables")
            }
            rows.append(Row(stub: id, request: shown, expectedStatus: expected.status,
                            actualStatus: actual.status, drift: drift, skipped: nil))
        }
        return SpecVerification(rows: rows)
    }

    /// Why our own server's answer to the example proves nothing: another
    /// stub answered it, or the stub's own guard refused it.
    static func localProblem(_ entry: SpecStub, journal: [JournalEntry]) -> String? {
        guard let answered = journal.last else { return "our server recorded no request for the example" }
        guard let stub = answered.stub else {
            return "no stub of the spec matches the example (our server answered 404)"
        }
        guard stub.id == entry.stub.id else {
            return "the example is answered by stub \(stub.id) (\(stub.location)), not this one: give this stub an example only it matches"
        }
        if entry.example?.credentials != nil, let refused = stub.guards.first(where: { $0.refusal(of: answered.request) != nil }) {
            return "the stub's own guard (\(refused)) refuses the example, so both sides would only be compared refusing it"
        }
        return nil
    }

    /// A session for replaying requests: no cookies kept, `timeout` per request.
    static func verificationSession(timeout: TimeInterval) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
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
    package var table: String {
        var lines = [pad("RESULT", 7) + pad("STATUS", 10) + pad("STUB", 22) + "REQUEST"]
        for row in rows {
            if let skipped = row.skipped {
                lines.append(pad("skip", 7) + pad("", 10) + pad(row.stub, 22) + skipped)
                continue
            }
            if let error = row.error {
                lines.append(pad("ERROR", 7) + pad("\(row.expectedStatus)", 10) + pad(row.stub, 22) + row.request)
                lines.append("         - \(error)")
                continue
            }
            let status = row.actualStatus == row.expectedStatus ? "\(row.actualStatus)" : "\(row.expectedStatus)→\(row.actualStatus)"
            lines.append(pad(row.drift.isEmpty ? "ok" : "DRIFT", 7) + pad(status, 10) + pad(row.stub, 22) + row.request)
            lines += row.drift.map { "         - \($0)" }
        }
        let checked = rows.filter { $0.skipped == nil }
        let errors = checked.filter { $0.error != nil }.count
        let drifted = checked.filter { !$0.drift.isEmpty }.count
        lines.append("\(checked.count - drifted - errors) ok, \(drifted) drifted, "
                     + (errors > 0 ? "\(errors) not checkable, " : "") + "\(rows.count - checked.count) skipped")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
