import DocumentReader
import StubKit
import Yams

/// Walks an OpenAPI document's node tree (after OpenAPIKit checked its
/// structure) into operations, through the one document reader: every node
/// is a ``DocumentNode`` that knows its line, column and `#` pointer, and
/// every problem (a `$ref` that names nothing, a parameter without a name)
/// is collected, not thrown at the first.
struct OpenAPIDocumentReading {
    let source: OpenAPISource
    /// The problems found so far, in document order, named by `#` pointers.
    var reading = DocumentReading(style: .openAPI)

    init(source: OpenAPISource) {
        self.source = source
    }

    /// The root of the document.
    var root: DocumentNode { DocumentNode(root: source.root, file: source.file) }

    /// Every operation of `paths`, in document order, served under `base`.
    mutating func operations(base: String) -> [OpenAPIOperation] {
        var operations: [OpenAPIOperation] = []
        for (path, raw) in root.member("paths")?.members ?? [] {
            guard let item = dereferenced(raw) else { continue }
            let shared = parameters(item.member("parameters"))
            for (method, operation) in item.members where OpenAPIDocument.methods.contains(method) {
                var parameters = shared
                for parameter in self.parameters(operation.member("parameters")) {
                    parameters.removeAll { $0.name == parameter.name && $0.place == parameter.place }
                    parameters.append(parameter)
                }
                operations.append(OpenAPIOperation(
                    method: method.uppercased(), path: path, operationId: operation.member("operationId")?.node.text,
                    location: location(operation), parameters: parameters,
                    requestBody: requestBody(operation.member("requestBody")),
                    responses: responses(operation.member("responses")),
                    pathTemplate: OpenAPIPathTemplate(base + path)))
            }
        }
        return operations
    }

    /// Every `$ref` must name a place in this document: an external file or
    /// URL is refused with its place (bundle the document first), and so is
    /// a local reference that names nothing. Each one is reported.
    ///
    /// The walk goes over the bare nodes with the steps that lead to each:
    /// a located node (its key path and pointer written out) is made only
    /// for a reference that fails, not for each of the document's nodes.
    mutating func checkReferences(_ node: DocumentNode, resolved: inout Set<String>) {
        var trail: [(step: ReferenceStep, node: Node)] = []
        checkReferences(in: node.node, from: node, trail: &trail, resolved: &resolved)
    }

    /// One step of a walk: a mapping's member or a list's item.
    enum ReferenceStep {
        case member(String)
        case item(Int)
    }

    private mutating func checkReferences(in node: Node, from start: DocumentNode, trail: inout [(step: ReferenceStep, node: Node)],
                                          resolved: inout Set<String>) {
        switch node {
        case .sequence(let sequence):
            for (index, item) in sequence.enumerated() {
                trail.append((.item(index), item))
                checkReferences(in: item, from: start, trail: &trail, resolved: &resolved)
                trail.removeLast()
            }
        case .mapping(let mapping):
            for (key, value) in mapping {
                let name = key.string ?? ""
                if OpenAPIDocument.dataKeys.contains(name) { continue } // example values may hold anything, "$ref" keys included
                trail.append((.member(name), value))
                defer { trail.removeLast() }
                guard name == "$ref", let reference = value.text else {
                    checkReferences(in: value, from: start, trail: &trail, resolved: &resolved)
                    continue
                }
                if resolved.contains(reference) { continue }
                guard reference.hasPrefix("#") else {
                    reading.fail(Self.place(start, trail),
                                 "the reference \(reference) points outside the document, which is not read; bundle it into one document first")
                    continue
                }
                guard source.resolve(reference) != nil else {
                    reading.fail(Self.place(start, trail), "the reference \(reference) names nothing in the document")
                    continue
                }
                resolved.insert(reference)
            }
        case .scalar, .alias:
            return
        }
    }

    /// The located node the steps of `trail` lead to from `start`.
    private static func place(_ start: DocumentNode, _ trail: [(step: ReferenceStep, node: Node)]) -> DocumentNode {
        trail.reduce(start) { here, next in
            switch next.step {
            case .member(let name): here.child(name, next.node)
            case .item(let index): here.element(index, next.node)
            }
        }
    }

    // MARK: Parts of an operation

    private mutating func parameters(_ list: DocumentNode?) -> [OpenAPIParameter] {
        var found: [OpenAPIParameter] = []
        for raw in list?.items ?? [] {
            guard let node = dereferenced(raw) else { continue }
            guard let name = node.member("name")?.node.text,
                  let place = node.member("in")?.node.text.flatMap(OpenAPIParameter.Place.init(rawValue:)) else {
                reading.fail(node, "a parameter needs a name and an `in` of path, query, header or cookie")
                continue
            }
            let style = node.member("style")?.node.text ?? (place == .query || place == .cookie ? "form" : "simple")
            var schema = node.member("schema")
            if schema == nil, let content = node.member("content")?.members.first { schema = content.node.member("schema") }
            found.append(OpenAPIParameter(
                name: name, place: place, required: place == .path || node.member("required")?.node.boolean == true, style: style,
                explode: node.member("explode")?.node.boolean ?? (style == "form"), schemaPointer: schema.map(reference),
                location: location(node)))
        }
        return found
    }

    private mutating func requestBody(_ raw: DocumentNode?) -> OpenAPIRequestBody? {
        guard let raw, let node = dereferenced(raw) else { return nil }
        return OpenAPIRequestBody(required: node.member("required")?.node.boolean == true, media: media(node.member("content")))
    }

    private mutating func responses(_ raw: DocumentNode?) -> [OpenAPIResponse] {
        var found: [OpenAPIResponse] = []
        for (status, value) in raw?.members ?? [] {
            guard let node = dereferenced(value) else { continue }
            found.append(OpenAPIResponse(status: status.uppercased() == "DEFAULT" ? "default" : status.uppercased(),
                                         media: media(node.member("content")), location: location(node)))
        }
        return found
    }

    private mutating func media(_ content: DocumentNode?) -> [OpenAPIMedia] {
        var found: [OpenAPIMedia] = []
        for (type, node) in content?.members ?? [] {
            var examples: [(name: String, value: JSONValue)] = []
            if let example = node.member("example") { examples.append(("default", example.node.json)) }
            for (name, raw) in node.member("examples")?.members ?? [] {
                guard let example = dereferenced(raw) else { continue }
                if let value = example.member("value") ?? example.member("dataValue") { examples.append((name, value.node.json)) }
            }
            found.append(OpenAPIMedia(type: type, schemaPointer: node.member("schema").map(reference), examples: examples))
        }
        return found
    }

    // MARK: Places

    /// The node itself or, when it is a `$ref`, the node the reference names
    /// (followed up to 16 times), at its own place; `nil` with the problem recorded.
    mutating func dereferenced(_ node: DocumentNode) -> DocumentNode? {
        var current = node
        for _ in 0..<16 {
            guard let reference = current.member("$ref")?.node.text else { return current }
            guard let target = source.resolve(reference) else {
                reading.fail(current, "the reference \(reference) names nothing in the document")
                return nil
            }
            current = DocumentNode(target, at: String(reference.dropFirst()), file: source.file)
        }
        reading.fail(node, "a chain of more than 16 references")
        return nil
    }

    /// The node's `#` pointer (`#/paths/~1pets/get`), as `$ref`s and schema pointers write it.
    func reference(_ node: DocumentNode) -> String { "#" + node.pointer }

    /// Where `node` is, with its `#` pointer.
    func location(_ node: DocumentNode) -> CodeLocation {
        CodeLocation(fileID: source.file, filePath: "", line: node.line, column: node.column, pointer: reference(node))
    }
}
