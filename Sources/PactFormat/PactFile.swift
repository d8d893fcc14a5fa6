public import Foundation
public import StubKit
import DocumentReader

/// A pact file (specification V2, V3 or V4): who the consumer and provider
/// are and the HTTP interactions the consumer relies on. Message
/// interactions are read, listed in ``unsupported`` with their location, and
/// not served.
public struct PactFile: Sendable {
    /// The consumer's name.
    public var consumer: String
    /// The provider's name.
    public var provider: String
    /// The specification the file follows.
    public var version: PactVersion
    /// The HTTP interactions, in file order.
    public var interactions: [PactInteraction]
    /// Interactions that are not HTTP (messages), each at its location.
    public var unsupported: [StubProblem]

    /// Reads a pact named `file` in messages.
    ///
    /// - Throws: `StubValidationError` with every problem, each with its
    ///   line, column and JSON pointer.
    public static func read(_ data: Data, file: String) throws(StubValidationError) -> PactFile {
        let document: LocatedJSON
        do {
            document = try LocatedJSON(data)
        } catch {
            throw StubValidationError(problems: [StubProblem(file: file, line: error.line, column: error.column, key: "", message: "not valid JSON: \(error.message)")])
        }
        var reading = PactFileReading(document: document, file: file)
        let pact = reading.read()
        guard reading.problems.isEmpty, let pact else { throw StubValidationError(problems: reading.problems) }
        return pact
    }

    /// Loads the pact at `url`; `name` is how messages name it.
    public static func load(_ url: URL, name: String? = nil) throws -> PactFile {
        try read(try Data(contentsOf: url), file: name ?? url.relativePath)
    }

    /// Whether `data` is a pact: a JSON object with `consumer`, `provider`
    /// and `interactions` (or V3's `messages`). A file that does not parse
    /// counts when it names them, so its syntax error is reported as a pact's.
    public static func looksLikePact(_ data: Data) -> Bool {
        guard case .object(let top)? = JSONValue(data: data) else {
            let text = String(decoding: data.prefix(4096), as: UTF8.self)
            return text.contains("\"consumer\"") && text.contains("\"provider\"")
        }
        return top["consumer"] != nil && top["provider"] != nil && (top["interactions"] != nil || top["messages"] != nil)
    }
}

/// One HTTP interaction: the request the consumer sends in a provider state,
/// and the response it relies on.
public struct PactInteraction: Sendable {
    /// What the interaction is, unique in the file.
    public var description: String
    /// The provider states it needs, with their parameters.
    public var providerStates: [PactProviderState]
    /// The request.
    public var request: PactRequest
    /// The response.
    public var response: PactResponse
    /// V4: a failure is reported but does not fail verification.
    public var pending: Bool
    /// V4: the interaction's key.
    public var key: String?
    /// Where it is in the file (line, column and JSON pointer).
    public var location: CodeLocation
}

/// A provider state and its parameters (`{"name": "user 42 exists", "params": {"id": 42}}`).
public struct PactProviderState: Sendable, Hashable {
    /// The state's name.
    public var name: String
    /// Its parameters (an object, empty when none).
    public var params: JSONValue

    /// Creates a state.
    public init(name: String, params: JSONValue = .object([:])) {
        self.name = name
        self.params = params
    }
}

/// Reads a pact document, collecting every problem with its location.
struct PactFileReading {
    let document: LocatedJSON
    let file: String
    /// Collects the mistakes, each at its pointer, in a pact's words.
    var reading = DocumentReading(style: .pact)
    var problems: [StubProblem] { reading.problems }

    init(document: LocatedJSON, file: String) {
        self.document = document
        self.file = file
    }

    /// Where `pointer` is in the file, the pointer named too.
    func location(_ pointer: String) -> CodeLocation {
        let (line, column) = document.position(of: pointer)
        return CodeLocation(fileID: file, line: line, column: column, pointer: pointer.isEmpty ? "/" : pointer)
    }

    mutating func fail(_ pointer: String, _ message: String) {
        reading.fail(DocumentNode(.null, at: pointer, in: document, file: file), message, atKey: false)
    }

    mutating func read() -> PactFile? {
        guard case .object(let top) = document.root else {
            fail("", "a pact is a JSON object with consumer, provider and interactions")
            return nil
        }
        func name(_ key: String) -> String? {
            guard case .object(let party)? = top[key], case .string(let name)? = party["name"] else { return nil }
            return name
        }
        let consumer = name("consumer"), provider = name("provider")
        if consumer == nil { fail("/consumer", "a pact needs consumer: {\"name\": …}") }
        if provider == nil { fail("/provider", "a pact needs provider: {\"name\": …}") }
        var version = PactVersion.v2
        if case .object(let metadata)? = top["metadata"] {
            let specification = metadata["pactSpecification"] ?? metadata["pact-specification"]
            // `pactSpecification` and `pact-specification` objects; the oldest writers' flat `pactSpecificationVersion`.
            var given: (text: String, pointer: String)?
            if case .object(let spec)? = specification, case .string(let text)? = spec["version"] {
                given = (text, metadata["pactSpecification"] != nil ? "/metadata/pactSpecification/version" : "/metadata/pact-specification/version")
            } else if case .string(let text)? = metadata["pactSpecificationVersion"] {
                given = (text, "/metadata/pactSpecificationVersion")
            }
            if let given {
                if let known = PactVersion(specification: given.text) { version = known } else {
                    fail(given.pointer, "unknown pact specification version \"\(given.text)\"; expected 1.0.0, 1.1.0, 2.0.0, 3.0.0 or 4.0")
                }
            }
        }
        var interactions: [PactInteraction] = []
        var unsupported: [StubProblem] = []
        if case .array(let messages)? = top["messages"] {
            for index in messages.indices {
                unsupported.append(StubProblem(location: location("/messages/\(index)"), subject: "/messages/\(index)",
                                               message: "a message interaction is read but not served (Understudy serves HTTP)"))
            }
        }
        switch top["interactions"] {
        case .array(let items)?:
            var seen: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                let pointer = "/interactions/\(index)"
                if case .object(let fields) = item, case .string(let type)? = fields["type"], type != "Synchronous/HTTP" {
                    unsupported.append(StubProblem(location: location(pointer), subject: pointer,
                                                   message: "a \(type) interaction is read but not served (Understudy serves HTTP)"))
                    continue
                }
                if case .object(let fields) = item, case .string(let description)? = fields["description"] {
                    if let earlier = seen[description] {
                        fail(pointer + "/description", "the description \"\(description)\" is already used by /interactions/\(earlier)")
                    }
                    seen[description] = seen[description] ?? index
                }
                if let interaction = self.interaction(item, at: pointer, version: version) { interactions.append(interaction) }
            }
        case nil where top["messages"] != nil:
            break
        default:
            fail("/interactions", "a pact needs an interactions list")
        }
        guard let consumer, let provider else { return nil }
        return PactFile(consumer: consumer, provider: provider, version: version, interactions: interactions, unsupported: unsupported)
    }

    /// Headers in the order the file writes them (a JSON object's members
    /// come out of the parser unordered), so a verifier sends them so.
    func inFileOrder(_ headers: [(name: String, value: String)], at pointer: String) -> [(name: String, value: String)] {
        let placed = headers.map { header in
            (header: header, at: document.position(of: pointer + "/" + LocatedJSON.escape(header.name)))
        }
        return placed.sorted { $0.at.line != $1.at.line ? $0.at.line < $1.at.line : $0.at.column < $1.at.column }.map { $0.header }
    }

    mutating func interaction(_ value: JSONValue, at pointer: String, version: PactVersion) -> PactInteraction? {
        guard case .object(let fields) = value else {
            fail(pointer, "an interaction is an object")
            return nil
        }
        guard case .string(let description)? = fields["description"] else {
            fail(pointer + "/description", "an interaction needs a description")
            return nil
        }
        var states: [PactProviderState] = []
        if case .string(let state)? = fields["providerState"] ?? fields["provider_state"] { states.append(PactProviderState(name: state)) }
        if case .array(let items)? = fields["providerStates"] {
            for (index, item) in items.enumerated() {
                guard case .object(let state) = item, case .string(let name)? = state["name"] else {
                    fail("\(pointer)/providerStates/\(index)", "a provider state needs a name")
                    continue
                }
                states.append(PactProviderState(name: name, params: state["params"] ?? .object([:])))
            }
        }
        var reader = PactPartReader(version: version)
        reader.decimals = document.decimals
        var problems: [StubProblem] = []
        var request: PactRequest?, response: PactResponse?
        if let given = fields["request"] { request = reader.request(given, at: pointer + "/request", problems: &problems) } else {
            problems.append(StubProblem(pointer: pointer + "/request", message: "an interaction needs a request"))
        }
        if let given = fields["response"] { response = reader.response(given, at: pointer + "/response", problems: &problems) } else {
            problems.append(StubProblem(pointer: pointer + "/response", message: "an interaction needs a response"))
        }
        for problem in problems { fail(problem.subject, problem.message) }
        guard problems.isEmpty, var request, var response else { return nil }
        request.headers = inFileOrder(request.headers, at: pointer + "/request/headers")
        response.headers = inFileOrder(response.headers, at: pointer + "/response/headers")
        let pending: Bool
        if case .bool(let flag)? = fields["pending"] { pending = flag } else { pending = false }
        var key: String?
        if case .string(let given)? = fields["key"] { key = given }
        return PactInteraction(description: description, providerStates: states, request: request, response: response,
                               pending: pending, key: key, location: location(pointer))
    }
}
