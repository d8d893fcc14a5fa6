import Foundation
public import StubKit
import Yams

/// Validates JSON instances against an OpenAPI document's schemas, walking
/// the schema as written: every keyword of JSON Schema as OpenAPI 3.0 and
/// 3.1 use it, `$ref` followed lazily with a cycle guard, `readOnly` and
/// `writeOnly` judged by direction, each violation with the instance path
/// and the keyword's `file:line:col`.
public struct SchemaValidator: Sendable {
    /// Which way the instance travels: a request may not carry `readOnly`
    /// properties (and need not carry required ones), a response may not
    /// carry `writeOnly` ones.
    public enum Direction: Sendable, Hashable {
        /// Sent by a client.
        case request
        /// Sent by a server.
        case response
    }

    /// The document whose schemas are used.
    public let source: OpenAPISource

    /// A validator for `source`'s schemas.
    public init(_ source: OpenAPISource) { self.source = source }

    /// Every violation of the schema at `pointer` (`#/components/schemas/Pet`) by `instance`.
    ///
    /// - Throws: `StubProblem` when `pointer` names nothing in the document.
    public func violations(of instance: JSONValue, againstSchemaAt pointer: String, direction: Direction) throws(StubProblem) -> [SchemaViolation] {
        guard let schema = source.resolve(pointer) else {
            throw StubProblem(file: source.file, line: 1, column: 1, key: pointer, message: "no schema at \(pointer)")
        }
        return violations(of: instance, against: schema, schemaPointer: pointer, direction: direction)
    }

    /// Every violation of `schema` (a node of the document at `schemaPointer`) by `instance`.
    func violations(of instance: JSONValue, against schema: Node, schemaPointer: String, direction: Direction) -> [SchemaViolation] {
        var walk = SchemaWalk(source: source, direction: direction)
        walk.validate(instance, schema, schemaPointer, "", seen: [])
        return walk.found
    }
}

/// One validation: the violations found so far.
struct SchemaWalk {
    let source: OpenAPISource
    let direction: SchemaValidator.Direction
    var found: [SchemaViolation] = []

    init(source: OpenAPISource, direction: SchemaValidator.Direction) {
        self.source = source
        self.direction = direction
    }

    mutating func fail(_ instancePath: String, _ keyword: String, _ message: String, _ node: Node, _ pointer: String) {
        found.append(SchemaViolation(instancePath: instancePath, keyword: keyword, message: message,
                                     schemaLocation: source.location(of: node, pointer: pointer)))
    }

    /// Whether `instance` is valid against `schema`, without keeping what is wrong.
    func passes(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String, seen: Set<String>) -> Bool {
        var trial = SchemaWalk(source: source, direction: direction)
        trial.validate(instance, schema, pointer, path, seen: seen)
        return trial.found.isEmpty
    }

    mutating func validate(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String, seen: Set<String>) {
        if case .scalar = schema, let verdict = schema.boolean {
            if !verdict { fail(path, "false", "no value is allowed here", schema, pointer) }
            return
        }
        guard case .mapping = schema else { return }
        if let reference = schema.member("$ref")?.text {
            let key = reference + "@" + path
            guard !seen.contains(key) else { return } // a loop that consumed nothing of the instance
            guard let target = source.resolve(reference) else {
                fail(path, "$ref", "the reference \(reference) names nothing in the document", schema.member("$ref")!, pointer + "/$ref")
                return
            }
            validate(instance, target, reference, path, seen: seen.union([key]))
            if source.dialect == .openAPI30 { return } // 3.0: a $ref's siblings are ignored
        }
        if !typeAllows(instance, schema, pointer, path) { return }
        enumAndConst(instance, schema, pointer, path)
        SchemaKeywords.scalar(instance, schema, pointer, path, into: &self)
        if case .array(let items) = instance { array(items, schema, pointer, path, seen: seen) }
        if case .object(let members) = instance { object(members, schema, pointer, path, seen: seen) }
        combinators(instance, schema, pointer, path, seen: seen)
    }

    /// `type` (a name or, in 3.1, a list) and 3.0's `nullable`; false stops the walk here.
    private mutating func typeAllows(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String) -> Bool {
        let nullable = source.dialect == .openAPI30 && schema.member("nullable")?.boolean == true
        if instance == .null, nullable { return true }
        guard let type = schema.member("type") else {
            return true
        }
        let names = type.items.isEmpty ? [type.text ?? ""] : type.items.compactMap(\.text)
        if names.contains(where: { Self.kind(instance, is: $0) }) { return true }
        fail(path, "type", "expected \(names.joined(separator: " or "))\(nullable ? " or null" : ""), got \(Self.shown(instance))", type, pointer + "/type")
        return false
    }

    static func kind(_ instance: JSONValue, is name: String) -> Bool {
        switch (name, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number): return true
        case ("integer", .number(let value)): return value.isFinite && value.rounded() == value
        default: return false
        }
    }

    private mutating func enumAndConst(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String) {
        if let choices = schema.member("enum"), !choices.items.contains(where: { Self.equal($0.json, instance) }) {
            let nullable = source.dialect == .openAPI30 && schema.member("nullable")?.boolean == true
            if !(nullable && instance == .null) {
                fail(path, "enum", "expected one of \(choices.items.map { Self.shown($0.json) }.joined(separator: ", ")), got \(Self.shown(instance))", choices, pointer + "/enum")
            }
        }
        if let constant = schema.member("const"), !Self.equal(constant.json, instance) {
            fail(path, "const", "expected \(Self.shown(constant.json)), got \(Self.shown(instance))", constant, pointer + "/const")
        }
    }

    /// JSON equality with 1 and 1.0 the same number.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)): return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        default: return a == b
        }
    }

    static func shown(_ value: JSONValue) -> String {
        let text = value.description
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }

    static func escape(_ token: String) -> String { LocatedJSON.escape(token) }
}
