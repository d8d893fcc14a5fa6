import Foundation
import StubKit
import StubRecording
import StubServer
import StubSpec
import Synchronization

/// Our own routes, for what WireMock's shapes cannot say:
///
/// - `/__admin/stubs`: stubs in the spec-file schema (JSON or YAML), the
///   form `RemoteStubServer` sends; a bad body gets 422 with each problem's
///   line, column and key;
/// - `GET /__admin/journal`: every entry with its stub's id and declaration
///   site, and each unmatched request's near-miss report;
/// - `GET /__admin/requests/wait?matching=…&timeout=…`: a long poll for the
///   next request matching a spec `request:` block (answered by ``wait(_:)``).
extension AdminAPI {
    /// `POST /stubs`: adds the stubs of a spec document; one with the id of
    /// a stub already served replaces it.
    func addStubs(_ call: AdminCall) throws -> StubResponse {
        let added = try readStubs(call.request.body, named: "POST \(options.prefix)/stubs")
        var current = server.stubs
        var fresh: [Stub] = []
        for stub in added {
            if let index = current.firstIndex(where: { $0.id == stub.id }) { current[index] = stub } else { fresh.append(stub) }
        }
        try server.replaceAll(with: fresh + current)
        return AdminAnswer.json(.object(["ids": .array(added.map { .string($0.id.rawValue) })]), status: 201)
    }

    /// `DELETE /stubs`: serves nothing.
    func removeAllStubs() throws -> StubResponse {
        try server.replaceAll(with: [])
        return AdminAnswer.ok()
    }

    /// `PUT /stubs/{id}`: one stub in the spec schema replaces the stub `id`.
    func replaceStub(_ call: AdminCall) throws -> StubResponse {
        guard let id = servedStubID(call) else { return AdminAnswer.notFound("no stub \(stubID(call))") }
        let given = try readStubs(call.request.body, named: "PUT \(options.prefix)/stubs/\(id)")
        guard given.count == 1, var stub = given.first else {
            return AdminAnswer.error(422, "PUT takes exactly one stub; got \(given.count)", pointer: "/stubs")
        }
        stub.id = id
        try server.replace(id, with: stub)
        return AdminAnswer.json(.object(["ids": .array([.string(id.rawValue)])]))
    }

    /// `DELETE /stubs/{id}`.
    func removeStub(_ call: AdminCall) -> StubResponse {
        guard let id = servedStubID(call) else { return AdminAnswer.notFound("no stub \(stubID(call))") }
        server.remove(id)
        return AdminAnswer.ok()
    }

    /// Another verb on `/stubs/{id}`: 404 naming the stub when there is no
    /// such stub; otherwise not a route (`nil`).
    func unknownStub(_ call: AdminCall) -> StubResponse? {
        servedStubID(call) == nil ? AdminAnswer.notFound("no stub \(stubID(call))") : nil
    }

    /// The id in `/stubs/{id}`, percent-decoded.
    private func stubID(_ call: AdminCall) -> StubID {
        StubID(call.part(1))
    }

    /// The id in `/stubs/{id}` when a stub with it is served.
    private func servedStubID(_ call: AdminCall) -> StubID? {
        let id = stubID(call)
        return server.stub(id) == nil ? nil : id
    }

    /// `{"stubs": [...], "notPortable": [{"id", "declared", "reason"}]}`: every
    /// stub in match order; those the schema cannot state (a closure) listed apart.
    func listStubs() -> StubResponse {
        var written: [WrittenJSON] = []
        var refused: [WrittenJSON] = []
        for stub in inMatchOrder(server.stubs) {
            do {
                written.append(try SpecWriter.stub(stub))
            } catch {
                refused.append(.object([
                    ("id", .string(stub.id.rawValue)), ("declared", .string(stub.location.description)),
                    ("reason", .string(error.reason)),
                ]))
            }
        }
        let text = WrittenJSON.object([("stubs", .array(written)), ("notPortable", .array(refused))]).text
        return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// The stubs of a spec document (`{"stubs": [...]}`), fixtures read from the served root.
    private func readStubs(_ body: Data, named name: String) throws -> [Stub] {
        guard let text = String(data: body, encoding: .utf8) else {
            throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "", message: "the body is not UTF-8 text")])
        }
        let directory = options.root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try StubSpec.parse(text, name: name, directory: directory).stubs
    }

    /// The journal as a ``JournalSnapshot`` (entries after `after`, when given),
    /// each unmatched request with its near-miss report unless `reports=false`;
    /// as HAR 1.2 with `format=har` (bodies when the server keeps its answers).
    func journal(_ request: RecordedRequest) -> StubResponse {
        var snapshot = server.journalSnapshot(after: request.queryValue("after").flatMap(Int.init))
        if request.queryValue("format") == "har" {
            // Secrets masked by the server's redaction, wherever the archive shows a request.
            let archive = HARArchive(journal: snapshot.entries, base: server.baseURL)
            return StubResponse(status: 200, headers: ["Content-Type": "application/json", "Content-Disposition": "attachment; filename=\"journal.har\""],
                                body: archive.json(redaction: server.redaction))
        }
        if request.queryValue("reports") != "false" {
            for index in snapshot.entries.indices where snapshot.entries[index].isUnmatched {
                snapshot.entries[index].report = server.report(for: snapshot.entries[index].request).description
            }
        }
        return Self.encoded(snapshot)
    }

    /// `GET …/requests/wait?matching=<request block>&timeout=<2s>`: the next
    /// request matching the block that no earlier wait was handed, as a journal
    /// entry; 408 with what arrived instead when none comes in time.
    func wait(_ request: RecordedRequest) async -> StubResponse {
        let name = "\(options.prefix)/requests/wait?matching"
        guard let text = request.queryValue("matching") else {
            return AdminAnswer.error(400, "wait needs matching=<a spec request block, such as {\"method\":\"GET\",\"path\":\"/x\"}>")
        }
        let pattern: RequestPattern
        do {
            pattern = try StubSpec.requestPattern(text, name: name)
        } catch let error as StubValidationError {
            return AdminAnswer.invalid(error)
        } catch {
            return AdminAnswer.error(400, "\(error)")
        }
        let timeout: Duration
        switch request.queryValue("timeout").map(Self.duration) {
        case nil: timeout = .seconds(5)
        case let given??: timeout = min(given, .seconds(300))
        case .some(nil): return AdminAnswer.error(400, "timeout is a duration such as 250ms or 2s (at most 300s)")
        }
        do {
            let found = try await server.next(matching: pattern, timeout: timeout)
            let entry = server.journal.entries.last { $0.request == found }
                ?? JournalEntry(sequence: 0, request: found, outcome: .matched)
            return Self.encoded(entry)
        } catch let timedOut as RequestWaitTimeout {
            return AdminAnswer.error(408, "no request arrived in time", detail: timedOut.report)
        } catch {
            return AdminAnswer.error(503, "the wait ended: \(error)")
        }
    }

    /// `250ms`, `2s`, `1.5s`, or a number of milliseconds.
    static func duration(_ text: String) -> Duration? {
        for (suffix, scale) in [("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite else { return nil }
            return .nanoseconds(Int64(number * scale * 1e9))
        }
        return Double(text).flatMap { $0 >= 0 && $0.isFinite ? .nanoseconds(Int64($0 * 1e6)) : nil }
    }

    static func encoded(_ value: some Encodable) -> StubResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
