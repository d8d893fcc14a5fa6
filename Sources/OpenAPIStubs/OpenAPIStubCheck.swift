public import StubKit
import Foundation

/// What checking stubs against a document found.
public struct OpenAPIStubReport: Sendable {
    /// Every stub that cannot agree with the document.
    public var problems: [StubContractProblem]
    /// How many stubs were checked.
    public var checked: Int
    /// Stubs whose response a closure makes, so only their request was checked.
    public var requestOnly: Int
}

extension OpenAPIDocument {
    /// Checks each stub against its operation: a stub whose request could
    /// never be valid (no such path or method, a parameter or body value the
    /// schema refuses), or whose response breaks what the operation declares
    /// (an undeclared status, a content type it does not list, a JSON body
    /// its schema refuses). Conditions a stub leaves open are not held against it.
    public func check(_ stubs: [Stub]) -> OpenAPIStubReport {
        var report = OpenAPIStubReport(problems: [], checked: 0, requestOnly: 0)
        for stub in stubs {
            report.checked += 1
            func fail(_ message: String, _ rule: CodeLocation?) {
                report.problems.append(StubContractProblem(stub: stub.location, request: stub.request.description, message: message, rule: rule))
            }
            let byPath = operations.filter { Self.compatible(stub.request.path, $0.pathTemplate) }
            guard !byPath.isEmpty else {
                switch stub.request.path {
                case .literal, .template: fail("the document has no path that \(stub.request.path) matches", nil)
                case .regex, .any: break // cannot be told from the document's paths
                }
                continue
            }
            guard let method = stub.request.method else { continue }
            guard let operation = byPath.first(where: { $0.method == method.rawValue }) ?? (method.rawValue == "HEAD" ? byPath.first { $0.method == "GET" } : nil) else {
                // A CORS preflight answer is the server's, not the API's, unless the document declares OPTIONS.
                if method.rawValue == "OPTIONS" { continue }
                fail("the document declares \(Self.methods(byPath)) for \(Self.paths(byPath)), not \(method.rawValue)", byPath[0].location)
                continue
            }
            if let sample = Self.sampleRequest(stub) {
                let check = OpenAPIRequestCheck(sample, pathValues: operation.pathTemplate.values(in: sample.path) ?? [:], operation: operation,
                                                source: source, requiresAll: false)
                let openBody = stub.request.body.contains { if case .jsonSubset = $0 { return true } else { return false } }
                for violation in check.violations where !(openBody && violation.location.hasPrefix("body") && Self.isMetByMoreMembers(violation.declared)) {
                    fail("its request could never be valid for \(operation.name): \(violation.location): \(violation.message)", violation.declared)
                }
            }
            guard let response = Self.fixedResponse(stub) else {
                report.requestOnly += 1
                continue
            }
            for (message, rule) in responseProblems(response, of: operation) { fail(message, rule) }
        }
        return report
    }

    /// What `response` breaks of what `operation` declares, with each rule's place.
    func responseProblems(_ response: StubResponse, of operation: OpenAPIOperation) -> [(message: String, rule: CodeLocation?)] {
        var found: [(message: String, rule: CodeLocation?)] = []
        checkResponse(response, of: operation) { found.append(($0, $1)) }
        return found
    }

    /// The methods `operations` declare, each once, in document order.
    static func methods(_ operations: [OpenAPIOperation]) -> String {
        var seen: Set<String> = []
        return operations.map(\.method).filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// The path `operations` share, or how many paths they span.
    static func paths(_ operations: [OpenAPIOperation]) -> String {
        let paths = Set(operations.map(\.path))
        return paths.count == 1 ? operations[0].path : "the \(paths.count) paths it matches"
    }

    private func checkResponse(_ response: StubResponse, of operation: OpenAPIOperation, _ fail: (String, CodeLocation?) -> Void) {
        let status = String(response.status)
        guard let declared = operation.responses.first(where: { $0.status == status })
                ?? operation.responses.first(where: { $0.status == "\(status.prefix(1))XX" })
                ?? operation.responses.first(where: { $0.status == "default" }) else {
            fail("status \(status) is not declared for \(operation.name) (it declares \(operation.responses.map(\.status).joined(separator: ", ")))", operation.location)
            return
        }
        guard !declared.media.isEmpty, !response.body.isEmpty else { return }
        let sent = response.headers["Content-Type"] ?? ""
        guard let media = declared.media.first(where: { OpenAPIRequestCheck.accepts($0.type, sent) }) else {
            fail("Content-Type \(sent.isEmpty ? "(none)" : sent) is not declared for the \(declared.status) response of \(operation.name) "
                 + "(it declares \(declared.media.map(\.type).joined(separator: ", ")))", declared.location)
            return
        }
        guard media.isJSON, let pointer = media.schemaPointer, let schema = source.resolve(pointer) else { return }
        guard let json = JSONValue(data: response.body) else {
            fail("the \(declared.status) response's body is not JSON, but \(media.type) is declared", declared.location)
            return
        }
        for violation in validator.violations(of: json, against: schema, schemaPointer: pointer, direction: .response) {
            fail("its \(declared.status) response breaks the schema: body\(violation.instancePath): \(violation.message)", violation.schemaLocation)
        }
    }

    /// Whether a stub's path could be one the document's `template` names.
    static func compatible(_ path: PathPattern, _ template: OpenAPIPathTemplate) -> Bool {
        switch path {
        case .literal(let literal):
            return template.values(in: literal) != nil
        case .template(let stubTemplate):
            let mine = stubTemplate.description.split(separator: "/", omittingEmptySubsequences: false)
            let theirs = template.template.split(separator: "/", omittingEmptySubsequences: false)
            guard mine.count == theirs.count else { return false }
            return zip(mine, theirs).allSatisfy { a, b in a.contains("{") || b.contains("{") || a == b }
        case .regex, .any:
            return true
        }
    }

    /// The request a stub's equality conditions spell (its literal path, the
    /// query, headers and body it requires exactly), or `nil` for a path that is not literal.
    static func sampleRequest(_ stub: Stub) -> RecordedRequest? {
        guard case .literal(let path) = stub.request.path, let method = stub.request.method else { return nil }
        var query: [String] = []
        for condition in stub.request.query {
            switch condition.matcher {
            case .equals(let value): query.append("\(condition.name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)")
            case .values(let values): query += values.map { "\(condition.name)=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" }
            default: continue
            }
        }
        var headers = HTTPHeaders()
        for condition in stub.request.headers { if case .equals(let value) = condition.matcher { headers.add(condition.name, value) } }
        var body = Data()
        for condition in stub.request.body {
            switch condition {
            case .json(let value), .jsonSubset(let value, _): body = Data(value.description.utf8)
            case .exact(let data): body = data
            default: continue
            }
        }
        return RecordedRequest(method: method.rawValue, target: path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), headers: headers, body: body)
    }

    /// Whether a violation of the rule at `rule` could vanish with members a
    /// `jsonSubset` body leaves open (`required`, `minProperties`,
    /// `dependentRequired`): such a stub is not held to it.
    static func isMetByMoreMembers(_ rule: CodeLocation?) -> Bool {
        guard let keyword = rule?.pointer?.split(separator: "/").last else { return false }
        return ["required", "minProperties", "dependentRequired"].contains(String(keyword))
    }

    /// The response a stub always gives, or its first (a sequence), or `nil` when a closure makes it.
    static func fixedResponse(_ stub: Stub) -> StubResponse? {
        switch stub.response {
        case .fixed(let response): return response
        case .sequence(let steps):
            if case .fixed(let first)? = steps.first { return first }
            return nil
        case .named(let recipe):
            return try? recipe.make(MatchedRequest(request: RecordedRequest(method: "GET", target: "/")))
        case .generated(let example, _): return example
        default: return nil
        }
    }
}

extension Sequence<Stub> {
    /// Checks every stub against `document` (see ``OpenAPIDocument/check(_:)``):
    /// `try StubSet(stubs).stubs.validate(against: document)`, or on a plain list.
    public func validate(against document: OpenAPIDocument) -> OpenAPIStubReport { document.check(Array(self)) }
}
