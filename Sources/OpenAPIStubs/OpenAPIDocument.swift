public import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
public import StubKit
import Yams

/// An OpenAPI document, read twice over: OpenAPIKit decodes it (through
/// Yams, so order is kept) to check its structure, and the node tree, with
/// every node's place, gives the operations and the schemas to validate with.
public struct OpenAPIDocument: Sendable {
    /// The document as written.
    public let source: OpenAPISource
    /// Every operation, in document order.
    public let operations: [OpenAPIOperation]
    /// The path of the first server's URL (`/v1/public` for
    /// `http://gateway.marvel.com/v1/public`), without a trailing `/`; empty
    /// when there is none. Operations are served, and traffic checked, under it,
    /// so a client given the server URL with the mock's host finds them.
    public let basePath: String
    /// The validator for the document's schemas.
    public var validator: SchemaValidator { SchemaValidator(source) }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Reads and checks `data`, named `file`.
    ///
    /// - Throws: ``StubProblem`` with the file, line, column and key of the
    ///   first thing that is wrong (YAML, structure, an unresolvable `$ref`).
    public init(data: Data, file: String) throws(StubProblem) {
        let source = try OpenAPISource(data: data, file: file)
        try Self.checkStructure(data, source)
        var resolved: Set<String> = []
        try Self.checkReferences(source.root, source, pointer: "#", resolved: &resolved)
        self.source = source
        let server = source.root.member("servers")?.items.first?.member("url")?.text ?? ""
        var base = server.range(of: "://").map { String(server[$0.upperBound...].drop { $0 != "/" }) } ?? server
        if base.contains("{") { base = "" } // a templated server path is not served under
        while base.hasSuffix("/") { base.removeLast() }
        self.basePath = base
        var operations: [OpenAPIOperation] = []
        for (path, item) in source.root.member("paths")?.members ?? [] {
            let (item, itemPointer) = try source.dereferencedWithPointer(item, at: "#/paths/" + SchemaWalk.escape(path))
            let shared = try Self.parameters(item.member("parameters"), source, pointer: itemPointer + "/parameters")
            for (method, operation) in item.members where Self.methods.contains(method) {
                let pointer = itemPointer + "/" + method
                var parameters = shared
                for parameter in try Self.parameters(operation.member("parameters"), source, pointer: pointer + "/parameters") {
                    parameters.removeAll { $0.name == parameter.name && $0.place == parameter.place }
                    parameters.append(parameter)
                }
                operations.append(OpenAPIOperation(
                    method: method.uppercased(), path: path, operationId: operation.member("operationId")?.text,
                    location: source.location(of: operation, pointer: pointer), parameters: parameters,
                    requestBody: try Self.requestBody(operation.member("requestBody"), source, pointer: pointer + "/requestBody"),
                    responses: try Self.responses(operation.member("responses"), source, pointer: pointer + "/responses"),
                    pathTemplate: OpenAPIPathTemplate(base + path)))
            }
        }
        self.operations = operations
    }

    /// Reads and checks the file at `url`.
    public init(contentsOf url: URL) throws(StubProblem) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StubProblem(file: url.path, line: 1, column: 1, key: "", message: "cannot read the document: \(error.localizedDescription)")
        }
        try self.init(data: data, file: url.path)
    }

    /// Whether `data` looks like an OpenAPI document (a top-level `openapi` key, YAML or JSON).
    public static func looksLikeOpenAPI(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return head.range(of: #"(?m)^\s*["']?openapi["']?\s*:"#, options: .regularExpression) != nil
    }

    /// OpenAPIKit's decode of the document; its error, placed by its coding path.
    private static func checkStructure(_ data: Data, _ source: OpenAPISource) throws(StubProblem) {
        do {
            // Only the check is kept (order comes from the node tree), so a JSON
            // document takes Foundation's faster decoder; YAML goes through Yams.
            let json = data.first(where: { !$0.isWhitespace }) == UInt8(ascii: "{")
            switch (source.dialect, json) {
            case (.openAPI30, true): _ = try JSONDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1)
            case (.openAPI30, false): _ = try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1)
            case (.openAPI31, true): _ = try JSONDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)
            case (.openAPI31, false): _ = try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: data)
            }
        } catch {
            let readable = OpenAPIKit.OpenAPI.Error(from: error)
            let keys = readable.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            var node = source.root
            for key in keys {
                guard let next = node.member(key) ?? Int(key).flatMap({ node.items.indices.contains($0) ? node.items[$0] : nil }) else { break }
                node = next
            }
            throw StubProblem(file: source.file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                               key: keys.joined(separator: "."), message: readable.localizedDescription)
        }
    }

    /// Keys whose values are data, not document structure.
    static let dataKeys: Set<String> = ["example", "value", "dataValue", "default", "const", "enum"]

    /// Every `$ref` must name a place in this document: an external file or
    /// URL is refused with its place (bundle the document first), and so is
    /// a local reference that names nothing.
    private static func checkReferences(_ node: Node, _ source: OpenAPISource, pointer: String, resolved: inout Set<String>) throws(StubProblem) {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                let name = key.string ?? ""
                let here = pointer + "/" + SchemaWalk.escape(name)
                if Self.dataKeys.contains(name) { continue } // example values may hold anything, "$ref" keys included
                if name == "$ref", let reference = value.text {
                    if resolved.contains(reference) { continue }
                    guard reference.hasPrefix("#") else {
                        throw source.error(at: value, pointer: here, "the reference \(reference) points outside the document, which is not read; bundle it into one document first")
                    }
                    guard source.resolve(reference) != nil else { throw source.error(at: value, pointer: here, "the reference \(reference) names nothing in the document") }
                    resolved.insert(reference)
                } else {
                    try checkReferences(value, source, pointer: here, resolved: &resolved)
                }
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() { try checkReferences(item, source, pointer: pointer + "/\(index)", resolved: &resolved) }
        default:
            return
        }
    }

    private static func parameters(_ list: Node?, _ source: OpenAPISource, pointer: String) throws(StubProblem) -> [OpenAPIParameter] {
        var found: [OpenAPIParameter] = []
        for (index, raw) in (list?.items ?? []).enumerated() {
            let (node, here) = try source.dereferencedWithPointer(raw, at: pointer + "/\(index)")
            guard let name = node.member("name")?.text, let place = node.member("in")?.text.flatMap(OpenAPIParameter.Place.init(rawValue:)) else {
                throw source.error(at: node, pointer: here, "a parameter needs a name and an `in` of path, query, header or cookie")
            }
            let style = node.member("style")?.text ?? (place == .query || place == .cookie ? "form" : "simple")
            var schemaPointer = node.member("schema").map { _ in here + "/schema" }
            if schemaPointer == nil, let content = node.member("content")?.members.first {
                schemaPointer = here + "/content/" + SchemaWalk.escape(content.key) + "/schema"
            }
            found.append(OpenAPIParameter(
                name: name, place: place, required: place == .path || node.member("required")?.boolean == true, style: style,
                explode: node.member("explode")?.boolean ?? (style == "form"), schemaPointer: schemaPointer,
                location: source.location(of: node, pointer: here)))
        }
        return found
    }

    private static func requestBody(_ raw: Node?, _ source: OpenAPISource, pointer: String) throws(StubProblem) -> OpenAPIRequestBody? {
        guard let raw else { return nil }
        let (node, place) = try source.dereferencedWithPointer(raw, at: pointer)
        return OpenAPIRequestBody(required: node.member("required")?.boolean == true,
                                  media: try media(node.member("content"), source, pointer: place + "/content"))
    }

    private static func responses(_ raw: Node?, _ source: OpenAPISource, pointer: String) throws(StubProblem) -> [OpenAPIResponse] {
        var found: [OpenAPIResponse] = []
        for (status, value) in raw?.members ?? [] {
            let (node, here) = try source.dereferencedWithPointer(value, at: pointer + "/" + SchemaWalk.escape(status))
            found.append(OpenAPIResponse(status: status.uppercased() == "DEFAULT" ? "default" : status.uppercased(),
                                         media: try media(node.member("content"), source, pointer: here + "/content"),
                                         location: source.location(of: node, pointer: here)))
        }
        return found
    }

    private static func media(_ content: Node?, _ source: OpenAPISource, pointer: String) throws(StubProblem) -> [OpenAPIMedia] {
        var found: [OpenAPIMedia] = []
        for (type, node) in content?.members ?? [] {
            let here = pointer + "/" + SchemaWalk.escape(type)
            var examples: [(name: String, value: JSONValue)] = []
            if let example = node.member("example") { examples.append(("default", example.json)) }
            for (name, raw) in node.member("examples")?.members ?? [] {
                let example = try source.dereferenced(raw, at: here + "/examples/" + SchemaWalk.escape(name))
                if let value = example.member("value") ?? example.member("dataValue") { examples.append((name, value.json)) }
            }
            found.append(OpenAPIMedia(type: type, schemaPointer: node.member("schema").map { _ in here + "/schema" }, examples: examples))
        }
        return found
    }
}

extension OpenAPISource {
    /// The node itself or, when it is a `$ref`, what the reference names (followed up to 16 times).
    func dereferenced(_ node: Node, at pointer: String) throws(StubProblem) -> Node {
        try dereferencedWithPointer(node, at: pointer).node
    }

    /// The node (a `$ref` followed) and the JSON pointer of where it really is.
    func dereferencedWithPointer(_ node: Node, at pointer: String) throws(StubProblem) -> (node: Node, pointer: String) {
        var current = node, place = pointer
        for _ in 0..<16 {
            guard let reference = current.member("$ref")?.text else { return (current, place) }
            guard let target = resolve(reference) else { throw error(at: current, pointer: place, "the reference \(reference) names nothing in the document") }
            current = target
            place = reference
        }
        throw error(at: node, pointer: pointer, "a chain of more than 16 references")
    }

    /// A problem at `node`.
    func error(at node: Node, pointer: String, _ message: String) -> StubProblem {
        StubProblem(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, key: pointer, message: message)
    }
}

extension UInt8 {
    /// Space, tab, line feed or carriage return.
    fileprivate var isWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
