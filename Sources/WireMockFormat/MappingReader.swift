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
        guard case .object(let top) = document.root else {
            fail("", "expected a mapping object or {\"mappings\": [...]}, got \(shown(document.root))")
            return []
        }
        guard top.keys.contains("mappings") else { return mapping(document.root, at: "").map { [$0] } ?? [] }
        guard let fields = members(document.root, at: "", allowed: ["mappings", "meta", "importOptions"]) else { return [] }
        guard case .array(let items)? = fields["mappings"] else {
            fail("/mappings", "expected a list of mappings")
            return []
        }
        return items.enumerated().compactMap { index, item in mapping(item, at: "/mappings/\(index)") }
    }

    // MARK: One mapping

    static let mappingKeys = [
        "id", "uuid", "name", "priority", "scenarioName", "requiredScenarioState", "newScenarioState",
        "persistent", "metadata", "postServeActions", "serveEventListeners", "insertionIndex", "request", "response",
    ]

    private mutating func mapping(_ value: JSONValue, at pointer: String) -> Stub? {
        mappingRefused = false
        let problemsBefore = problems.count
        guard let fields = members(value, at: pointer, allowed: Self.mappingKeys) else { return nil }
        let (line, column) = document.position(of: pointer)
        let location = CodeLocation(fileID: file, line: line, column: column, pointer: pointer.isEmpty ? "/" : pointer)
        let pattern = fields["request"].flatMap { requestPattern($0, at: pointer + "/request") }
            ?? RequestPattern(method: nil, path: .any)
        if fields["request"] == nil { fail(pointer, "a mapping needs a \"request\"") }
        var stub = Stub(request: pattern, location: location)
        if let response = fields["response"] {
            respond(&stub, response, at: pointer + "/response")
        } else {
            fail(pointer, "a mapping needs a \"response\"")
        }
        identity(&stub, fields, at: pointer)
        if let value = fields["priority"] {
            if case .number(let number) = value, number.rounded() == number, abs(number) <= 2_147_483_647 {
                stub.priority = WireMockPriority.understudy(Int(number))
            } else {
                fail(pointer + "/priority", "expected a whole number (1 is the highest), got \(shown(value))")
            }
        }
        scenario(&stub, fields, at: pointer)
        for key in ["postServeActions", "serveEventListeners"] where fields[key] != nil {
            refuse(pointer + "/" + key, "webhooks and serve-event listeners are not supported")
        }
        if case .bool? = fields["persistent"] {} else if fields["persistent"] != nil {
            fail(pointer + "/persistent", "expected true or false")
        }
        guard problems.count == problemsBefore, !mappingRefused else { return nil }
        return stub
    }

    private mutating func identity(_ stub: inout Stub, _ fields: [String: JSONValue], at pointer: String) {
        let id = string(fields["id"], at: pointer + "/id")
        let uuid = string(fields["uuid"], at: pointer + "/uuid")
        if let id, let uuid, id != uuid {
            fail(pointer + "/uuid", "\"id\" and \"uuid\" differ (\(id), \(uuid)); they name the same stub")
        }
        if let given = id ?? uuid {
            guard UUID(uuidString: given) != nil else {
                fail(pointer + (id != nil ? "/id" : "/uuid"), "expected a UUID, got \"\(given)\"")
                return
            }
            stub.id = StubID(given.lowercased())
        }
        stub.name = string(fields["name"], at: pointer + "/name")
        if let metadata = fields["metadata"] {
            if case .object(let members) = metadata { stub.metadata = members } else {
                fail(pointer + "/metadata", "expected an object, got \(shown(metadata))")
            }
        }
    }

    private mutating func scenario(_ stub: inout Stub, _ fields: [String: JSONValue], at pointer: String) {
        let name = string(fields["scenarioName"], at: pointer + "/scenarioName")
        let required = string(fields["requiredScenarioState"], at: pointer + "/requiredScenarioState")
        let next = string(fields["newScenarioState"], at: pointer + "/newScenarioState")
        guard let name else {
            if required != nil || next != nil {
                fail(pointer + (required != nil ? "/requiredScenarioState" : "/newScenarioState"),
                     "a scenario state needs a \"scenarioName\"")
            }
            return
        }
        stub.scenario = ScenarioStep(scenario: name, requiredState: required, newState: next)
    }

    // MARK: Problems

    /// A mistake at `pointer`: its value, or its key when `atKey`.
    mutating func fail(_ pointer: String, _ message: String, atKey: Bool = false) {
        reading.fail(node(.null, at: pointer), message, atKey: atKey)
    }

    /// Something WireMock means that Understudy cannot serve: refused, or with
    /// `lenient` the whole mapping is skipped and listed.
    mutating func refuse(_ pointer: String, _ message: String) {
        let (line, column) = document.position(of: pointer)
        untranslatable.append(StubProblem(file: file, line: line, column: column, key: pointer, message: message))
        mappingRefused = true
    }

    // MARK: Typed reads, through the one document reader in WireMock's words

    /// The node of this document at `pointer`, holding `value`.
    func node(_ value: JSONValue, at pointer: String) -> DocumentNode {
        DocumentNode(value, at: pointer, in: document, file: file)
    }

    /// The members of an object; an unknown key is a problem with a did-you-mean.
    mutating func members(_ value: JSONValue, at pointer: String, allowed: [String]) -> [String: JSONValue]? {
        reading.memberValues(node(value, at: pointer), allowed: allowed)
    }

    mutating func string(_ value: JSONValue?, at pointer: String) -> String? {
        value.flatMap { reading.string(node($0, at: pointer)) }
    }

    mutating func integer(_ value: JSONValue?, at pointer: String, in range: ClosedRange<Int>) -> Int? {
        value.flatMap { reading.int(node($0, at: pointer), in: range) }
    }

    mutating func number(_ value: JSONValue?, at pointer: String) -> Double? {
        value.flatMap { reading.number(node($0, at: pointer), atLeast: 0) }
    }

    mutating func bool(_ value: JSONValue?, at pointer: String) -> Bool? {
        value.flatMap { reading.bool(node($0, at: pointer)) }
    }

    /// A value for a message: `"text"`, `5`, `an object`.
    func shown(_ value: JSONValue) -> String {
        node(value, at: "").shown(in: reading.style)
    }
}

/// WireMock's priorities (1 highest, unset 5) as Understudy's (higher wins, unset 0).
enum WireMockPriority {
    static let unset = 5

    static func understudy(_ wireMock: Int) -> Int { unset - wireMock }

    static func wireMock(_ understudy: Int) -> Int { unset - understudy }
}
