public import Foundation
public import PactFormat
import StubAssertions
import StubKit
public import StubServer

/// A contract between a client and the stubs that stand in for its API: each
/// clause drives the client against a fresh server and states what must
/// happen, a decode, an error mapping or signing. ``check()`` reports each
/// failed clause as its own test issue, at the clause, naming the stub that
/// answered.
///
/// ```swift
/// @Test func marvelContract() async {
///     await Contract("Marvel comics", serving: .starting { try MarvelFake().start() }) { server in
///         let client = MarvelAPIClient(baseURL: server.baseURL, credentials: .serverSide(publicKey: "1234", privateKey: "abcd"))
///         Decodes("comics list") { try await client.send(Marvel.comics.list(limit: 5)) }
///         Fails("limit over 100", with: MarvelError.limitTooLarge) { try await client.send(Marvel.comics.list(limit: 101)) }
///         Signed(.marvel(publicKey: "1234", privateKey: "abcd"))
///     }.check()
/// }
/// ```
public struct Contract: Sendable {
    /// The contract's name, as reports show it.
    public let name: String
    /// Where the contract was declared.
    public let location: CodeLocation
    /// The pact each clause's requests are written to, when one is recorded.
    public let pact: PactRecording?
    /// Whether every stub must be used by some clause (a stub's own `mustBeUsed` decides first).
    public let exhaustive: Bool
    private let target: Target

    /// What the clauses run against.
    private enum Target: Sendable {
        /// A fresh server for the setup, whose journal the contract reads.
        case serving(ServerSetup, @Sendable (StubServer) -> [ContractClause])
        /// A server the contract does not run (a staging API, a pact stub).
        case remote(URL, @Sendable (URL) -> [ContractClause])
    }

    /// A contract served by a fresh server for `setup`: `.stubs { … }`,
    /// `.stubs(list)`, `.prepared(set)` or `.starting { try MarvelFake().start() }`.
    ///
    /// With `pact`, each request a clause sent is written to that consumer
    /// pact as one interaction described by the clause's name: the request
    /// as sent (values an `Authenticated` rule makes anew, such as Marvel's
    /// `ts` and `hash`, by their pattern) and the response the server made.
    ///
    /// With `transport: .inProcess`, the server answers `server.session` in
    /// this process with no socket; clients the clauses make take that session.
    ///
    /// With `exhaustive`, every stub no clause used is a failure of its own,
    /// at the stub's line: the contract covers the whole stub list.
    public init(
        _ name: String,
        serving setup: ServerSetup,
        transport: StubTransport? = nil,
        pact: PactRecording? = nil,
        exhaustive: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @ContractBuilder clauses: @escaping @Sendable (StubServer) -> [ContractClause]
    ) {
        self.init(name, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
                  .serving(setup.transport(transport), clauses), pact, exhaustive: exhaustive)
    }

    /// A contract against a server it does not run, at `baseURL`: a staging
    /// API, `understudy serve` in another process, a pact stub. The calls run
    /// as they do against a stub server; an `Authenticated` clause fails,
    /// since no journal of ours saw the requests.
    public init(
        _ name: String,
        against baseURL: URL,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @ContractBuilder clauses: @escaping @Sendable (URL) -> [ContractClause]
    ) {
        self.init(name, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), .remote(baseURL, clauses), nil)
    }

    private init(_ name: String, _ location: CodeLocation, _ target: Target, _ pact: PactRecording?, exhaustive: Bool = false) {
        self.name = name
        self.location = location
        self.target = target
        self.pact = pact
        self.exhaustive = exhaustive
    }

    /// Runs every clause and reports each failure as its own issue at the
    /// clause's location (Swift Testing) or the contract's (XCTest).
    @discardableResult
    public func check() async -> ContractReport {
        let report = await run()
        for result in report.results {
            guard let failure = result.failure else { continue }
            IssueRecorder.record("Contract \(Self.quoted(name)), clause \(Self.quoted(result.name)) (\(result.location)):\n\(failure)",
                                 at: result.location)
        }
        return report
    }

    /// Runs every clause and returns the results without reporting them, for
    /// runners of their own (the command line's `check`).
    public func run() async -> ContractReport {
        switch target {
        case .serving(let setup, let clauses): return await run(setup, clauses)
        case .remote(let url, let clauses): return await run(against: url, clauses(url))
        }
    }

    private func run(_ setup: ServerSetup, _ makeClauses: @Sendable (StubServer) -> [ContractClause]) async -> ContractReport {
        let server: StubServer
        do {
            server = try setup.start()
        } catch {
            let failure = ContractReport.ClauseResult(name: "server start", location: location,
                                                      failure: "The stub server could not start: \(error)")
            return ContractReport(name: name, results: [failure])
        }
        defer { server.stop() }
        if pact != nil { server.keepsServedResponses = true }
        let clauses = StubServer.$current.withValue(server) { makeClauses(server) }
        var results: [ContractReport.ClauseResult?] = Array(repeating: nil, count: clauses.count)
        var senders: [Int: Int] = [:] // journal sequence → clause index
        for (index, clause) in clauses.enumerated() {
            guard case .call(let call) = clause.step else { continue }
            let before = server.journal.recordedCount
            let failure = await StubServer.$current.withValue(server) { await call() }
            let sent = server.journal.entries.filter { $0.sequence > before }
            for entry in sent { senders[entry.sequence] = index }
            results[index] = ContractReport.ClauseResult(
                name: clause.name, location: clause.location,
                failure: failure.map { $0 + "\n" + Self.requestsText(sent, server.redaction) }
            )
        }
        let entries = server.journal.entries
        for (index, clause) in clauses.enumerated() {
            guard case .signatures(let requirement) = clause.step else { continue }
            results[index] = ContractReport.ClauseResult(
                name: clause.name, location: clause.location,
                failure: Self.signatureFailure(requirement, entries: entries, redaction: server.redaction) { sequence in
                    senders[sequence].map { clauses[$0] }
                }
            )
        }
        _ = server.takeIssues()
        var kept = results.compactMap { $0 }
        let unused = JournalExpectations.unused(server.stubs, in: server.journal.snapshot(redaction: server.redaction)) { $0.mustBeUsed ?? exhaustive }
        kept += unused.map { ContractReport.ClauseResult(name: "every stub used", location: $0.stub.location, failure: $0.message) }
        if let pact { kept += writePact(pact, clauses: clauses, entries: entries, senders: senders) }
        return ContractReport(name: name, results: kept)
    }

    /// Runs the calls against a server the contract does not run.
    private func run(against url: URL, _ clauses: [ContractClause]) async -> ContractReport {
        var results: [ContractReport.ClauseResult] = []
        for clause in clauses {
            switch clause.step {
            case .call(let call):
                results.append(.init(name: clause.name, location: clause.location, failure: await call()))
            case .signatures:
                results.append(.init(name: clause.name, location: clause.location,
                                     failure: "Signing cannot be checked against \(url.absoluteString): no journal of ours saw the requests. Check it against a stub server instead."))
            }
        }
        return ContractReport(name: name, results: results)
    }

    /// The requests a failed call sent and the stub that answered each.
    private static func requestsText(_ sent: [JournalEntry], _ redaction: Redaction) -> String {
        guard !sent.isEmpty else { return "It sent no request." }
        var lines = ["Requests it sent:"]
        lines += JournalListing.lines(sent) { entry in
            let answer = entry.stub.map { "answered by \($0.request) declared at \($0.location)" } ?? "matched no stub (404)"
            return "#\(entry.sequence) \(JournalListing.show(entry.request, redaction)) — \(answer)"
        }
        return lines.joined(separator: "\n")
    }

    /// The failure text for requests that break `requirement`, each with the
    /// clause that sent it; `nil` when all pass.
    private static func signatureFailure(
        _ requirement: AuthRule, entries: [JournalEntry], redaction: Redaction, sender: (Int) -> ContractClause?
    ) -> String? {
        guard !entries.isEmpty else { return "No request was sent, so none could be checked." }
        let failures = entries.compactMap { entry in requirement.problem(with: entry.request).map { (entry, $0) } }
        guard !failures.isEmpty else { return nil }
        let lines = ["\(failures.count) of \(entries.count) requests did not carry \(requirement):"]
            + JournalListing.lines(failures.map(\.0)) { entry in
                let problem = failures.first { $0.0.sequence == entry.sequence }?.1 ?? ""
                let by = sender(entry.sequence).map { " (sent by \(quoted($0.name)) at \($0.location))" } ?? ""
                return "✗ #\(entry.sequence) \(JournalListing.show(entry.request, redaction))\(by) — \(problem)"
            }
        return lines.joined(separator: "\n")
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
