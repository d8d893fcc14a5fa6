package import Foundation
package import PactFormat
import StubKit
package import WireClient

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

    /// Replays `pacts` against `provider` with ``WireClient``, so each
    /// request goes out as the pact states it (a GET with a body, the query
    /// as written, headers in order and case, binary bodies). With
    /// `stateChangeURL`, POSTs `{"action": "setup", "state": …, "params": …}`
    /// for each provider state first (one with an empty state when there is
    /// none, as `pact verifier` does), and the same with `"teardown"`
    /// afterwards when `teardown`. The request's `ProviderState` generators
    /// are filled from the states' params, overridden by what the setup
    /// calls answer (JSON objects), as `pact verifier` fills them; its other
    /// generators make their values anew.
    package static func run(
        _ pacts: [PactFile], against provider: URL, stateChangeURL: URL? = nil, teardown: Bool = false,
        trust: WireTrust = .system, timeout: TimeInterval = 10
    ) async -> PactVerification {
        var rows: [Row] = []
        var random = SystemRandomNumberGenerator()
        // Where requests and state changes go: read once (a bad URL fails every row with why).
        let endpoint: Result<WireEndpoint, WireClientError>
        do throws(WireClientError) { endpoint = .success(try WireEndpoint(provider)) } catch { endpoint = .failure(error) }
        var stateChange: Result<StateChange, WireClientError>?
        if let stateChangeURL {
            do throws(WireClientError) { stateChange = .success(try StateChange(stateChangeURL)) } catch { stateChange = .failure(error) }
        }
        for pact in pacts {
            for interaction in pact.interactions {
                // ProviderState values: the states' params, overridden by what the setup calls return.
                var values: [String: JSONValue] = [:]
                for state in interaction.providerStates {
                    if case .object(let params) = state.params { values.merge(params) { first, _ in first } }
                }
                if let stateChange {
                    switch await changeStates(interaction, "setup", stateChange, trust, timeout) {
                    case .success(let returned): values.merge(returned) { _, returned in returned }
                    case .failure(let problem):
                        rows.append(row(interaction, interaction.request.wireRequest, mismatches: [problem.why]))
                        continue
                    }
                }
                let request = interaction.request.generated(values: values, using: &random).wireRequest
                var row = row(interaction, request, mismatches: [])
                do throws(WireClientError) {
                    let answer = try await WireClient.send(request, to: try endpoint.get(), trust: trust, timeout: timeout)
                    row.actualStatus = answer.status
                    // The response is expected as the pact writes it: `pact verifier`
                    // applies no response generator (a ProviderState one included).
                    row.mismatches = interaction.response.mismatches(status: answer.status, headers: HTTPHeaders(pairs: answer.headers.map { ($0.name, $0.value) }),
                                                         body: answer.body)
                } catch {
                    row.mismatches = ["no response: \(error)"]
                }
                if teardown, let stateChange { _ = await changeStates(interaction, "teardown", stateChange, trust, timeout) }
                rows.append(row)
            }
        }
        return PactVerification(rows: rows)
    }

    private static func row(_ interaction: PactInteraction, _ request: WireRequest, mismatches: [String]) -> Row {
        Row(description: interaction.description, states: interaction.providerStates.map(\.name),
            request: "\(request.method) \(Redaction.secrets.target(request.target))",
            expectedStatus: interaction.response.status, actualStatus: 0, mismatches: mismatches, pending: interaction.pending)
    }

    /// A state change that did not answer 2xx.
    struct StateChangeFailure: Error {
        var why: String
    }

    /// Where state changes are POSTed: the URL's server, and its path and query as the target.
    struct StateChange {
        var endpoint: WireEndpoint
        var target: String

        init(_ url: URL) throws(WireClientError) {
            endpoint = try WireEndpoint(url)
            endpoint.basePath = ""
            target = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?" + $0 } ?? "")
        }
    }

    /// Asks the state-change URL to `action` each of the interaction's
    /// states; the values the answers return (JSON objects, merged, the
    /// first state's winning), or the problem when one does not answer 2xx.
    static func changeStates(
        _ interaction: PactInteraction, _ action: String, _ destination: Result<StateChange, WireClientError>, _ trust: WireTrust,
        _ timeout: TimeInterval
    ) async -> Result<[String: JSONValue], StateChangeFailure> {
        let states = interaction.providerStates.isEmpty ? [PactProviderState(name: "")] : interaction.providerStates
        var values: [String: JSONValue] = [:]
        for state in states {
            let body: JSONValue = .object(["action": .string(action), "state": .string(state.name), "params": state.params])
            do throws(WireClientError) {
                let destination = try destination.get()
                let request = WireRequest(method: "POST", target: destination.target, headers: [WireField("Content-Type", "application/json")],
                                          body: Data(body.description.utf8))
                let answer = try await WireClient.send(request, to: destination.endpoint, trust: trust, timeout: timeout)
                guard (200..<300).contains(answer.status) else {
                    return .failure(StateChangeFailure(why: "the state change \(action) \"\(state.name)\" answered \(answer.status)"))
                }
                if case .object(let returned)? = JSONValue(data: answer.body) { values.merge(returned) { first, _ in first } }
            } catch {
                return .failure(StateChangeFailure(why: "the state change \(action) \"\(state.name)\" failed: \(error)"))
            }
        }
        return .success(values)
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

extension PactRequest {
    /// The request as a verifier puts it on the wire: the method, the
    /// ``PactRequest/target`` as written (an empty path sent as `/`), the headers in file order and
    /// case, a `Content-Type` for a body that names none (V4's body
    /// `contentType`, else the body's own type), and the body's bytes.
    var wireRequest: WireRequest {
        var fields = headers.map { WireField($0.name, $0.value) }
        if !fields.contains(where: { $0.name.lowercased() == "content-type" }) {
            switch body {
            case .json: fields.append(WireField("Content-Type", bodyContentType ?? "application/json"))
            case .bytes(_, let type?): fields.append(WireField("Content-Type", type))
            default: break
            }
        }
        return WireRequest(method: method, target: target.hasPrefix("/") ? target : "/" + target, headers: fields, body: bodyData)
    }
}
