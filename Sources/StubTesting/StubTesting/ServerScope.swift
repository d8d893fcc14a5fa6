import Foundation
import PactFormat
import StubAssertions
import StubKit
import StubRecording
import StubServer

/// One test's server from start to finish: runs the test with the server as
/// ``StubServer/current``, then stops it and reports, from the test's own
/// task, what went wrong while it served.
struct ServerScope: Sendable {
    let server: StubServer
    /// Whether requests no stub matched are allowed (not reported).
    let allowsUnmatched: Bool
    /// Where the scope was declared: the trait or the `withStubServer` call.
    let location: CodeLocation
    /// Whether every stub must be used (a stub's own `mustBeUsed` decides first).
    var exhaustive = false
    /// The pact exercised stubs are written to, when one is recorded.
    var pact: PactRecording? = nil
    /// Whether requests and responses that break the server's contract are allowed (not reported).
    var allowsContractViolations = false
    /// The test's recording, when the server plays one back or records one.
    var recording: RunningRecording? = nil

    /// Runs `body` with the server as the task's current one, then finishes,
    /// whether `body` returned or threw. A server with a contract first has
    /// its stubs checked against it: one that can never keep it fails the
    /// test at its declaration before any request is sent.
    func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StubServer) async throws -> Result
    ) async throws -> Result {
        if pact != nil { server.keepsServedResponses = true }
        if !allowsContractViolations, let contract = server.contract {
            for problem in contract.problems(in: server.stubs) {
                IssueRecorder.record(ContractStubProblems.message(problem, contract: contract.name), at: location, preferring: problem.stub)
            }
        }
        do {
            let result = try await StubServer.$current.withValue(server) {
                try await body(server)
            }
            await finish()
            return result
        } catch {
            await finish()
            throw error
        }
    }

    /// Stops the server (letting requests in flight finish, without holding a
    /// cooperative thread meanwhile) and reports every issue still pending:
    /// unmatched requests at the scope, throwing response closures at their stub.
    func finish(isolation: isolated (any Actor)? = #isolation) async {
        // The test's requests are done: the recorder stops and writes before the server does.
        for problem in recording?.finish() ?? [] { IssueRecorder.record(problem, at: location) }
        await server.stopWithoutBlocking()
        if let pact { writePact(pact) }
        if !allowsContractViolations, let contract = server.contract {
            for (entry, violations) in server.contractViolations() {
                let request = "\(entry.request.method) \(server.redaction.target(entry.request.target))"
                IssueRecorder.record("Request #\(entry.sequence) \(request) broke \(contract.name):\n"
                                     + violations.map { "  - \($0)" }.joined(separator: "\n"), at: location, preferring: entry.stub?.location)
            }
        }
        for issue in server.takeIssues() {
            switch issue.kind {
            case .unmatched(let report):
                guard !allowsUnmatched else { continue }
                IssueRecorder.record(Self.unmatchedMessage(sequence: issue.sequence, report: report), at: location)
            case .unmatchedMessage:
                guard !allowsUnmatched else { continue }
                IssueRecorder.record(issue.description, at: location, preferring: issue.stub?.location)
            case .responseClosureThrew, .transportRefused, .webSocketProtocolError:
                IssueRecorder.record(issue.description, at: location, preferring: issue.stub?.location)
            }
        }
        // After the unmatched requests: a stale stub is often the near miss they name.
        _ = server.reportUnused(at: location) { $0.mustBeUsed ?? exhaustive }
        let dropped = server.droppedIssueCount
        if dropped > 0, !allowsUnmatched {
            IssueRecorder.record("\(dropped) more issue\(dropped == 1 ? "" : "s") found while serving were not kept (the first 1000 are reported above)", at: location)
        }
    }

    /// Writes one interaction per stub the test exercised (built from the
    /// first request it answered), or, for a stub whose response a closure
    /// makes, one per distinct request it answered; says which stubs a pact
    /// cannot state, and fails the test for an interaction that clashes with
    /// one already written.
    func writePact(_ pact: PactRecording) {
        var seen: Set<String> = []
        var interactions: [PactInteraction] = []
        for entry in server.journal.entries {
            guard let stub = entry.stub else { continue }
            let made = PactInteractionBuilder.isMade(stub.response)
            let target = "\(entry.request.method) \(PactInteractionBuilder.stableTarget(of: entry.request, signing: stub.guards))"
            let description = made ? (stub.name.map { "\($0): " } ?? "") + target : stub.name ?? stub.request.description
            guard seen.insert(made ? description : "\(stub.id)").inserted else { continue }
            do {
                interactions.append(try PactInteractionBuilder.interaction(for: stub, answering: entry.request, served: entry.served,
                                                                           description: description))
            } catch {
                let note = StubProblem(location: error.problem.location, subject: "", message: "left out of \(pact.file.lastPathComponent): \(error.problem.message)", severity: .note)
                FileHandle.standardError.write(Data("\(note)\n".utf8))
            }
        }
        do {
            for conflict in try PactLedger.shared.record(interactions, for: pact) {
                IssueRecorder.record(conflict.description, at: location, preferring: conflict.second)
            }
        } catch {
            IssueRecorder.record("Could not write the pact \(pact.file.path): \(error)", at: location)
        }
    }

    /// The failure text for an unmatched request: what arrived and the closest stubs.
    static func unmatchedMessage(sequence: Int, report: UnmatchedRequestReport) -> String {
        JournalExpectations.unmatchedMessage(sequence: sequence, report: report.description)
    }
}
