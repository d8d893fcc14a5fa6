import DocumentReader
import Foundation
import StubKit

// A stateful resource in a spec file, in place of `request:` and `response:`:
//
//   - resource:
//       path: /v1/users/{userId}/posts   # the collection; {…} segments name parents
//       id: id                           # the field holding an item's id (default id)
//       seed: [ { id: 1, userId: 7, title: Notes } ]   # or { file: posts.json }, a JSON array
//       operations: [list, get, create, replace, patch, delete]   # all by default
//       generatedIDs: automatic          # integers, uuids
//       envelope: marvel                 # a plug-in's envelope
//     delay: 20ms                        # and guard, times, fault, scenario… as any stub

extension SpecStubReader {
    /// The keys of a `resource:` block.
    static let resourceKeys = ["path", "id", "seed", "operations", "generatedIDs", "envelope"]

    /// A `resource:` block as the declaration it states, its problems placed at their lines.
    mutating func resource(_ node: DocumentNode) -> ResourceDeclaration? {
        guard let fields = reading.members(node, allowed: Self.resourceKeys) else { return nil }
        guard let pathNode = fields["path"], let path = reading.string(pathNode) else {
            if fields["path"] == nil { reading.fail(node, "a resource needs a path, such as /v1/users") }
            return nil
        }
        guard path.hasPrefix("/") else {
            reading.fail(pathNode, "a resource's path starts with /")
            return nil
        }
        var declaration = ResourceDeclaration(collectionPath: path)
        if let idNode = fields["id"], let id = reading.string(idNode) { declaration.idField = id }
        if let list = fields["operations"], let items = reading.items(list) {
            var operations: Set<ResourceDeclaration.Operation> = []
            for item in items {
                guard let name = reading.string(item) else { continue }
                if let operation = ResourceDeclaration.Operation(rawValue: name) {
                    operations.insert(operation)
                } else {
                    reading.fail(item, Suggestion.unknownMember(name, among: ResourceDeclaration.Operation.allCases.map(\.rawValue), called: "operation"))
                }
            }
            declaration.operations = operations
        }
        if let kindNode = fields["generatedIDs"], let name = reading.string(kindNode) {
            if let kind = ResourceDeclaration.GeneratedIDs(rawValue: name) {
                declaration.generatedIDs = kind
            } else {
                reading.fail(kindNode, Suggestion.unknownMember(name, among: ResourceDeclaration.GeneratedIDs.allCases.map(\.rawValue), called: "kind of id"))
            }
        }
        if let envelopeNode = fields["envelope"], let name = reading.string(envelopeNode) {
            let known = plugins.flatMap(\.envelopes)
            if let envelope = known.first(where: { $0.name == name }) {
                declaration.envelope = envelope
            } else {
                let names = known.map(\.name)
                reading.fail(envelopeNode, names.isEmpty ? "no registered plug-in has the envelope \"\(name)\""
                    : Suggestion.unknownMember(name, among: names, called: "envelope"))
            }
        }
        if let seedNode = fields["seed"] { declaration.seed = seed(seedNode) ?? [] }
        if let problem = declaration.problem {
            reading.fail(problem.hasPrefix("seed") ? fields["seed"] ?? node : pathNode, problem)
            return nil
        }
        return declaration
    }

    /// `seed:` inline (a list of objects) or `{ file: items.json }` (a JSON array beside the spec).
    private mutating func seed(_ node: DocumentNode) -> [JSONValue]? {
        if !node.isSequence, let fields = reading.members(node, allowed: ["file"]) {
            guard let fileNode = fields["file"], let data = fixture(fileNode) else {
                if fields["file"] == nil { reading.fail(node, "seed is a list of items or { file: items.json }") }
                return nil
            }
            guard case .array(let items)? = JSONValue(exactly: data) else {
                reading.fail(fileNode, "the seed file must hold a JSON array of objects")
                return nil
            }
            return items
        }
        guard case .array(let items)? = reading.json(node) else {
            reading.fail(node, "seed is a list of items or { file: items.json }")
            return nil
        }
        return items
    }
}

extension SpecWriter {
    /// A declaration as the `resource:` block ``SpecStubReader/resource(_:)`` reads.
    static func resource(_ declaration: ResourceDeclaration) throws(Unwritable) -> WrittenJSON {
        if let check = declaration.requestCheck {
            throw Unwritable("its resource \(declaration.collectionPath) checks requests with \(check.name), which a spec file cannot carry; serve the document with --stateful")
        }
        var members: [(String, WrittenJSON)] = [("path", .string(declaration.collectionPath))]
        if declaration.idField != "id" { members.append(("id", .string(declaration.idField))) }
        if !declaration.seed.isEmpty { members.append(("seed", .value(.array(declaration.seed)))) }
        if declaration.operations != Set(ResourceDeclaration.Operation.allCases) {
            let names = ResourceDeclaration.Operation.allCases.filter(declaration.operations.contains).map(\.rawValue)
            members.append(("operations", .array(names.map(WrittenJSON.string))))
        }
        if declaration.generatedIDs != .automatic { members.append(("generatedIDs", .string(declaration.generatedIDs.rawValue))) }
        if let envelope = declaration.envelope { members.append(("envelope", .string(envelope.name))) }
        return .object(members)
    }
}
