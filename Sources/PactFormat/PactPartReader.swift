import Foundation
public import StubKit

/// Reads the request and response objects of a pact interaction, as the
/// given specification version writes them. Every error names the JSON
/// pointer of the offending value.
public struct PactPartReader: Sendable {
    /// The version the parts follow.
    public var version: PactVersion

    /// The numbers the document wrote as decimals (`40.0`), by the pointers
    /// the parts are read at, so bodies are sent, served and compared as
    /// written; `nil` when the parts came without their text (then by value).
    var decimals: JSONDecimals?

    /// A reader for `version`.
    public init(version: PactVersion) { self.version = version }

    /// A request object (`method`, `path`, `query`, `headers`, `body`, `matchingRules`, `generators`).
    ///
    /// - Throws: the first `StubProblem` found; a pact file's reader reports them all.
    public func request(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactRequest {
        var problems: [StubProblem] = []
        let request = self.request(value, at: pointer, problems: &problems)
        guard let request, problems.isEmpty else { throw problems[0] }
        return request
    }

    /// A response object (`status`, `headers`, `body`, `matchingRules`, `generators`).
    ///
    /// - Throws: the first `StubProblem` found; a pact file's reader reports them all.
    public func response(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactResponse {
        var problems: [StubProblem] = []
        let response = self.response(value, at: pointer, problems: &problems)
        guard let response, problems.isEmpty else { throw problems[0] }
        return response
    }

    /// A message's contents (V3: `contents` with `metaData.contentType`;
    /// V4: a `contents` body object) and its `matchingRules`.
    ///
    /// - Throws: the first `StubProblem` found.
    public func message(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactMessage {
        var problems: [StubProblem] = []
        let message = self.message(value, at: pointer, problems: &problems)
        guard let message, problems.isEmpty else { throw problems[0] }
        return message
    }

    // MARK: Collecting every problem

    /// A request, every problem in it added to `problems` (each part is read
    /// on its own, so a bad header does not hide a bad rule); `nil` when it
    /// is not an object.
    func request(_ value: JSONValue, at pointer: String, problems: inout [StubProblem]) -> PactRequest? {
        guard let fields = problems.attempt({ () throws(StubProblem) in try object(value, at: pointer) }) else { return nil }
        let method = problems.attempt { () throws(StubProblem) in try string(fields["method"] ?? .string("GET"), at: pointer + "/method") }
        let path = problems.attempt { () throws(StubProblem) in try string(fields["path"] ?? .string("/"), at: pointer + "/path") }
        let headers = self.headers(fields["headers"], at: pointer + "/headers", problems: &problems)
        var query: [(name: String, values: [String])]?
        if let given = fields["query"] { query = self.query(given, at: pointer + "/query", problems: &problems) }
        let rules = PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules", problems: &problems)
        var spelling: PactBodySpelling?
        let body = problems.attempt { () throws(StubProblem) in
            try self.body(fields["body"], present: fields.keys.contains("body"), headers: headers, at: pointer + "/body", spelling: &spelling)
        }
        let generators = PactGeneratorsReader().generators(fields["generators"], at: pointer + "/generators", problems: &problems)
        var request = PactRequest(method: (method ?? "GET").uppercased(), path: path ?? "/", query: query, headers: headers,
                                  body: body ?? .absent, rules: rules, generators: generators)
        request.bodySpelling = spelling
        if case .string(let text)? = fields["query"] { request.rawQuery = text }
        request.bodyContentType = bodyObjectType(fields["body"])
        return request
    }

    /// A response, every problem in it added to `problems`; `nil` when it is not an object.
    func response(_ value: JSONValue, at pointer: String, problems: inout [StubProblem]) -> PactResponse? {
        guard let fields = problems.attempt({ () throws(StubProblem) in try object(value, at: pointer) }) else { return nil }
        var status = 200
        if let given = fields["status"] {
            if case .number(let number) = given, number.rounded() == number, (100...599).contains(number) {
                status = Int(number)
            } else {
                problems.append(StubProblem(pointer: pointer + "/status", message: "expected a status from 100 to 599, got \(given)"))
            }
        }
        let headers = withBodyType(self.headers(fields["headers"], at: pointer + "/headers", problems: &problems), fields["body"])
        let rules = PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules", problems: &problems)
        var spelling: PactBodySpelling?
        let body = problems.attempt { () throws(StubProblem) in
            try self.body(fields["body"], present: fields.keys.contains("body"), headers: headers, at: pointer + "/body", spelling: &spelling)
        }
        let generators = PactGeneratorsReader().generators(fields["generators"], at: pointer + "/generators", problems: &problems)
        var response = PactResponse(status: status, headers: headers, body: body ?? .absent, rules: rules, generators: generators)
        response.bodySpelling = spelling
        return response
    }

    /// A message, every problem in it added to `problems`; `nil` when it is not an object.
    func message(_ value: JSONValue, at pointer: String, problems: inout [StubProblem]) -> PactMessage? {
        guard let fields = problems.attempt({ () throws(StubProblem) in try object(value, at: pointer) }) else { return nil }
        var headers: [(name: String, value: String)] = []
        for key in ["metaData", "metadata"] {
            if case .object(let meta)? = fields[key], case .string(let type)? = meta["contentType"] ?? meta["content-type"] {
                headers.append(("Content-Type", type))
            }
        }
        let rules = PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules", problems: &problems)
        let contents = problems.attempt { () throws(StubProblem) in
            var spelling: PactBodySpelling?
            return try body(fields["contents"], present: fields.keys.contains("contents"), headers: headers, at: pointer + "/contents",
                            spelling: &spelling)
        }
        return PactMessage(contents: contents ?? .absent, rules: rules)
    }

    // MARK: Parts

    /// `"a=1&b=2"` (V2) or `{"a": ["1"], "b": ["2"]}`; names and values decoded.
    func query(_ value: JSONValue, at pointer: String, problems: inout [StubProblem]) -> [(name: String, values: [String])] {
        switch value {
        case .string(let text):
            var found: [(name: String, values: [String])] = []
            for item in QueryItem.parse(Substring(text)) where !item.name.isEmpty {
                if let index = found.firstIndex(where: { $0.name == item.name }) {
                    found[index].values.append(item.value ?? "")
                } else {
                    found.append((item.name, [item.value ?? ""]))
                }
            }
            return found
        case .object(let members):
            var found: [(name: String, values: [String])] = []
            for name in members.keys.sorted() {
                if let values = self.values(members[name]!, at: "\(pointer)/\(LocatedJSON.escape(name))", problems: &problems) {
                    found.append((name, values))
                }
            }
            return found
        case .null:
            return []
        default:
            problems.append(StubProblem(pointer: pointer, message: "expected a query string or an object of value lists, got \(value)"))
            return []
        }
    }

    /// `{"Name": "value"}`, or V4's `{"Name": ["value", …]}` (joined with `, `).
    func headers(_ value: JSONValue?, at pointer: String, problems: inout [StubProblem]) -> [(name: String, value: String)] {
        guard let value, value != .null else { return [] }
        guard let members = problems.attempt({ () throws(StubProblem) in try object(value, at: pointer) }) else { return [] }
        var found: [(name: String, value: String)] = []
        for name in members.keys.sorted() {
            if let values = self.values(members[name]!, at: "\(pointer)/\(LocatedJSON.escape(name))", problems: &problems) {
                found.append((name, values.joined(separator: ", ")))
            }
        }
        return found
    }

    /// The headers, with V4's body `contentType` as the `Content-Type` when
    /// they name none (a response typed `application/hal+json` is served as
    /// such, not as plain JSON), as the Pact tools take the body's type.
    func withBodyType(_ headers: [(name: String, value: String)], _ body: JSONValue?) -> [(name: String, value: String)] {
        guard !headers.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }),
              let type = bodyObjectType(body) else { return headers }
        return headers + [("Content-Type", type)]
    }

    /// V4: the `contentType` a body object states, or `nil`.
    func bodyObjectType(_ body: JSONValue?) -> String? {
        guard version == .v4, case .object(let fields)? = body, case .string(let type)? = fields["contentType"], !type.isEmpty else { return nil }
        return type
    }

    /// A named part's value, or its list of values; `nil` when one is not text.
    private func values(_ value: JSONValue, at pointer: String, problems: inout [StubProblem]) -> [String]? {
        guard case .array(let items) = value else {
            return problems.attempt { () throws(StubProblem) in [try string(value, at: pointer)] }
        }
        let values = items.enumerated().compactMap { index, item in
            problems.attempt { () throws(StubProblem) in try string(item, at: "\(pointer)/\(index)") }
        }
        return values.count == items.count ? values : nil
    }

    /// The body: V4's `{contentType, encoded, content}` object, or the value
    /// itself; `spelling` gets how a JSON body's numbers were written.
    func body(
        _ value: JSONValue?, present: Bool, headers: [(name: String, value: String)], at pointer: String, spelling: inout PactBodySpelling?
    ) throws(StubProblem) -> PactBody {
        guard present, let value else { return .absent }
        var contentType = headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        var content = value
        var encoded: JSONValue = .bool(false)
        var bodyObject = false
        if version == .v4, case .object(let fields) = value, fields.keys.contains("content") || fields.keys.contains("contentType") {
            bodyObject = true
            if case .string(let type)? = fields["contentType"] { contentType = contentType ?? type }
            encoded = fields["encoded"] ?? .bool(false)
            content = fields["content"] ?? .string("")
        }
        switch (content, encoded) {
        case (.string(let text), .string(let how)) where how.lowercased() == "base64":
            guard let data = Data(base64Encoded: text) else { throw StubProblem(pointer: pointer + "/content", message: "content is not base64") }
            return data.isEmpty ? .empty : .bytes(data, contentType: contentType)
        case (.string(let text), .string(let how)) where how.uppercased() == "JSON":
            guard let parsed = try? LocatedJSON.valueAndDecimals(Data(text.utf8)) else {
                throw StubProblem(pointer: pointer + "/content", message: "content is not JSON")
            }
            spelling = PactBodySpelling(body: parsed.value, decimals: parsed.decimals)
            return .json(parsed.value)
        case (.string(let text), _):
            if text.isEmpty { return .empty }
            if let contentType, Self.isJSON(contentType) {
                guard let parsed = try? LocatedJSON.valueAndDecimals(Data(text.utf8)) else { return .json(.string(text)) }
                spelling = PactBodySpelling(body: parsed.value, decimals: parsed.decimals)
                return .json(parsed.value)
            }
            // A bare string of a binary type (not JSON, XML, text/*, a form) is
            // base64 when it decodes as such, as the Pact tools read V2/V3 bodies.
            if !bodyObject, let contentType, !Self.isTextual(contentType), let data = Data(base64Encoded: text) {
                return .bytes(data, contentType: contentType)
            }
            return .bytes(Data(text.utf8), contentType: contentType)
        default:
            spelling = decimals.map { PactBodySpelling(body: content, decimals: $0.within(bodyObject ? pointer + "/content" : pointer)) }
            return .json(content)
        }
    }

    /// Whether a content type is JSON (`application/json`, `…+json`).
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }

    /// Whether the Pact tools keep a body of this type as text: JSON, XML,
    /// `text/*` and URL-encoded forms (everything else, multipart and
    /// JavaScript included, is binary to them).
    static func isTextual(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return isJSON(type) || PactConditions.isXML(type) || type.hasPrefix("text/") || type == "application/x-www-form-urlencoded"
    }

    // MARK: Helpers

    func object(_ value: JSONValue, at pointer: String) throws(StubProblem) -> [String: JSONValue] {
        guard case .object(let fields) = value else { throw StubProblem(pointer: pointer, message: "expected an object, got \(value)") }
        return fields
    }

    func string(_ value: JSONValue, at pointer: String) throws(StubProblem) -> String {
        switch value {
        case .string(let text): return text
        case .number, .bool: return value.description
        default: throw StubProblem(pointer: pointer, message: "expected text, got \(value)")
        }
    }
}

extension [StubProblem] {
    /// What `read` gives, or `nil` with the problem it throws recorded.
    mutating func attempt<Value>(_ read: () throws(StubProblem) -> Value) -> Value? {
        do throws(StubProblem) { return try read() } catch {
            append(error)
            return nil
        }
    }
}

/// Something in a pact that cannot be read, at its JSON pointer: now the
/// one problem value every reader reports.
@available(*, deprecated, renamed: "StubProblem")
public typealias PactError = StubProblem
