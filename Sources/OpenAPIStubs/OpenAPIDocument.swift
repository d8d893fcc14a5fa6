public import Foundation
import DocumentReader
import OpenAPIKit
import OpenAPIKit30
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
    /// - Throws: `StubProblem` with the file, line, column and key of the
    ///   first thing that is wrong (YAML, structure, an unresolvable `$ref`);
    ///   ``read(_:file:)`` reports every one.
    public init(data: Data, file: String) throws(StubProblem) {
        do throws(StubValidationError) { self = try Self.read(data, file: file) } catch { throw error.problems[0] }
    }

    /// Reads and checks `data`, named `file`, reporting every problem.
    ///
    /// - Throws: `StubValidationError` with every problem in document
    ///   order, each with its file, line, column and `#` pointer: a YAML or
    ///   structure error alone (nothing after it can be read), else every
    ///   `$ref` that names nothing or points outside, every parameter
    ///   without a name or place.
    public static func read(_ data: Data, file: String) throws(StubValidationError) -> OpenAPIDocument {
        let source: OpenAPISource
        do throws(StubProblem) { source = try OpenAPISource(data: data, file: file) } catch { throw StubValidationError(problems: [error]) }
        // The structure check and the walk for operations read the same
        // tree and nothing else, so they run at once; a structure error
        // still comes alone, before any problem the walk found.
        let (structureProblem, walk) = Concurrently.both({ () -> StubProblem? in
            do throws(StubProblem) { try checkStructure(source) } catch { return error }
            return nil
        }, { Result { () throws(StubValidationError) in try operations(of: source) } })
        if let structureProblem { throw StubValidationError(problems: [structureProblem]) }
        return try walk.get()
    }

    /// The document's operations, after every `$ref` is checked.
    private static func operations(of source: OpenAPISource) throws(StubValidationError) -> OpenAPIDocument {
        var reading = OpenAPIDocumentReading(source: source)
        var resolved: Set<String> = []
        reading.checkReferences(reading.root, resolved: &resolved)
        guard reading.reading.problems.isEmpty else { throw StubValidationError(problems: reading.reading.problems) }
        let server = source.root.member("servers")?.items.first?.member("url")?.text ?? ""
        var base = server.range(of: "://").map { String(server[$0.upperBound...].drop { $0 != "/" }) } ?? server
        if base.contains("{") { base = "" } // a templated server path is not served under
        while base.hasSuffix("/") { base.removeLast() }
        let operations = reading.operations(base: base)
        guard reading.reading.problems.isEmpty else { throw StubValidationError(problems: reading.reading.problems) }
        return OpenAPIDocument(source: source, operations: operations, basePath: base)
    }

    private init(source: OpenAPISource, operations: [OpenAPIOperation], basePath: String) {
        self.source = source
        self.operations = operations
        self.basePath = basePath
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
    private static func checkStructure(_ source: OpenAPISource) throws(StubProblem) {
        do {
            // Only the check is kept (order comes from the node tree), so
            // the tree already parsed (YAML or JSON) is read through a
            // decoder that indexes each mapping's keys (Yams' own searched
            // them: quadratic in a mapping's size) and reads no vendor
            // extension's value (OpenAPIKit reads every extendable object
            // again, whole, to find its `x-` keys).
            switch source.dialect {
            case .openAPI30: _ = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root, errorsOnly: true)
            case .openAPI31: _ = try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: source.root, errorsOnly: true)
            }
        } catch {
            let readable = OpenAPIKit.OpenAPI.Error(from: error)
            let keys = readable.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            let node = DocumentNode(root: source.root, file: source.file).descendant(at: keys.map { "/" + LocatedJSON.escape($0) }.joined())
            throw StubProblem(file: source.file, line: node.line, column: node.column, key: keys.joined(separator: "."), message: readable.localizedDescription)
        }
    }

    /// Keys whose values are data, not document structure.
    static let dataKeys: Set<String> = ["example", "value", "dataValue", "default", "const", "enum"]
}
