import Foundation
import StubKit
import StubServer

/// The live request log: `GET /ui` (the page), `GET /ui/log?since=V` (the
/// newest entries, the stubs and the scenarios, as JSON; it waits up to 25 s
/// for the journal to change past version V, holding no thread), and
/// `POST /ui/reset` (journal and scenarios). The admin API's rules apply:
/// loopback callers, or the admin token.
extension AdminAPI {
    /// The most entries one answer carries, newest first.
    static let logPageSize = 200
    /// The most items of each resource the page shows.
    static let resourceItemsShown = 50

    /// `GET /ui`: the page.
    static func logPage() -> StubResponse {
        StubResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                                            "Content-Security-Policy": "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"],
                     body: Data(AdminUIPage.html.utf8))
    }

    /// `POST /ui/reset`: the journal emptied and scenarios back to `Started`.
    func resetLog() -> StubResponse {
        server.resetJournal()
        server.resetScenarios()
        return AdminAnswer.ok()
    }

    /// The log, once the journal has changed past `since` (or after 25 s).
    func logPoll(_ request: RecordedRequest) async -> StubResponse {
        let since = request.queryValue("since").flatMap(Int.init) ?? -1
        if server.journal.version <= since {
            await server.journal.waitForChange(after: since, timeout: .seconds(25))
        }
        return AdminAnswer.json(logSnapshot())
    }

    /// `{version, entries, stubs, scenarios, resources, redaction}`: the newest entries with
    /// what the page shows of each, secrets masked by the server's redaction.
    func logSnapshot() -> JSONValue {
        let version = server.journal.version
        let all = server.journal.entries
        let redaction = server.redaction
        var answered: [StubID: Int] = [:]
        for entry in all { if let id = entry.stub?.id { answered[id, default: 0] += 1 } }
        let entries = all.suffix(Self.logPageSize).reversed().map { logEntry($0, redaction: redaction) }
        var scenarioNames: [String] = []
        let stubs = server.stubs.map { stub -> JSONValue in
            if let name = stub.scenario?.scenario, !scenarioNames.contains(name) { scenarioNames.append(name) }
            var fields: [String: JSONValue] = [
                "id": .string(stub.id.rawValue), "request": .string(stub.request.description),
                "declared": .string("\(stub.location)"), "answered": .number(Double(answered[stub.id] ?? 0)),
            ]
            if let times = stub.times { fields["timesLeft"] = .number(Double(max(0, times - (answered[stub.id] ?? 0)))) }
            return .object(fields)
        }
        let scenarios = scenarioNames.map { JSONValue.object(["name": .string($0), "state": .string(server.scenarioState($0))]) }
        let resources = server.resources.map { declaration -> JSONValue in
            let items = server.resourceItems(at: declaration.collectionPath)
            return .object(["path": .string(declaration.collectionPath), "count": .number(Double(items.count)),
                            "items": .array(Array(items.prefix(Self.resourceItemsShown)))])
        }
        return .object(["version": .number(Double(version)), "entries": .array(entries), "stubs": .array(stubs),
                        "scenarios": .array(scenarios), "resources": .array(resources), "held": .number(Double(all.count)),
                        "evicted": .number(Double(server.journal.evictedCount))])
    }

    private func logEntry(_ entry: JournalEntry, redaction: Redaction) -> JSONValue {
        let request = entry.request
        var fields: [String: JSONValue] = [
            "sequence": .number(Double(entry.sequence)), "method": .string(request.method), "path": .string(request.path),
            "target": .string(redaction.target(request.target)),
            "at": .number((request.receivedAt.timeIntervalSince1970 * 1000).rounded()),
            "headers": .array(request.headers.fields.map { .array([.string($0.name), .string(redaction.header($0.name, $0.value))]) }),
            "query": .array(request.query.map { item in
                .array([.string(item.name), .string(item.value.map { redaction.masksQueryItem(item.name) ? Redaction.mask($0) : $0 } ?? "")])
            }),
            "body": .string(Self.shown(request.body)),
        ]
        if let status = entry.status { fields["status"] = .number(Double(status)) }
        if let duration = entry.duration {
            let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            fields["ms"] = .number((milliseconds * 1000).rounded() / 1000)
        }
        if let gaveUp = entry.abandonedAt { fields["abandonedAt"] = .number((gaveUp.timeIntervalSince1970 * 1000).rounded()) }
        if let subject = request.clientCertificateSubject { fields["clientCertificate"] = .string(subject) }
        if let stream = entry.stream { fields["stream"] = Self.shown(stream) }
        if let socket = entry.webSocket { fields["webSocket"] = Self.shown(socket) }
        switch entry.outcome {
        case .matched:
            fields["outcome"] = "matched"
            fields["stub"] = .object(["id": .string(entry.stubID ?? ""), "declared": .string(entry.declared.map { "\($0)" } ?? ""),
                                      "proxy": .bool(entry.stub?.response.proxies ?? false)])
        case .preflight:
            fields["outcome"] = "preflight"
        case .unmatched:
            fields["outcome"] = "unmatched"
            let report = server.report(for: request).redacted(by: redaction)
            fields["report"] = JSONValue(data: report.json) ?? .null
        }
        return .object(fields)
    }

    /// A streamed answer as the page shows it: the events sent so far (or,
    /// for a body that is not an event stream, its pieces as text), and
    /// whether it is open, over, or was hung up on.
    static func shown(_ stream: StreamLog) -> JSONValue {
        let events = stream.events
        let shown: [JSONValue] = events.isEmpty
            ? stream.pieces.map { .object(["data": .string(String(decoding: $0, as: UTF8.self))]) }
            : events.map { event in
                var fields: [String: JSONValue] = ["data": .string(event.data)]
                if event.type != "message" { fields["event"] = .string(event.type) }
                if !event.lastEventID.isEmpty { fields["id"] = .string(event.lastEventID) }
                return .object(fields)
            }
        let state = stream.clientHungUp ? "client hung up" : stream.finished ? "ended" : "open"
        return .object(["state": .string(state), "pieces": .number(Double(stream.pieces.count)), "shown": .array(shown)])
    }

    /// A WebSocket connection as the page shows it: each message with its
    /// direction and time, and whether the connection is open or how it ended.
    static func shown(_ socket: WebSocketLog) -> JSONValue {
        let messages: [JSONValue] = socket.messages.suffix(500).map { message in
            var fields: [String: JSONValue] = [
                "direction": .string(message.direction.rawValue),
                "at": .number((message.at.timeIntervalSince1970 * 1000).rounded()),
            ]
            switch message.message {
            case .text(let text): fields["text"] = .string(text)
            case .binary(let bytes): fields["binary"] = .number(Double(bytes.count))
            }
            if message.direction == .received, !message.answered { fields["unanswered"] = .bool(true) }
            return .object(fields)
        }
        let state: String
        switch socket.ending {
        case nil: state = "open"
        case .clientClosed(let close)?: state = "closed by the client" + (close.map { " (\($0))" } ?? "")
        case .serverClosed(let close)?: state = "closed by the server (\(close))"
        case .protocolFailure(let close)?: state = "failed: \(close)"
        case .dropped?: state = "dropped"
        }
        var fields: [String: JSONValue] = ["state": .string(state), "messages": .array(messages), "count": .number(Double(socket.messages.count))]
        if let subprotocol = socket.subprotocol { fields["subprotocol"] = .string(subprotocol) }
        return .object(fields)
    }

    /// A body as the page shows it: JSON pretty-printed, text as it is, bytes counted.
    static func shown(_ body: Data) -> String {
        guard !body.isEmpty else { return "" }
        if let value = JSONValue(data: body) { return WrittenJSON.value(value).text }
        if let text = String(data: body, encoding: .utf8) { return text }
        return "(\(body.count) bytes, not text)"
    }
}
