import Foundation
import StubKit
import StubServer
import Synchronization
import WireMockFormat

/// `/__admin/requests…` and `/__admin/near-misses…`: the journal, counted,
/// found and explained in WireMock's shapes, secrets masked.
extension AdminAPI {
    /// `DELETE /requests`, `POST /requests/reset`: the journal emptied.
    func resetRequests() -> StubResponse {
        server.resetJournal()
        return AdminAnswer.ok()
    }

    /// `GET /requests/unmatched`.
    func unmatchedRequests() -> StubResponse {
        found(server.journal.unmatched.map(\.request))
    }

    /// `GET /requests/unmatched/near-misses`.
    func unmatchedNearMisses() -> StubResponse {
        let misses = server.journal.unmatched.flatMap { nearMisses(of: $0.request) }
        return AdminAnswer.json(.object(["nearMisses": .array(misses)]))
    }

    /// `GET /requests/unmatched/reports`: our near-miss reports, whole.
    func unmatchedReports() throws -> StubResponse {
        let reports = server.journal.unmatched.map { server.report(for: $0.request) }
        return StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: try JSONEncoder().encode(reports))
    }

    /// `POST /requests/count`.
    func countRequests(_ call: AdminCall) throws -> StubResponse {
        let pattern = try WireMockMappings.requestPattern(call.request.body, file: Self.name(call))
        let count = server.journal.count { pattern.match($0) != nil }
        return AdminAnswer.json(.object(["count": .number(Double(count)), "requestJournalDisabled": .bool(false)]))
    }

    /// `POST /requests/find`.
    func findRequests(_ call: AdminCall) throws -> StubResponse {
        let pattern = try WireMockMappings.requestPattern(call.request.body, file: Self.name(call))
        return found(server.journal.entries { pattern.match($0) != nil }.map(\.request))
    }

    /// `POST /requests/remove`.
    func removeRequests(_ call: AdminCall) throws -> StubResponse {
        let pattern = try WireMockMappings.requestPattern(call.request.body, file: Self.name(call))
        let removed = server.journal.remove { pattern.match($0.request) != nil }
        return AdminAnswer.json(.object(["serveEvents": .array(removed.map(serveEvent))]))
    }

    /// `GET /requests/{id}` (the serve event) and `DELETE /requests/{id}`.
    func journalEntry(_ call: AdminCall) -> StubResponse {
        guard let sequence = WireMockJSON.sequence(fromRequestID: call.part(1)),
              let entry = server.journal.entries.first(where: { $0.sequence == sequence }) else {
            return AdminAnswer.notFound("no request \(call.part(1)) in the journal")
        }
        if call.route.method == "DELETE" {
            server.journal.remove { $0.sequence == sequence }
            return AdminAnswer.ok()
        }
        return AdminAnswer.json(serveEvent(entry))
    }

    /// `POST /near-misses/request`: the stubs closest to a logged request.
    func nearMissesOfRequest(_ call: AdminCall) -> StubResponse {
        guard let asked = loggedRequest(call.request.body) else {
            return AdminAnswer.error(422, "expected a logged request with at least \"url\" and \"method\"", pointer: "/")
        }
        return AdminAnswer.json(.object(["nearMisses": .array(nearMisses(of: asked))]))
    }

    /// `POST /near-misses/request-pattern`: the journal's requests closest to a pattern.
    func nearMissesOfPattern(_ call: AdminCall) throws -> StubResponse {
        let pattern = try WireMockMappings.requestPattern(call.request.body, file: Self.name(call))
        return AdminAnswer.json(.object(["nearMisses": .array(nearMisses(of: pattern, asked: JSONValue(data: call.request.body) ?? .null))]))
    }

    /// `METHOD /path`, naming a posted body in problems.
    private static func name(_ call: AdminCall) -> String { "\(call.request.method) \(call.request.path)" }

    /// `GET /requests`: newest first; `limit` keeps the newest N, `since`
    /// (ISO 8601) the ones after it, `unmatched=true` the unmatched,
    /// `matchingStub=ID` those one stub answered.
    func serveEvents(_ request: RecordedRequest) -> StubResponse {
        var entries = Array(server.journal.entries.reversed())
        if let since = request.queryValue("since") {
            guard let date = ISO8601DateFormatter().date(from: since) else {
                return AdminAnswer.error(400, "since must be an ISO 8601 time such as 2026-11-23T11:19:04Z, not \(since)")
            }
            entries = entries.filter { $0.request.receivedAt > date }
        }
        if request.queryValue("unmatched") == "true" { entries = entries.filter(\.isUnmatched) }
        if let id = request.queryValue("matchingStub") { entries = entries.filter { $0.stub?.id.rawValue == id } }
        let total = entries.count
        if let limit = request.queryValue("limit").flatMap(Int.init) { entries = Array(entries.prefix(max(0, limit))) }
        return AdminAnswer.json(.object([
            "requests": .array(entries.map(serveEvent)), "meta": .object(["total": .number(Double(total))]),
            "requestJournalDisabled": .bool(false),
        ]))
    }

    private func found(_ requests: [RecordedRequest]) -> StubResponse {
        AdminAnswer.json(.object(["requests": .array(requests.map(logged)), "requestJournalDisabled": .bool(false)]))
    }

    func logged(_ request: RecordedRequest) -> JSONValue {
        WireMockJSON.loggedRequest(request, redaction: server.redaction, host: server.host, port: server.port)
    }

    /// A journal entry as WireMock's `ServeEvent`, plus `understudy`: our
    /// sequence number, the answering stub's id and where it was declared.
    func serveEvent(_ entry: JournalEntry) -> JSONValue {
        let status = JSONValue.number(Double(entry.status ?? 0))
        var ours: [String: JSONValue] = ["sequence": .number(Double(entry.sequence))]
        let mapping: JSONValue
        if let stub = entry.stub {
            mapping = json(for: stub)
            ours["stubId"] = .string(stub.id.rawValue)
            ours["declared"] = .string(stub.location.description)
        } else {
            mapping = .object(["request": .object(["method": .string("ANY")]), "response": .object(["status": .number(404)])])
        }
        return .object([
            "id": .string(WireMockJSON.requestID(entry.sequence)), "request": logged(entry.request),
            "responseDefinition": .object(["status": status, "fromConfiguredStub": .bool(entry.isMatched)]),
            "response": .object(["status": status]), "wasMatched": .bool(entry.isMatched), "stubMapping": mapping,
            "understudy": .object(ours),
        ])
    }

    /// The closest stubs to `request`, WireMock's way (`distance` from 0,
    /// a match, to 1) plus our field-by-field checks.
    private func nearMisses(of request: RecordedRequest) -> [JSONValue] {
        let report = server.report(for: request)
        let stubs = server.stubs
        return report.closestStubs.map { miss in
            let stub = stubs.first { $0.id.rawValue == miss.id }
            return .object([
                "request": logged(request), "stubMapping": stub.map(json(for:)) ?? .null,
                "matchResult": .object(["distance": .number(1 - miss.score)]),
                "understudy": (try? JSONEncoder().encode(miss)).flatMap { JSONValue(data: $0) } ?? .null,
            ])
        }
    }

    /// The journal's requests closest to `pattern`: by the share of its
    /// conditions each one fails, up to three.
    private func nearMisses(of pattern: RequestPattern, asked: JSONValue) -> [JSONValue] {
        let scored = server.journal.entries.map { entry -> (RecordedRequest, Double) in
            let checks = pattern.checks(against: entry.request)
            return (entry.request, Double(checks.filter { !$0.matched }.count) / Double(max(checks.count, 1)))
        }
        return scored.filter { $0.1 > 0 && $0.1 < 1 }.sorted { $0.1 < $1.1 }.prefix(3).map { request, distance in
            .object(["request": logged(request), "requestPattern": asked, "matchResult": .object(["distance": .number(distance)])])
        }
    }

    /// A `LoggedRequest` body (at least `url` and `method`) as a request.
    private func loggedRequest(_ body: Data) -> RecordedRequest? {
        guard case .object(let fields)? = JSONValue(data: body),
              case .string(let url)? = fields["url"], case .string(let method)? = fields["method"] else { return nil }
        var headers = HTTPHeaders()
        if case .object(let given)? = fields["headers"] {
            for (name, value) in given.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .string(let text): headers.add(name, text)
                case .array(let items): for case .string(let text) in items { headers.add(name, text) }
                default: continue
                }
            }
        }
        var data = Data()
        if case .string(let base64)? = fields["bodyAsBase64"], let decoded = Data(base64Encoded: base64) {
            data = decoded
        } else if case .string(let text)? = fields["body"] {
            data = Data(text.utf8)
        }
        return RecordedRequest(method: method, target: url, headers: headers, body: data)
    }
}
