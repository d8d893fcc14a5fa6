import Foundation
public import StubKit

/// Reads the request and response objects of a pact interaction, as the
/// given specification version writes them. Every error names the JSON
/// pointer of the offending value.
public struct PactPartReader: Sendable {
    /// The version the parts follow.
    public var version: PactVersion

    /// A reader for `version`.
    public init(version: PactVersion) { self.version = version }

    /// A request object (`method`, `path`, `query`, `headers`, `body`, `matchingRules`, `generators`).
    public func request(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactRequest {
        let fields = try object(value, at: pointer)
        let method = try string(fields["method"] ?? .string("GET"), at: pointer + "/method").uppercased()
        let path = try string(fields["path"] ?? .string("/"), at: pointer + "/path")
        let headers = try self.headers(fields["headers"], at: pointer + "/headers")
        var query: [(name: String, values: [String])]?
        if let given = fields["query"] { query = try self.query(given, at: pointer + "/query") }
        let rules = try PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules")
        let body = try self.body(fields["body"], present: fields.keys.contains("body"), headers: headers, at: pointer + "/body")
        let generators = try PactGeneratorsReader().generators(fields["generators"], at: pointer + "/generators")
        return PactRequest(method: method, path: path, query: query, headers: headers, body: body, rules: rules, generators: generators)
    }

    /// A response object (`status`, `headers`, `body`, `matchingRules`, `generators`).
    public func response(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactResponse {
        let fields = try object(value, at: pointer)
        var status = 200
        if let given = fields["status"] {
            guard case .number(let number) = given, number.rounded() == number, (100...599).contains(number) else {
                throw StubProblem(pointer: pointer + "/status", message: "expected a status from 100 to 599, got \(given)")
            }
            status = Int(number)
        }
        let headers = try self.headers(fields["headers"], at: pointer + "/headers")
        let rules = try PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules")
        let body = try self.body(fields["body"], present: fields.keys.contains("body"), headers: headers, at: pointer + "/body")
        let generators = try PactGeneratorsReader().generators(fields["generators"], at: pointer + "/generators")
        return PactResponse(status: status, headers: headers, body: body, rules: rules, generators: generators)
    }

    /// A message's contents (V3: `contents` with `metaData.contentType`;
    /// V4: a `contents` body object) and its `matchingRules`.
    public func message(_ value: JSONValue, at pointer: String) throws(StubProblem) -> PactMessage {
        let fields = try object(value, at: pointer)
        var headers: [(name: String, value: String)] = []
        for key in ["metaData", "metadata"] {
            if case .object(let meta)? = fields[key], case .string(let type)? = meta["contentType"] ?? meta["content-type"] {
                headers.append(("Content-Type", type))
            }
        }
        let rules = try PactRulesReader(version: version).rules(fields["matchingRules"], at: pointer + "/matchingRules")
        let contents = try body(fields["contents"], present: fields.keys.contains("contents"), headers: headers, at: pointer + "/contents")
        return PactMessage(contents: contents, rules: rules)
    }

    // MARK: Parts

    /// `"a=1&b=2"` (V2) or `{"a": ["1"], "b": ["2"]}`; names and values decoded.
    func query(_ value: JSONValue, at pointer: String) throws(StubProblem) -> [(name: String, values: [String])] {
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
                switch members[name]! {
                case .array(let items):
                    var values: [String] = []
                    for (index, item) in items.enumerated() { values.append(try string(item, at: "\(pointer)/\(LocatedJSON.escape(name))/\(index)")) }
                    found.append((name, values))
                case let single:
                    found.append((name, [try string(single, at: "\(pointer)/\(LocatedJSON.escape(name))")]))
                }
            }
            return found
        case .null:
            return []
        default:
            throw StubProblem(pointer: pointer, message: "expected a query string or an object of value lists, got \(value)")
        }
    }

    /// `{"Name": "value"}`, or V4's `{"Name": ["value", …]}` (joined with `, `).
    func headers(_ value: JSONValue?, at pointer: String) throws(StubProblem) -> [(name: String, value: String)] {
        guard let value, value != .null else { return [] }
        let members = try object(value, at: pointer)
        var found: [(name: String, value: String)] = []
        for name in members.keys.sorted() {
            switch members[name]! {
            case .array(let items):
                var values: [String] = []
                for (index, item) in items.enumerated() { values.append(try string(item, at: "\(pointer)/\(LocatedJSON.escape(name))/\(index)")) }
                found.append((name, values.joined(separator: ", ")))
            case let single:
                found.append((name, try string(single, at: "\(pointer)/\(LocatedJSON.escape(name))")))
            }
        }
        return found
    }

    /// The body: V4's `{contentType, encoded, content}` object, or the value itself.
    func body(_ value: JSONValue?, present: Bool, headers: [(name: String, value: String)], at pointer: String) throws(StubProblem) -> PactBody {
        guard present, let value else { return .absent }
        var contentType = headers.first { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        var content = value
        var encoded: JSONValue = .bool(false)
        if version == .v4, case .object(let fields) = value, fields.keys.contains("content") || fields.keys.contains("contentType") {
            if case .string(let type)? = fields["contentType"] { contentType = contentType ?? type }
            encoded = fields["encoded"] ?? .bool(false)
            content = fields["content"] ?? .string("")
        }
        switch (content, encoded) {
        case (.string(let text), .string(let how)) where how.lowercased() == "base64":
            guard let data = Data(base64Encoded: text) else { throw StubProblem(pointer: pointer + "/content", message: "content is not base64") }
            return data.isEmpty ? .empty : .bytes(data, contentType: contentType)
        case (.string(let text), .string(let how)) where how.uppercased() == "JSON":
            guard let parsed = JSONValue(json: text) else { throw StubProblem(pointer: pointer + "/content", message: "content is not JSON") }
            return .json(parsed)
        case (.string(let text), _):
            if text.isEmpty { return .empty }
            if let contentType, Self.isJSON(contentType) {
                return .json(JSONValue(json: text) ?? .string(text))
            }
            return .bytes(Data(text.utf8), contentType: contentType)
        default:
            return .json(content)
        }
    }

    /// Whether a content type is JSON (`application/json`, `…+json`).
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json"
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

/// Something in a pact that cannot be read, at its JSON pointer: now the
/// one problem value every reader reports.
@available(*, deprecated, renamed: "StubProblem")
public typealias PactError = StubProblem
