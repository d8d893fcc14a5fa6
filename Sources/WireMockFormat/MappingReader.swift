import DocumentReader
import Foundation
import StubKit

/// Reads one WireMock document (a mapping, or `{"mappings": [...]}`) into
/// stubs, collecting every problem with its file, line, column and JSON
/// pointer instead of stopping at the first.
struct MappingReader {
    let document: LocatedJSON
    let file: String
    /// Reads a `bodyFileName` (relative to `__files/`), or throws why not.
    let bodyFile: (String) throws -> Data
    let lenient: Bool
    /// Reads typed values and collects the mistakes (malformed or unknown
    /// fields; always refused), in WireMock's words.
    var reading = DocumentReading(style: .wireMock)
    /// Mistakes: malformed or unknown fields; always refused.
    var problems: [StubProblem] { reading.problems }
    /// What WireMock means but Understudy cannot express.
    var untranslatable: [StubProblem] = []
    /// Loaded as WireMock loads it, with a warning (a missing body file).
    var warnings: [StubProblem] = []
    /// Which responses are templates.
    var templating = WireMockTemplating.local
    /// The `__files` folder a templated `bodyFileName` is read from at request time.
    var bodyFolder: URL?
    /// Set while reading a mapping that has something untranslatable.
    private var mappingRefused = false

    init(document: LocatedJSON, file: String, lenient: Bool, bodyFile: @escaping (String) throws -> Data) {
        self.document = document
        self.file = file
        self.lenient = lenient
        self.bodyFile = bodyFile
    }

    /// The stubs of the document in file order (not yet in match order).
    mutating func stubs() -> [Stub] {
        let root = DocumentNode(document.root, at: "", in: document, file: file)
        guard case .object(let top) = document.root else {
            fail(root, "expected a mapping object or {\"mappings\": [...]}, got \(shown(root))")
            return []
        }
        guard top.keys.contains("mappings") else { return mapping(root).map { [$0] } ?? [] }
        guard let fields = members(root, allowed: ["mappings", "meta", "importOptions"]) else { return [] }
        guard let items = fields["mappings"]?.elements else {
            fail(root.at("mappings"), "expected a list of mappings")
            return []
        }
        return inRuns(items)
    }

    /// The fewest mappings worth a run of their own (a run costs a thread's start).
    static let mappingsPerPart = 64

    /// The stubs of `items`: each mapping reads by itself, so a long list is
    /// read in runs, one per core, each by a copy of this reader, and the
    /// stubs, problems and warnings put together in order, as one pass
    /// would have them.
    private mutating func inRuns(_ items: [DocumentNode]) -> [Stub] {
        // Each run starts from nothing found, so what this reader found
        // before (an unknown top-level key) is not found again in each run.
        var empty = self
        empty.reading.problems = []
        empty.untranslatable = []
        empty.warnings = []
        let reader = empty
        let runs = Concurrently.runs(of: items, parts: min(Concurrently.cores, items.count / Self.mappingsPerPart)) { run in
            var part = reader
            let stubs = run.compactMap { part.mapping($0) }
            return (stubs, part)
        }
        for (_, part) in runs {
            reading.problems += part.problems
            untranslatable += part.untranslatable
            warnings += part.warnings
        }
        return runs.flatMap(\.0)
    }

    // MARK: One mapping

    static let mappingKeys = [
        "id", "uuid", "name", "priority", "scenarioName", "requiredScenarioState", "newScenarioState",
        "persistent", "metadata", "postServeActions", "serveEventListeners", "insertionIndex", "request", "response",
    ]

    private mutating func mapping(_ node: DocumentNode) -> Stub? {
        mappingRefused = false
        let problemsBefore = problems.count
        guard let fields = members(node, allowed: Self.mappingKeys) else { return nil }
        let location = CodeLocation(fileID: file, line: node.line, column: node.column, pointer: node.pointer.isEmpty ? "/" : node.pointer)
        let request = fields["request"]
        let pattern = request.flatMap { requestPattern($0) } ?? RequestPattern(method: nil, path: .any)
        if request == nil { fail(node, "a mapping needs a \"request\"") }
        var stub = Stub(request: pattern, location: location)
        if let response = fields["response"] {
            respond(&stub, response)
        } else {
            fail(node, "a mapping needs a \"response\"")
        }
        identity(&stub, fields)
        if let given = fields["priority"] {
            if case .number(let number) = given.value, number.rounded() == number, abs(number) <= 2_147_483_647 {
                stub.priority = WireMockPriority.understudy(Int(number))
            } else {
                fail(given, "expected a whole number (1 is the highest), got \(shown(given))")
            }
        }
        scenario(&stub, fields, in: node)
        for key in ["postServeActions", "serveEventListeners"] {
            if let given = fields[key] { refuse(given, "webhooks and serve-event listeners are not supported") }
        }
        if let persistent = fields["persistent"] {
            if case .bool = persistent.value {} else { fail(persistent, "expected true or false") }
        }
        guard problems.count == problemsBefore, !mappingRefused else { return nil }
        return stub
    }

    private mutating func identity(_ stub: inout Stub, _ fields: DocumentMembers) {
        let id = string(fields["id"])
        let uuid = string(fields["uuid"])
        if let id, let uuid, id != uuid, let node = fields["uuid"] {
            fail(node, "\"id\" and \"uuid\" differ (\(id), \(uuid)); they name the same stub")
        }
        if let given = id ?? uuid, let node = id != nil ? fields["id"] : fields["uuid"] {
            guard UUID(uuidString: given) != nil else {
                fail(node, "expected a UUID, got \"\(given)\"")
                return
            }
            stub.id = StubID(given.lowercased())
        }
        stub.name = string(fields["name"])
        if let metadata = fields["metadata"] {
            if case .object(let members) = metadata.value { stub.metadata = members } else {
                fail(metadata, "expected an object, got \(shown(metadata))")
            }
        }
    }

    private mutating func scenario(_ stub: inout Stub, _ fields: DocumentMembers, in node: DocumentNode) {
        let name = string(fields["scenarioName"])
        let required = string(fields["requiredScenarioState"])
        let next = string(fields["newScenarioState"])
        guard let name else {
            if required != nil || next != nil {
                fail(node.at(required != nil ? "requiredScenarioState" : "newScenarioState"), "a scenario state needs a \"scenarioName\"")
            }
            return
        }
        stub.scenario = ScenarioStep(scenario: name, requiredState: required, newState: next)
    }

    // MARK: Problems

    /// A mistake at `node`: its value, or its key when `atKey`.
    mutating func fail(_ node: DocumentNode, _ message: String, atKey: Bool = false) {
        reading.fail(node, message, atKey: atKey)
    }

    /// Something WireMock means that Understudy cannot serve: refused, or with
    /// `lenient` the whole mapping is skipped and listed.
    mutating func refuse(_ node: DocumentNode, _ message: String) {
        untranslatable.append(StubProblem(file: file, line: node.line, column: node.column, key: node.pointer, message: message))
        mappingRefused = true
    }

    // MARK: Typed reads, through the one document reader in WireMock's words

    /// The members of an object; an unknown key is a problem with a did-you-mean.
    mutating func members(_ node: DocumentNode, allowed: [String]) -> DocumentMembers? {
        reading.members(node, allowed: allowed)
    }

    mutating func string(_ node: DocumentNode?) -> String? {
        node.flatMap { reading.string($0) }
    }

    mutating func integer(_ node: DocumentNode?, in range: ClosedRange<Int>) -> Int? {
        node.flatMap { reading.int($0, in: range) }
    }

    mutating func number(_ node: DocumentNode?) -> Double? {
        node.flatMap { reading.number($0, atLeast: 0) }
    }

    mutating func bool(_ node: DocumentNode?) -> Bool? {
        node.flatMap { reading.bool($0) }
    }

    /// A value for a message: `"text"`, `5`, `an object`.
    func shown(_ node: DocumentNode) -> String {
        node.shown(in: reading.style)
    }
}

/// WireMock's priorities (1 highest, unset 5) as Understudy's (higher wins, unset 0).
enum WireMockPriority {
    static let unset = 5

    static func understudy(_ wireMock: Int) -> Int { unset - wireMock }

    static func wireMock(_ understudy: Int) -> Int { unset - understudy }
}
