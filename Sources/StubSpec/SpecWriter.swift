package import StubKit
import Foundation

/// Writes stubs in the spec-file schema (JSON; see `docs/spec-format.md`), so
/// they can travel to another process (a remote server's `/__admin/stubs`) and
/// be read back by the spec reader into the same values. Each stub keeps its
/// id and its declaration site (`declared`), so journals and reports on the
/// server point at the Swift line that declared it.
///
/// A stub the schema cannot state (a Swift closure makes its response, a
/// predicate decides its match) is refused with ``StubNotPortable``, never
/// written half.
package enum SpecWriter {
    /// `{ "stubs": [ … ] }` for `stubs`, in order.
    ///
    /// - Throws: ``StubNotPortable`` for the first stub that cannot be written.
    package static func document(_ stubs: [Stub]) throws(StubNotPortable) -> String {
        var written: [WrittenJSON] = []
        for stub in stubs { written.append(try self.stub(stub)) }
        return WrittenJSON.object([("stubs", .array(written))]).text
    }

    /// How a stub is written.
    package struct Style: Sendable {
        /// Writes `declared:`, so a stub read back names the Swift line that
        /// declared it; without it, the stub's site is its line in the file.
        package var declaresSites: Bool
        /// Writes a JSON body as a `json:` value (readable, keys sorted)
        /// instead of text, when the value reads back exactly.
        package var bodiesAsValues: Bool

        /// For another process: sites kept, bodies byte for byte.
        package static let portable = Style(declaresSites: true, bodiesAsValues: false)
        /// For a file people read (a recording): the file is the site, JSON as values.
        package static let readable = Style(declaresSites: false, bodiesAsValues: true)
    }

    /// One stub as a `stubs:` entry.
    package static func stub(_ stub: Stub, style: Style = .portable) throws(StubNotPortable) -> WrittenJSON {
        do {
            return try entry(stub, style: style)
        } catch let reason {
            throw StubNotPortable(stub: stub.request.description, location: stub.location, reason: reason.text)
        }
    }

    private static func entry(_ stub: Stub, style: Style) throws(Unwritable) -> WrittenJSON {
        var members: [(String, WrittenJSON)] = [("id", .string(stub.id.rawValue))]
        if let name = stub.name { members.append(("name", .string(name))) }
        if style.declaresSites { members.append(("declared", declared(stub.location))) }
        if stub.priority != 0 { members.append(("priority", .number(Double(stub.priority)))) }
        if let times = stub.times { members.append(("times", .number(Double(times)))) }
        if let required = stub.mustBeUsed { members.append(("mustBeUsed", .bool(required))) }
        if case .resource(let declaration) = stub.response {
            members.append(("resource", try resource(declaration)))
        } else {
            members.append(("request", try SpecPatternWriter.request(stub.request)))
        }
        switch stub.response {
        case .resource: break
        case .fixed(let response) where response.webSocket != nil:
            guard let conversation = response.webSocket else { break }
            members.append(("webSocket", try webSocket(conversation)))
        case .sequence(let steps):
            var written: [WrittenJSON] = []
            for step in steps { written.append(try response(step, style: style)) }
            members.append(("sequence", .array(written)))
        case let recipe:
            members.append(("response", try response(recipe, style: style)))
        }
        if !stub.responseHeaders.pairs.isEmpty { members.append(("responseHeaders", headers(stub.responseHeaders))) }
        switch stub.guards.count {
        case 0: break
        case 1: members.append(("guard", try guardRule(stub.guards[0])))
        default: throw Unwritable("it has \(stub.guards.count) guards; a spec stub has one")
        }
        if let delay = stub.delay { members.append(("delay", try self.delay(delay))) }
        if let fault = stub.fault { members.append(("fault", self.fault(fault))) }
        if let compression = stub.compression { members.append(("compression", .string(compression.rawValue))) }
        if let step = stub.scenario { members.append(("scenario", scenario(step))) }
        if !stub.metadata.isEmpty { members.append(("metadata", .value(.object(stub.metadata)))) }
        return .object(members)
    }

    /// `{ fileID, filePath, line, column }`.
    private static func declared(_ location: CodeLocation) -> WrittenJSON {
        var parts: [(String, WrittenJSON)] = [("fileID", .string(location.fileID))]
        if !location.filePath.isEmpty { parts.append(("filePath", .string(location.filePath))) }
        parts += [("line", .number(Double(location.line))), ("column", .number(Double(location.column)))]
        return .object(parts)
    }

    // MARK: Response

    /// `events:` when every piece is one event as the spec reader writes it,
    /// else `chunks:` (each piece as text, or base64); each with its pause,
    /// and `end:`. Byte for byte what the stream sends either way.
    private static func streamMembers(_ stream: ResponseStream) throws(Unwritable) -> [(String, WrittenJSON)] {
        let events = stream.pieces.compactMap { ServerSentEvent(exactly: $0.bytes) }
        if !events.isEmpty, events.count == stream.pieces.count {
            let written = zip(events, stream.pieces).map { event, piece -> WrittenJSON in
                var members: [(String, WrittenJSON)] = []
                if let comment = event.comment { members.append(("comment", .string(comment))) }
                if let name = event.event { members.append(("event", .string(name))) }
                if let id = event.id { members.append(("id", .string(id))) }
                if let retry = event.retry { members.append(("retry", .string(Self.milliseconds(retry)))) }
                if let data = event.data { members.append(("data", .string(data))) }
                if piece.after != .zero { members.append(("after", .string(Self.milliseconds(piece.after)))) }
                return .object(members)
            }
            return [("events", .array(written)), ("end", try end(stream.end))]
        }
        let chunks = stream.pieces.map { piece -> WrittenJSON in
            var members: [(String, WrittenJSON)]
            if let text = String(bytes: piece.bytes, encoding: .utf8) {
                members = [("text", .string(text))]
            } else {
                members = [("base64", .string(Data(piece.bytes).base64EncodedString()))]
            }
            if piece.after != .zero { members.append(("after", .string(Self.milliseconds(piece.after)))) }
            return .object(members)
        }
        return [("chunks", .array(chunks)), ("end", try end(stream.end))]
    }

    /// `end:` as the spec reader reads it.
    private static func end(_ end: ResponseStream.End) throws(Unwritable) -> WrittenJSON {
        switch end {
        case .close: return .string("close")
        case .cut: return .string("cut")
        case .reset: return .string("reset")
        case .keepOpen(nil, _): return .string("open")
        case .keepOpen(let heartbeat?, let every):
            guard let comment = heartbeat.comment, heartbeat.data == nil, heartbeat.event == nil, heartbeat.id == nil, heartbeat.retry == nil else {
                throw Unwritable("its stream's heartbeat is more than a comment, which spec files cannot state")
            }
            return .object([("open", .object([("heartbeat", .string(comment)), ("every", .string(Self.milliseconds(every)))]))])
        case .fedByTest:
            throw Unwritable("its stream is fed by the test (end: .fedByTest), which only a Swift test can do")
        }
    }

    /// `{ name, requires, sets }`, as a stub's or a WebSocket rule's `scenario:`.
    static func scenario(_ step: ScenarioStep) -> WrittenJSON {
        var parts: [(String, WrittenJSON)] = [("name", .string(step.scenario))]
        if let state = step.requiredState { parts.append(("requires", .string(state))) }
        if let state = step.newState { parts.append(("sets", .string(state))) }
        return .object(parts)
    }

    /// `250ms`.
    private static func milliseconds(_ duration: Duration) -> String {
        "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)ms"
    }

    private static func response(_ recipe: ResponseRecipe, style: Style) throws(Unwritable) -> WrittenJSON {
        switch recipe {
        case .fixed(let response):
            guard response.reason == nil else { throw Unwritable("its response has a custom reason phrase") }
            guard response.webSocket == nil else { throw Unwritable("a WebSocket endpoint is a stub's own, not one step of a sequence") }
            var members: [(String, WrittenJSON)] = [("status", .number(Double(response.status)))]
            if !response.headers.pairs.isEmpty { members.append(("headers", headers(response.headers))) }
            if let stream = response.stream {
                members += try streamMembers(stream)
            } else if style.bodiesAsValues, let value = JSONValue(exactly: response.body),
               response.headers["Content-Type"].map(JSONText.isJSONMediaType) ?? false {
                members.append(("json", .value(value)))
            } else if !response.body.isEmpty {
                // `body:` reads back with a text/plain default, so it is used only
                // when the response names its own Content-Type; bytes go as base64.
                if response.headers["Content-Type"] != nil, let text = String(data: response.body, encoding: .utf8) {
                    members.append(("body", .string(text)))
                } else {
                    members.append(("base64", .string(response.body.base64EncodedString())))
                }
            }
            return .object(members)
        case .fixture(let path, let status, let headers):
            var members: [(String, WrittenJSON)] = [("status", .number(Double(status)))]
            if !headers.pairs.isEmpty { members.append(("headers", self.headers(headers))) }
            members.append(("file", .string(path)))
            return .object(members)
        case .named(let recipe):
            return .object([(recipe.form.keyword, .value(recipe.form.value()))])
        case .proxy(let target):
            var members: [(String, WrittenJSON)] = [("to", .string(target.base.absoluteString))]
            if let prefix = target.removingPrefix { members.append(("removePrefix", .string(prefix))) }
            if !target.addingHeaders.pairs.isEmpty { members.append(("addHeaders", headers(target.addingHeaders))) }
            if !target.removingHeaders.isEmpty { members.append(("removeHeaders", .array(target.removingHeaders.map(WrittenJSON.string)))) }
            return .object([("proxy", .object(members))])
        case .template(let templated):
            guard templated.reason == nil else { throw Unwritable("its response has a custom reason phrase") }
            var members: [(String, WrittenJSON)] = [("status", .number(Double(templated.status)))]
            if !templated.headers.isEmpty {
                members.append(("headers", headers(HTTPHeaders(pairs: templated.headers.map { ($0.name, $0.value.source) }))))
            }
            switch templated.body {
            case .none: members.append(("template", .string("")))
            case .text(let template): members.append(("template", .string(template.source)))
            case .json(let template): members.append(("templateJSON", JSONValue(json: template.source).map(WrittenJSON.value) ?? .string(template.source)))
            case .bytes: throw Unwritable("its templated response has a binary body, which a template: cannot carry")
            case .file: throw Unwritable("its templated response reads a body file named by a template, which has no spec form; export it to WireMock")
            }
            return .object(members)
        case .held(let held):
            var members: [(String, WrittenJSON)] = []
            if let timeout = held.timeout {
                members.append(("timeout", .string(text(timeout))))
                if held.otherwise != HeldAnswer.gatewayTimeout { members.append(("otherwise", try response(.fixed(held.otherwise), style: style))) }
            }
            return .object([("held", .object(members))])
        case .generated:
            throw Unwritable("its response has generated values (Pact generators), which have no spec form yet; serve the pact itself")
        case .dynamic:
            throw Unwritable("a Swift closure makes its response, and a closure cannot leave the process; "
                             + "use a fixed response, a sequence or a plug-in's named recipe (a Marvel envelope), or declare the stub where the server runs")
        case .sequence:
            throw Unwritable("it has a response sequence inside a sequence")
        case .invalid(let reason):
            throw Unwritable(reason)
        case .resource(let declaration):
            throw Unwritable("the stateful resource \(declaration.collectionPath) is a stub of its own, not one step of a sequence")
        }
    }

    /// `{ Name: value }`, a list of values for a name sent more than once.
    static func headers(_ headers: HTTPHeaders) -> WrittenJSON {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in headers.pairs {
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(value)
        }
        return .object(order.map { name in
            let all = values[name] ?? []
            return (name, all.count == 1 ? .string(all[0]) : .array(all.map(WrittenJSON.string)))
        })
    }

    // MARK: Guard, delay, fault

    package static func guardRule(_ rule: AuthRule) throws(Unwritable) -> WrittenJSON {
        if let form = rule.form {
            return .object([(form.keyword, .value(form.value()))])
        }
        guard let requirement = rule.requirement else {
            throw Unwritable("its guard (\(rule)) is a Swift closure; only bearer, API-key and plug-in guards (Marvel signing with one key pair) can travel")
        }
        switch requirement.field {
        case .header where requirement.name.lowercased() == "authorization" && requirement.value.hasPrefix("Bearer "):
            return .object([("bearer", .string(String(requirement.value.dropFirst("Bearer ".count))))])
        case .header:
            return .object([("apiKey", .object([("header", .string(requirement.name)), ("value", .string(requirement.value))]))])
        case .query:
            return .object([("apiKey", .object([("query", .string(requirement.name)), ("value", .string(requirement.value))]))])
        }
    }

    private static func delay(_ delay: Delay) throws(Unwritable) -> WrittenJSON {
        switch delay {
        case .fixed(let duration):
            return .string(text(duration))
        case .random(let range):
            return .object([("between", .array([.string(text(range.lowerBound)), .string(text(range.upperBound))]))])
        case .dribble(let chunks, let over):
            return .object([("dribble", .object([("chunks", .number(Double(chunks))), ("over", .string(text(over)))]))])
        case .logNormal(let median, let sigma):
            return .object([("logNormal", .object([("median", .string(text(median))), ("sigma", .number(sigma))]))])
        case .network(let conditions):
            if let name = NetworkConditions.presets.first(where: { $0.conditions == conditions })?.name {
                return .object([("network", .string(name))])
            }
            var members: [(String, WrittenJSON)] = [("latency", .string(text(conditions.latency)))]
            if let rate = conditions.bytesPerSecond { members.append(("bytesPerSecond", .number(Double(rate)))) }
            return .object([("network", .object(members))])
        }
    }

    /// `250ms`, `1500us`: whole units, so the reader gets the same duration back.
    static func text(_ duration: Duration) -> String {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(Double(nanoseconds) / 1_000)us"
    }

    private static func fault(_ fault: Fault) -> WrittenJSON {
        switch fault {
        case .closeWithoutResponse: return .string("closeWithoutResponse")
        case .malformedChunk: return .string("malformedChunk")
        case .garbageThenClose: return .string("garbageThenClose")
        case .connectionReset: return .string("connectionReset")
        case .truncatedBody(let bytes): return .object([("truncatedBody", .number(Double(bytes)))])
        }
    }
}

/// Why part of a stub cannot be written, in words that finish "cannot travel: …".
package struct Unwritable: Error {
    package var text: String
    package init(_ text: String) { self.text = text }
}


extension SpecWriter {
    /// A pattern as a spec `request:` block (JSON text), for a remote wait.
    ///
    /// - Throws: ``StubNotPortable`` located at `location` for a pattern with a predicate.
    /// One plain response as JSON text for the admin API (a held call's
    /// answer); with `fault`, `{"fault": …, "response": …}`.
    package static func response(_ response: StubResponse, fault: Fault? = nil, at location: CodeLocation) throws(StubNotPortable) -> String {
        do {
            let written = try self.response(.fixed(response), style: .portable)
            guard let fault else { return written.text }
            return WrittenJSON.object([("fault", self.fault(fault)), ("response", written)]).text
        } catch let reason {
            throw StubNotPortable(stub: "the answer", location: location, reason: reason.text)
        }
    }

    package static func request(_ pattern: RequestPattern, at location: CodeLocation) throws(StubNotPortable) -> String {
        do {
            return try SpecPatternWriter.request(pattern).text
        } catch let reason {
            throw StubNotPortable(stub: pattern.description, location: location, reason: reason.text)
        }
    }
}
