import Foundation
import PactFormat
import StubKit
import StubServer

extension Contract {
    /// Writes each request a clause sent to `pact` as one interaction named
    /// after the clause (`NAME (request 2 of 3)` when it sent several), signed
    /// values stated by the patterns of the contract's `Authenticated` rules.
    /// Returns a failed result for each interaction that clashes with one
    /// already written and for a file that cannot be written; a request a
    /// pact cannot state is named on standard error, not dropped silently.
    func writePact(
        _ pact: PactRecording, clauses: [ContractClause], entries: [JournalEntry], senders: [Int: Int]
    ) -> [ContractReport.ClauseResult] {
        let signing = clauses.compactMap { clause -> AuthRule? in
            if case .signatures(let rule) = clause.step { return rule }
            return nil
        }
        var sentBy: [Int: [JournalEntry]] = [:]
        for entry in entries {
            guard let index = senders[entry.sequence] else { continue }
            sentBy[index, default: []].append(entry)
        }
        var interactions: [PactInteraction] = []
        for (index, clause) in clauses.enumerated() {
            let sent = sentBy[index] ?? []
            for (position, entry) in sent.enumerated() {
                let description = sent.count == 1 ? clause.name : "\(clause.name) (request \(position + 1) of \(sent.count))"
                guard let stub = entry.stub else {
                    note(StubProblem(location: clause.location, subject: "",
                                     message: "\"\(description)\" is left out of \(pact.file.lastPathComponent): no stub answered \(entry.request.method) \(entry.request.path)",
                                     severity: .note).description)
                    continue
                }
                do {
                    interactions.append(try PactInteractionBuilder.interaction(
                        for: stub, answering: entry.request, served: entry.served, signing: signing,
                        description: description, location: clause.location))
                } catch {
                    note(StubProblem(location: error.problem.location, subject: "",
                                     message: "\"\(description)\" is left out of \(pact.file.lastPathComponent): \(error.problem.message)",
                                     severity: .note).description)
                }
            }
        }
        do {
            return try PactLedger.shared.record(interactions, for: pact).map { conflict in
                ContractReport.ClauseResult(name: "pact \(pact.file.lastPathComponent)", location: conflict.second, failure: conflict.description)
            }
        } catch {
            return [.init(name: "pact \(pact.file.lastPathComponent)", location: location, failure: "Could not write the pact \(pact.file.path): \(error)")]
        }
    }

    private func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
