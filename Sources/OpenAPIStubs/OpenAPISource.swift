public import Foundation
import DocumentReader
public import StubKit
import Yams

/// An OpenAPI document as written: its node tree with every node's line and
/// column, read with Yams so key order is the document's (JSON documents
/// too). Schemas are validated on this tree, not on a decoded model, so
/// every keyword is seen and `$ref` is followed lazily (recursive schemas work).
public struct OpenAPISource: @unchecked Sendable {
    /// Which JSON Schema dialect the document's schemas use.
    public enum Dialect: Sendable, Hashable {
        /// OpenAPI 3.0: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, `$ref` siblings ignored.
        case openAPI30
        /// OpenAPI 3.1 and later: JSON Schema 2020-12 (type arrays, `const`, `prefixItems`, …).
        case openAPI31
    }

    /// The file name used in locations.
    public let file: String
    /// The dialect, from the `openapi` field.
    public let dialect: Dialect
    /// The root node (`Yams.Node` is an immutable value; hence `@unchecked Sendable`).
    let root: Node
    /// Resolved references, so each is looked up once however often schemas use it.
    private let resolved = ReferenceCache()

    /// Reads `data` (YAML or JSON) named `file`.
    ///
    /// - Throws: `StubProblem` naming the file, line and column (a YAML
    ///   syntax error, a root that is not a mapping, a missing or unknown
    ///   `openapi` version).
    public init(data: Data, file: String) throws(StubProblem) {
        self.file = file
        let text = String(decoding: data, as: UTF8.self)
        let composed: Node?
        do {
            // Scalars are read by constructors and as JSON, never by tag.
            composed = try DocumentText.compose(text, name: file, typingPlainScalars: false)
        } catch {
            throw error.problems[0]
        }
        guard let root = composed, case .mapping = root else {
            throw StubProblem(file: file, line: 1, column: 1, key: "", message: "an OpenAPI document is a mapping with an `openapi` version")
        }
        self.root = root
        guard let version = root["openapi"], case .scalar(let scalar) = version else {
            throw StubProblem(file: file, line: 1, column: 1, key: "openapi", message: "no `openapi` version (Swagger 2.0 is not read; convert it to OpenAPI 3)")
        }
        if scalar.string.hasPrefix("3.0") {
            dialect = .openAPI30
        } else if scalar.string.hasPrefix("3.1") || scalar.string.hasPrefix("3.2") {
            dialect = .openAPI31
        } else {
            throw StubProblem(file: file, line: version.mark?.line ?? 1, column: version.mark?.column ?? 1, key: "openapi",
                               message: "OpenAPI \(scalar.string) is not read; expected 3.0, 3.1 or 3.2")
        }
    }

    /// Reads the file at `url`.
    public init(contentsOf url: URL) throws(StubProblem) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StubProblem(file: url.path, line: 1, column: 1, key: "", message: "cannot read the document: \(error.localizedDescription)")
        }
        try self.init(data: data, file: url.path)
    }

    /// The node at a local JSON pointer (`#/components/schemas/Pet`), or `nil`.
    /// Each pointer is looked up once; big mappings (thousands of schemas) are indexed.
    func resolve(_ reference: String) -> Node? {
        guard reference.hasPrefix("#") else { return nil }
        if let known = resolved.node(for: reference) { return known }
        var node = root
        var prefix = "#"
        for raw in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let token = Self.token(raw)
            switch node {
            case .mapping(let mapping):
                let next = mapping.count > 16 ? resolved.member(token, of: mapping, at: prefix) : mapping.first(where: { $0.key.string == token })?.value
                guard let next else { return nil }
                node = next
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
            prefix += "/" + raw
        }
        resolved.store(node, for: reference)
        return node
    }

    /// A pointer token as a key: percent-decoded, then `~1` and `~0`
    /// unescaped (most tokens have neither, and are taken as they are).
    private static func token(_ raw: Substring) -> String {
        var token = String(raw)
        if token.utf8.contains(UInt8(ascii: "%")) { token = token.removingPercentEncoding ?? token }
        if token.utf8.contains(UInt8(ascii: "~")) {
            token = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return token
    }

    /// Where `node` is, as a location in this document.
    func location(of node: Node, pointer: String) -> CodeLocation {
        CodeLocation(fileID: file, filePath: "", line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, pointer: pointer)
    }
}

/// A document that cannot be read, with its place: now the one problem
/// value every reader reports.
@available(*, deprecated, renamed: "StubProblem")
public typealias OpenAPIError = StubProblem

/// What ``OpenAPISource/resolve(_:)`` found so far, and an index of each big
/// mapping it walked through. Lock-protected: validation runs on any thread.
private final class ReferenceCache: @unchecked Sendable {
    private let lock = NSLock()
    private var nodes: [String: Node] = [:]
    private var indexes: [String: [String: Node]] = [:]

    func node(for reference: String) -> Node? { lock.withLock { nodes[reference] } }

    func store(_ node: Node, for reference: String) { lock.withLock { nodes[reference] = node } }

    /// The member `key` of `mapping` (found at `pointer`), through an index built on first use.
    func member(_ key: String, of mapping: Node.Mapping, at pointer: String) -> Node? {
        lock.withLock {
            if let index = indexes[pointer] { return index[key] }
            var index: [String: Node] = [:]
            for (name, value) in mapping where index[name.string ?? ""] == nil { index[name.string ?? ""] = value }
            indexes[pointer] = index
            return index[key]
        }
    }
}
