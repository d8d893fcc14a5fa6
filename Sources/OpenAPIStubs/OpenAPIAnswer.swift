import Foundation
import StubKit

/// How a served document answers one request for an operation: a
/// problem+json listing every rule the request breaks, or the response the
/// request asks for (`Prefer: code=404, example=NAME`), the lowest 2XX
/// otherwise, with its example or a body made from its schema.
struct OpenAPIAnswer {
    let operation: OpenAPIOperation
    let source: OpenAPISource
    let seed: UInt64

    /// The refusal a request that breaks the operation gets, or `nil` when it keeps every rule.
    func refusal(to request: RecordedRequest) -> StubResponse? {
        let check = OpenAPIRequestCheck(request, pathValues: operation.pathTemplate.values(in: request.path) ?? [:], operation: operation, source: source)
        return check.violations.isEmpty ? nil : refusal(check)
    }

    /// The response a request that names none gets: the lowest 2xx, else
    /// `2XX`, else `default`, else the first declared.
    private static func unaskedResponse(of responses: [OpenAPIResponse]) -> OpenAPIResponse? {
        let successes = responses.filter { response in
            guard let code = Int(response.status) else { return false }
            return (200...299).contains(code)
        }
        if let lowest = successes.min(by: { $0.status < $1.status }) { return lowest }
        for wildcard in ["2XX", "default"] {
            if let found = responses.first(where: { $0.status == wildcard }) { return found }
        }
        return responses.first
    }

    func response(to request: RecordedRequest) -> StubResponse {
        let check = OpenAPIRequestCheck(request, pathValues: operation.pathTemplate.values(in: request.path) ?? [:], operation: operation, source: source)
        if !check.violations.isEmpty {
            return refusal(check)
        }
        let prefer = Self.preferences(request.headers.values(for: "Prefer"))
        let chosen: OpenAPIResponse
        if let code = prefer["code"] {
            guard let named = operation.responses.first(where: { $0.status == code })
                    ?? operation.responses.first(where: { $0.status == "\(code.prefix(1))XX" })
                    ?? operation.responses.first(where: { $0.status == "default" }) else {
                return problem(400, "No such response", "Prefer: code=\(code) names no response of \(operation.name)", violations: [])
            }
            chosen = named
        } else if let success = Self.unaskedResponse(of: operation.responses) {
            chosen = success
        } else {
            return StubResponse(status: 204)
        }
        let status = chosen.code(default: prefer["code"].flatMap(Int.init) ?? 200)
        guard let media = Self.negotiate(chosen.media, accept: request.headers["Accept"]) else { return StubResponse(status: status) }
        let contentType = media.type.contains("*") ? "application/json" : media.type
        let body: JSONValue?
        if let name = prefer["example"] {
            guard let example = media.examples.first(where: { $0.name == name }) else {
                return problem(400, "No such example", "Prefer: example=\(name) names no example of the \(chosen.status) response of \(operation.name); it has "
                               + (media.examples.isEmpty ? "none" : media.examples.map(\.name).joined(separator: ", ")), violations: [])
            }
            body = example.value
        } else if let example = media.examples.first {
            body = example.value
        } else if let pointer = media.schemaPointer, let schema = source.resolve(pointer) {
            var maker = SchemaExample(source: source, direction: .response, seed: seed)
            body = maker.value(for: schema).map { made in
                Self.problemStatus(made, status, media: media.type) { SchemaValidator(source).violations(of: $0, against: schema, schemaPointer: pointer, direction: .response).isEmpty }
            }
        } else {
            body = nil
        }
        guard let body else { return StubResponse(status: status, headers: ["Content-Type": contentType]) }
        let data: Data
        if case .string(let text) = body, !media.isJSON { data = Data(text.utf8) } else { data = Data(body.description.utf8) }
        return StubResponse(status: status, headers: ["Content-Type": contentType], body: data)
    }

    /// The answer to a request that breaks the document: our problem, with
    /// every violation, under the status the operation declares for it (the
    /// one we would send, else its first 4XX, else `default`). When the
    /// declared response has a JSON schema our problem does not fit, its
    /// example (or a body made from its schema) is sent instead and the
    /// violations go in the `Understudy-Violations` header.
    private func refusal(_ check: OpenAPIRequestCheck) -> StubResponse {
        let ours = problem(check.status, "The request breaks the OpenAPI document",
                           "\(check.violations.count) violation\(check.violations.count == 1 ? "" : "s") of \(operation.name), declared at \(Self.place(operation.location))",
                           violations: check.violations)
        guard let declared = operation.responses.first(where: { $0.status == String(check.status) })
                ?? operation.responses.first(where: { Int($0.status).map { (400...499).contains($0) } ?? false })
                ?? operation.responses.first(where: { $0.status == "4XX" || $0.status == "default" }) else { return ours }
        var answer = ours
        answer.status = declared.code(default: check.status)
        guard let media = declared.media.first(where: \.isJSON), let pointer = media.schemaPointer, let schema = source.resolve(pointer),
              let body = JSONValue(data: ours.body),
              !SchemaValidator(source).violations(of: body, against: schema, schemaPointer: pointer, direction: .response).isEmpty
        else { return answer }
        var maker = SchemaExample(source: source, direction: .response, seed: seed)
        guard let fitting = media.examples.first?.value ?? maker.value(for: schema) else { return answer }
        return StubResponse(status: answer.status, headers: ["Content-Type": media.type.contains("*") ? "application/json" : media.type,
                                                             "Understudy-Violations": Self.violationList(check.violations)],
                            body: Data(fitting.description.utf8))
    }

    /// The most bytes the `Understudy-Violations` header takes: clients cap a
    /// header line (8 KiB is common), and the whole head shares the
    /// connection's memory with the request's (a fuzzer's 11 KB query broke
    /// into 285 violations made it 20 KB).
    static let violationHeaderBytes = 4096

    /// `["query.limit: expected integer, got \"ten\"", …]`: as many of
    /// `violations` as fit in ``violationHeaderBytes``, then
    /// `"… and 240 more violations"` when some do not.
    static func violationList(_ violations: [OpenAPIRequestCheck.Violation]) -> String {
        let all = violations.map { JSONValue.string("\($0.location): \($0.message)").description }
        var kept: [String] = []
        var bytes = 2
        for (index, item) in all.enumerated() {
            // Room for this item, and for the closing note when more follow.
            let reserve = index < all.count - 1 ? 40 : 0
            if bytes + item.utf8.count + 1 + reserve > violationHeaderBytes {
                kept.append(JSONValue.string("… and \(all.count - index) more violation\(all.count - index == 1 ? "" : "s")").description)
                break
            }
            kept.append(item)
            bytes += item.utf8.count + 1
        }
        return "[" + kept.joined(separator: ",") + "]"
    }

    /// A made RFC 9457 problem (`application/problem+json`) with a `status`
    /// member states the status it is sent with, where its schema allows.
    static func problemStatus(_ made: JSONValue, _ status: Int, media: String, isValid: (JSONValue) -> Bool) -> JSONValue {
        guard media.contains("problem+json"), case .object(var members) = made, members["status"] != nil else { return made }
        members["status"] = .number(Double(status))
        return isValid(.object(members)) ? .object(members) : made
    }

    /// The first media type the `Accept` header takes (the first one when it takes none or is absent).
    static func negotiate(_ media: [OpenAPIMedia], accept: String?) -> OpenAPIMedia? {
        guard let accept, !accept.isEmpty else { return media.first }
        let ranges = accept.split(separator: ",").map { $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        return media.first { item in ranges.contains { OpenAPIRequestCheck.accepts($0, item.type) || OpenAPIRequestCheck.accepts(item.type, $0) } } ?? media.first
    }

    /// `Prefer: code=404, example=cat` as a dictionary.
    static func preferences(_ headers: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for part in headers.flatMap({ $0.split(separator: ",") }) {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { found[pair[0].lowercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return found
    }

    /// `api.yaml:12:5`: a place in the document, without its pointer.
    static func place(_ location: CodeLocation) -> String { "\(location.fileID):\(location.line):\(location.column)" }

    /// An RFC 9457 problem naming the operation and, for each violation, where the request breaks which rule.
    func problem(_ status: Int, _ title: String, _ detail: String, violations: [OpenAPIRequestCheck.Violation]) -> StubResponse {
        var object: [String: JSONValue] = [
            "type": .string("about:blank"), "title": .string(title), "status": .number(Double(status)), "detail": .string(detail),
            "operation": .string(operation.name), "declaredAt": .string(Self.place(operation.location)),
        ]
        if !violations.isEmpty {
            object["violations"] = .array(violations.map { violation in
                .object(["location": .string(violation.location), "message": .string(violation.message), "rule": .string(Self.place(violation.declared))])
            })
        }
        return StubResponse(status: status, headers: ["Content-Type": "application/problem+json"], body: Data(JSONValue.object(object).description.utf8))
    }
}
