package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
package import PactFormat
import StubKit

/// `understudy verify --pact`: replays each interaction of one or more pacts
/// against a live provider (after asking its state-change URL to set up the
/// interaction's provider states) and checks each answer with the pact's own
/// matching rules: the same values a server serving the pact matches with.
package struct PactVerification: Sendable {
    /// One replayed interaction.
    package struct Row: Sendable {
        /// The interaction's description.
        package var description: String
        /// Its provider states, by name.
        package var states: [String]
        /// `METHOD target`.
        package var request: String
        /// The status the pact expects.
        package var expectedStatus: Int
        /// The live status (0 when no response came).
        package var actualStatus: Int
        /// Every way the answer differs; empty when it satisfies the pact.
        package var mismatches: [String]
        /// Whether the interaction is pending (reported, never failing).
        package var pending: Bool
    }

    /// The rows, pact by pact, in file order.
    package var rows: [Row]

    /// Whether an interaction that is not pending failed.
    package var failed: Bool { rows.contains { !$0.pending && !$0.mismatches.isEmpty } }

    /// Replays `pacts` against `provider`. With `stateChangeURL`, POSTs
    /// `{"action": "setup", "state": …, "params": …}` for each provider state
    /// first (one with an empty state when there is none, as `pact verifier`
    /// does), and the same with `"teardown"` afterwards when `teardown`.
    package static func run(
        _ pacts: [PactFile], against provider: URL, stateChangeURL: URL? = nil, teardown: Bool = false, timeout: TimeInterval = 10
    ) async -> PactVerification {
        let session = SpecVerification.verificationSession(timeout: timeout)
        defer { session.finishTasksAndInvalidate() }
        var rows: [Row] = []
        for pact in pacts {
            for interaction in pact.interactions {
                let recorded = interaction.request.recorded
                var row = Row(description: interaction.description, states: interaction.providerStates.map(\.name),
                              request: "\(recorded.method) \(Redaction.secrets.target(recorded.target))",
                              expectedStatus: interaction.response.status, actualStatus: 0, mismatches: [], pending: interaction.pending)
                if let stateChangeURL, let problem = await changeStates(interaction, "setup", stateChangeURL, session) {
                    row.mismatches = [problem]
                    rows.append(row)
                    continue
                }
                do {
                    let (data, response) = try await session.data(for: urlRequest(recorded, base: provider))
                    let http = response as? HTTPURLResponse
                    var headers = HTTPHeaders()
                    for (name, value) in http?.allHeaderFields ?? [:] {
                        if let name = name as? String, let value = value as? String { headers.add(name, value) }
                    }
                    row.actualStatus = http?.statusCode ?? 0
                    row.mismatches = interaction.response.mismatches(status: row.actualStatus, headers: headers, body: data)
                } catch {
                    row.mismatches = ["no response: \(error.localizedDescription)"]
                }
                if teardown, let stateChangeURL { _ = await changeStates(interaction, "teardown", stateChangeURL, session) }
                rows.append(row)
            }
        }
        return PactVerification(rows: rows)
    }

    /// The request a recorded request stands for, sent to `base`.
    static func urlRequest(_ recorded: RecordedRequest, base: URL) -> URLRequest {
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        var request = URLRequest(url: URL(string: root + recorded.target) ?? base)
        request.httpMethod = recorded.method
        for field in recorded.headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        if !recorded.body.isEmpty { request.httpBody = recorded.body }
        return request
    }

    /// Asks the state-change URL to `action` each of the interaction's states;
    /// the problem when it does not answer 2xx.
    static func changeStates(_ interaction: PactInteraction, _ action: String, _ url: URL, _ session: URLSession) async -> String? {
        let states = interaction.providerStates.isEmpty ? [PactProviderState(name: "")] : interaction.providerStates
        for state in states {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let body: JSONValue = .object(["action": .string(action), "state": .string(state.name), "params": state.params])
            request.httpBody = Data(body.description.utf8)
            do {
                let (_, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if !(200..<300).contains(status) { return "the state change \(action) \"\(state.name)\" answered \(status)" }
            } catch {
                return "the state change \(action) \"\(state.name)\" failed: \(error.localizedDescription)"
            }
        }
        return nil
    }

    /// A table: one row per interaction, then a summary line.
    package var table: String {
        var lines = [pad("RESULT", 9) + pad("STATUS", 10) + "INTERACTION"]
        for row in rows {
            let status = row.actualStatus == row.expectedStatus ? "\(row.actualStatus)" : "\(row.expectedStatus)→\(row.actualStatus)"
            let result = row.mismatches.isEmpty ? "ok" : (row.pending ? "pending" : "FAILED")
            let given = row.states.isEmpty ? "" : " (given " + row.states.joined(separator: ", ") + ")"
            lines.append(pad(result, 9) + pad(status, 10) + row.description + given + " — " + row.request)
            lines += row.mismatches.map { "           - \($0)" }
        }
        let failed = rows.filter { !$0.pending && !$0.mismatches.isEmpty }.count
        let pending = rows.filter { $0.pending && !$0.mismatches.isEmpty }.count
        lines.append("\(rows.count - failed - pending) ok, \(failed) failed" + (pending > 0 ? ", \(pending) pending failures (not counted)" : ""))
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
