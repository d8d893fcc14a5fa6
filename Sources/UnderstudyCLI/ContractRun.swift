import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarvelFake
import StubKit
import StubServer
package import StubSpec

/// `understudy check`: runs contract files against a built-in server and
/// reports like a test runner.
package struct ContractRun: Sendable {
    /// One check's outcome.
    package struct Outcome: Sendable {
        /// `file:line`.
        package var location: String
        /// The check's name.
        package var name: String
        /// Why it failed; empty when it passed.
        package var failures: [String]
    }

    /// The contract's name.
    package var name: String
    /// The outcomes, in order.
    package var outcomes: [Outcome]

    /// How many checks passed.
    package var passed: Int { outcomes.filter(\.failures.isEmpty).count }
    /// How many failed.
    package var failed: Int { outcomes.count - passed }

    /// Serves `contract`'s source on a free loopback port and runs its checks.
    ///
    /// - Throws: ``StubValidationError`` when its spec does not load, or what starting the server throws.
    package static func run(_ contract: ContractSpec) async throws -> ContractRun {
        let server: StubServer
        switch contract.source {
        case .marvel: server = try MarvelFake().start()
        case .spec(let url): server = try StubServer.start(.stubs(try StubSpec.load(url).stubs))
        }
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var outcomes: [Outcome] = []
        for check in contract.checks {
            var failures: [String] = []
            do {
                let request = try check.request.urlRequest(base: server.baseURL)
                let (data, response) = try await session.data(for: request)
                let http = response as? HTTPURLResponse
                if let status = check.status, status != http?.statusCode {
                    failures.append("status: expected \(status), got \(http?.statusCode ?? 0)")
                }
                for (name, value) in check.headers {
                    let actual = http?.value(forHTTPHeaderField: name)
                    // An empty value only requires the header to be present.
                    if actual == nil || !(value.isEmpty || actual!.contains(value)) {
                        failures.append("header \(name): expected \(value.isEmpty ? "present" : value), got \(actual ?? "(absent)")")
                    }
                }
                if !check.json.isEmpty {
                    if let document = JSONValue(data: data) {
                        for (path, value) in check.json where document.value(at: path) != value {
                            failures.append("\(path): expected \(value), got \(document.value(at: path)?.description ?? "nothing")")
                        }
                    } else {
                        failures.append("body: expected JSON, got \(String(decoding: data.prefix(120), as: UTF8.self))")
                    }
                }
            } catch {
                failures.append("no response: \(error.localizedDescription)")
            }
            outcomes.append(Outcome(location: "\(contract.file):\(check.line)", name: check.name, failures: failures))
        }
        return ContractRun(name: contract.name, outcomes: outcomes)
    }

    /// `✓ name` / `✗ name (file:line)` with each failure indented.
    package var report: String {
        var lines = ["\(name)"]
        for outcome in outcomes {
            if outcome.failures.isEmpty {
                lines.append("  ✓ \(outcome.name)")
            } else {
                lines.append("  ✗ \(outcome.name) (\(outcome.location))")
                lines += outcome.failures.map { "      \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }
}
