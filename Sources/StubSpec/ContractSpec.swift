public import Foundation
public import StubKit
import DocumentReader

/// A contract file (`*.contract.yaml`): requests to send to a server and what
/// each answer must be, run by `understudy check`.
///
/// ```yaml
/// contract: Marvel basics
/// serve: marvel                 # the built-in fake; or spec: marvel.yaml
/// checks:
///   - name: a page of comics
///     request: { path: /v1/public/comics, query: { limit: "5" }, sign: marvel }
///     expect: { status: 200, json: { $.data.count: 5 } }
/// ```
public struct ContractSpec: Sendable {
    /// What serves the requests.
    public enum Source: Sendable, Hashable {
        /// The built-in Marvel fake (keys 1234/abcd).
        case marvel
        /// A spec file, relative to the contract.
        case spec(URL)
    }

    /// One request and what its answer must be.
    public struct Check: Sendable {
        /// The check's name.
        public var name: String
        /// Where it is written.
        public var line: Int
        /// The request.
        public var request: ExampleRequest
        /// The status required, if any.
        public var status: Int?
        /// Headers required, with values a response's value must contain.
        public var headers: [(name: String, value: String)]
        /// JSON paths and the values they must hold.
        public var json: [(path: String, value: JSONValue)]
    }

    /// The contract's name.
    public var name: String
    /// The file, as named.
    public var file: String
    /// What serves it.
    public var source: Source
    /// The checks, in order.
    public var checks: [Check]

    /// Loads a contract file; a check's `sign: KEYWORD` signs with a guard
    /// keyword of `plugins` (the registered ones by default).
    ///
    /// - Throws: `StubValidationError` with file, line, column and key for each problem.
    public static func load(_ url: URL, name: String? = nil, plugins: [StubPlugin] = StubPlugins.all) throws -> ContractSpec {
        let shown = name ?? url.relativePath
        let top = try DocumentText.root(of: try DocumentText.text(of: url, name: shown), name: shown)
        var reading = DocumentReading()
        guard let fields = reading.members(top, allowed: ["contract", "serve", "spec", "checks"]) else {
            throw StubValidationError(problems: reading.problems)
        }
        let title = fields["contract"].flatMap { reading.string($0) } ?? shown
        var source = Source.marvel
        switch (fields["serve"], fields["spec"]) {
        case (let node?, nil):
            if reading.string(node) != "marvel" { reading.fail(node, "serve: only marvel is built in; name a spec file with spec:") }
        case (nil, let node?):
            if let path = reading.string(node) { source = .spec(url.deletingLastPathComponent().appendingPathComponent(path)) }
        default:
            reading.fail(top, "a contract needs exactly one of serve: marvel or spec: FILE")
        }
        var checks: [Check] = []
        for item in fields["checks"].flatMap({ reading.items($0) }) ?? [] {
            if let check = check(item, plugins: plugins, reading: &reading) { checks.append(check) }
        }
        if fields["checks"] == nil { reading.fail(top, "a contract needs a checks list") }
        guard reading.problems.isEmpty else { throw StubValidationError(problems: reading.problems) }
        return ContractSpec(name: title, file: shown, source: source, checks: checks)
    }

    private static func check(_ node: DocumentNode, plugins: [StubPlugin], reading: inout DocumentReading) -> Check? {
        guard let fields = reading.members(node, allowed: ["name", "request", "expect"]),
              let name = fields["name"].flatMap({ reading.string($0) }),
              let requestNode = fields["request"],
              let request = request(requestNode, plugins: plugins, reading: &reading)
        else {
            if reading.problems.isEmpty { reading.fail(node, "a check needs a name and a request") }
            return nil
        }
        var check = Check(name: name, line: node.line, request: request, status: nil, headers: [], json: [])
        if let expect = fields["expect"], let parts = reading.members(expect, allowed: ["status", "headers", "json"]) {
            check.status = parts["status"].flatMap { reading.int($0, in: 100...599) }
            check.headers = (parts["headers"].flatMap { reading.pairs($0) } ?? []).compactMap { name, value in
                reading.string(value).map { (name, $0) }
            }
            check.json = (parts["json"].flatMap { reading.pairs($0) } ?? []).compactMap { path, value in
                reading.json(value).map { (path, $0) }
            }
        }
        return check
    }

    private static func request(_ node: DocumentNode, plugins: [StubPlugin], reading: inout DocumentReading) -> ExampleRequest? {
        guard let fields = reading.members(node, allowed: ["method", "path", "query", "headers", "body", "sign"]),
              let path = fields["path"].flatMap({ reading.string($0) })
        else {
            reading.fail(node, "a request needs a path")
            return nil
        }
        var query = (fields["query"].flatMap { reading.pairs($0) } ?? []).compactMap { name, value in
            reading.string(value).map { QueryItem(name: name, value: $0) }
        }
        var headers = (fields["headers"].flatMap { reading.pairs($0) } ?? []).compactMap { name, value in
            reading.string(value).map { HTTPHeaders.Field(name: name, value: $0) }
        }
        if let sign = fields["sign"], let keyword = reading.string(sign) {
            // A plug-in's guard keyword signs with its test value (marvel: the documented keys 1234/abcd).
            let signers = plugins.flatMap(\.guards).filter { $0.testValue != nil }
            if let signer = signers.first(where: { $0.keyword == keyword }), let value = signer.testValue {
                signer.sign(value, &query, &headers)
            } else {
                reading.fail(sign, "sign: \(keyword) is not a guard keyword that can sign"
                             + Suggestion.hint(for: keyword, in: signers.map(\.keyword), otherwise: "; known: \(signers.map(\.keyword).joined(separator: ", "))"))
            }
        }
        return ExampleRequest(method: fields["method"].flatMap { reading.string($0) }?.uppercased() ?? "GET", path: path,
                              query: query, headers: headers, body: fields["body"].flatMap { reading.string($0) })
    }
}
