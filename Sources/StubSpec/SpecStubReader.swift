import Foundation
import StubKit

/// Turns the `stubs:` entries of a spec into ``SpecStub`` values.
struct SpecStubReader {
    var reading = SpecReading()
    /// Reads `file:` paths inside this folder only.
    let fixtures: URL
    /// The spec file's name for locations (`specs/marvel.yaml`) and its full path.
    let fileID: String
    let filePath: String
    /// The `guard:` every stub gets unless it names its own (or `guard: none`).
    var defaultGuard: (AuthRule, ExampleCredentials)?

    static let stubKeys = ["id", "request", "response", "sequence", "guard", "priority", "times", "delay", "fault",
                           "compression", "scenario", "example", "verify"]

    mutating func stub(_ node: SpecNode) -> SpecStub? {
        guard let fields = reading.members(node, allowed: Self.stubKeys) else { return nil }
        guard let requestNode = fields["request"] else {
            reading.fail(node, "a stub needs a request")
            return nil
        }
        guard let pattern = request(requestNode) else { return nil }
        var stub = Stub(request: pattern, location: CodeLocation(fileID: fileID, filePath: filePath, line: node.line, column: node.column))
        if let id = fields["id"].flatMap({ reading.string($0) }) { stub.id = StubID(id) }

        switch (fields["response"], fields["sequence"]) {
        case (let response?, nil):
            if let recipe = recipe(response) { stub.response = recipe }
        case (nil, let sequence?):
            if let steps = reading.items(sequence) {
                let recipes = steps.compactMap { recipe($0) }
                if recipes.count == steps.count { stub.response = .sequence(recipes) }
            }
        case (_?, _?):
            reading.fail(node, "a stub has either response or sequence, not both")
        case (nil, nil):
            break // 200 with an empty body
        }

        var credentials: ExampleCredentials?
        if let guardNode = fields["guard"] {
            if guardNode.isScalar, reading.string(guardNode) == "none" {
                credentials = nil // lifts the spec's guard for this stub
            } else if let (check, needed) = guardValue(guardNode) {
                stub.guards.append(check); credentials = needed
            }
        } else if let (check, needed) = defaultGuard {
            stub.guards.append(check); credentials = needed
        }
        if let node = fields["priority"], let value = reading.int(node) { stub.priority = value }
        if let node = fields["times"], let value = reading.int(node, in: 1...Int.max) { stub.times = value }
        if let node = fields["delay"] { stub.delay = delay(node) }
        if let node = fields["fault"] { stub.fault = fault(node) }
        if let node = fields["compression"], let name = reading.string(node) {
            if let value = ResponseCompression(rawValue: name) {
                stub.compression = value
            } else {
                reading.fail(node, "compression is compressed or identity, not \"\(name)\"")
            }
        }
        if let node = fields["scenario"] { stub.scenario = scenario(node) }
        let rule = fields["verify"].map { verifyRule($0) } ?? VerifyRule()
        let (example, reason) = example(fields["example"], pattern: pattern, credentials: credentials)
        return SpecStub(stub: stub, example: example, verify: rule, noExampleReason: reason)
    }

    // MARK: Request

    mutating func request(_ node: SpecNode) -> RequestPattern? {
        guard let fields = reading.members(node, allowed: ["method", "path", "pathRegex", "query", "headers", "cookies", "body"]) else {
            return nil
        }
        let method = fields["method"].flatMap { reading.string($0) }.map { HTTPMethod(rawValue: $0.uppercased()) }
        let path: PathPattern
        switch (fields["path"], fields["pathRegex"]) {
        case (let node?, nil):
            guard let text = reading.string(node) else { return nil }
            path = .parse(text)
            if let problem = path.problem { reading.fail(node, problem) }
        case (nil, let node?):
            guard let text = reading.string(node) else { return nil }
            path = .regex(TextPattern(text))
            if let problem = path.problem { reading.fail(node, problem) }
        case (_?, _?):
            reading.fail(node, "a request has either path or pathRegex, not both")
            return nil
        case (nil, nil):
            reading.fail(node, "a request needs a path or a pathRegex")
            return nil
        }
        var pattern = RequestPattern(method: method, path: path)
        if let node = fields["query"] { pattern.query = fieldMatchers(node) }
        if let node = fields["headers"] { pattern.headers = fieldMatchers(node) }
        if let node = fields["cookies"] { pattern.cookies = fieldMatchers(node) }
        if let node = fields["body"] { pattern.body = bodyMatchers(node) }
        return pattern
    }

    /// `name: text` means equals; `name: { contains | matches | equalsIgnoringCase | oneOf | values | present | absent }`.
    mutating func fieldMatchers(_ node: SpecNode) -> [FieldMatcher] {
        guard let pairs = reading.pairs(node) else { return [] }
        return pairs.compactMap { name, value in
            if value.isScalar, let text = reading.string(value) {
                switch (text, value.isQuoted) {
                case ("present", false): return FieldMatcher(name, .present)
                case ("absent", false): return FieldMatcher(name, .absent)
                default: return FieldMatcher(name, .equals(text))
                }
            }
            guard let fields = reading.members(value, allowed: ["equals", "equalsIgnoringCase", "contains", "matches", "oneOf", "values"]),
                  fields.count == 1, let (kind, operand) = fields.first
            else {
                reading.fail(value, "expected text, present, absent, or one of equals, equalsIgnoringCase, contains, matches, oneOf, values")
                return nil
            }
            switch kind {
            case "equals": return reading.string(operand).map { FieldMatcher(name, .equals($0)) }
            case "equalsIgnoringCase": return reading.string(operand).map { FieldMatcher(name, .equalsIgnoringCase($0)) }
            case "contains": return reading.string(operand).map { FieldMatcher(name, .contains($0)) }
            case "matches":
                guard let text = reading.string(operand) else { return nil }
                let pattern = TextPattern(text)
                if let problem = pattern.problem { reading.fail(operand, problem) }
                return FieldMatcher(name, .matches(pattern))
            default:
                guard let items = reading.items(operand) else { return nil }
                let texts = items.compactMap { reading.string($0) }
                return FieldMatcher(name, kind == "oneOf" ? .oneOf(texts) : .values(texts))
            }
        }
    }

    /// One body matcher, or a list of them.
    mutating func bodyMatchers(_ node: SpecNode) -> [BodyMatcher] {
        if node.isSequence {
            return (reading.items(node) ?? []).flatMap { bodyMatchers($0) }
        }
        guard let fields = reading.members(node, allowed: ["equals", "contains", "matches", "json", "jsonSubset", "ignoringArrayOrder", "jsonPath"]) else {
            return []
        }
        var found: [BodyMatcher] = []
        if let operand = fields["equals"], let text = reading.string(operand) { found.append(.text(text)) }
        if let operand = fields["contains"], let text = reading.string(operand) { found.append(.contains(text)) }
        if let operand = fields["matches"], let text = reading.string(operand) {
            let pattern = TextPattern(text)
            if let problem = pattern.problem { reading.fail(operand, problem) }
            found.append(.matches(pattern))
        }
        if let operand = fields["json"], let value = reading.json(operand) { found.append(.json(value)) }
        if let operand = fields["jsonSubset"], let value = reading.json(operand) {
            let ignoring = fields["ignoringArrayOrder"].flatMap { reading.bool($0) } ?? false
            found.append(.jsonSubset(value, ignoringArrayOrder: ignoring))
        }
        if let operand = fields["jsonPath"], let parts = reading.members(operand, allowed: ["path", "equals"]),
           let pathNode = parts["path"], let path = reading.string(pathNode), let valueNode = parts["equals"],
           let value = reading.json(valueNode) {
            found.append(.jsonPath(path, equals: value)) // a malformed path is reported with the stub's problems
        }
        return found
    }

    // MARK: Response

    static let responseKeys = ["status", "headers", "body", "json", "file", "marvel", "marvelError"]

    /// `status`, `headers`, and one body: `body` (text), `json` (inline), `file`, `marvel` (an envelope) or `marvelError`.
    mutating func recipe(_ node: SpecNode) -> ResponseRecipe? {
        guard let fields = reading.members(node, allowed: Self.responseKeys) else { return nil }
        let status = fields["status"].flatMap { reading.int($0, in: 100...599) } ?? 200
        var headers = HTTPHeaders()
        if let node = fields["headers"], let pairs = reading.pairs(node) {
            headers = HTTPHeaders(pairs: pairs.compactMap { name, value in reading.string(value).map { (name, $0) } })
        }
        let bodies = ["body", "json", "file", "marvel", "marvelError"].filter { fields[$0] != nil }
        if bodies.count > 1 {
            reading.fail(node, "a response has one body; found \(bodies.joined(separator: ", "))")
            return nil
        }
        func with(_ response: StubResponse) -> ResponseRecipe {
            var response = response
            response.status = fields["status"] == nil ? response.status : status
            response.headers = HTTPHeaders(pairs: response.headers.pairs.filter { pair in
                !headers.pairs.contains { $0.name.lowercased() == pair.name.lowercased() }
            } + headers.pairs)
            return .fixed(response)
        }
        if let text = fields["body"].flatMap({ reading.string($0) }) {
            return with(StubResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8)))
        }
        if let value = fields["json"].flatMap({ reading.json($0) }) {
            return with(.json(Data(value.description.utf8), status: status))
        }
        if let fileNode = fields["file"] {
            guard let data = fixture(fileNode) else { return nil }
            let isJSON = JSONValue(data: data) != nil
            if !isJSON, let path = reading.string(fileNode), path.lowercased().hasSuffix(".json") {
                reading.fail(fileNode, "fixture \"\(path)\" is named .json but is not valid JSON")
                return nil
            }
            return with(StubResponse(status: status, headers: ["Content-Type": isJSON ? "application/json" : "application/octet-stream"], body: data))
        }
        if let envelope = fields["marvel"] {
            return marvelEnvelope(envelope)
        }
        if let failureNode = fields["marvelError"] {
            guard let parts = reading.members(failureNode, allowed: ["status", "message", "code"]),
                  let statusNode = parts["status"], let failureStatus = reading.int(statusNode, in: 400...599),
                  let messageNode = parts["message"], let message = reading.string(messageNode)
            else {
                reading.fail(failureNode, "marvelError needs status and message (and code for gateway errors)")
                return nil
            }
            if let codeNode = parts["code"], let code = reading.string(codeNode) {
                return with(.marvelError(failureStatus, code: code, message: message))
            }
            return with(.marvelError(failureStatus, message))
        }
        return .fixed(StubResponse(status: status, headers: headers))
    }

    /// `marvel: { results: [ … ] }` or `marvel: { results: { file: path } }`, the file
    /// holding a JSON array or a whole envelope whose `data.results` are used.
    mutating func marvelEnvelope(_ node: SpecNode) -> ResponseRecipe? {
        guard let fields = reading.members(node, allowed: ["results"]), let resultsNode = fields["results"] else {
            reading.fail(node, "marvel needs results: a list, or { file: path }")
            return nil
        }
        let results: [JSONValue]
        if resultsNode.isSequence {
            guard case .array(let items)? = reading.json(resultsNode) else { return nil }
            results = items
        } else {
            guard let parts = reading.members(resultsNode, allowed: ["file"]), let fileNode = parts["file"],
                  let data = fixture(fileNode) else { return nil }
            switch JSONValue(data: data) {
            case .array(let items)?: results = items
            case let value? where value.value(at: "data.results") != nil:
                guard case .array(let items)? = value.value(at: "data.results") else { fallthrough }
                results = items
            default:
                reading.fail(fileNode, "the file must hold a JSON array or a Marvel envelope with data.results")
                return nil
            }
        }
        return .marvel(results: results)
    }

    /// The bytes of a fixture file, which must stay inside the fixtures folder.
    mutating func fixture(_ node: SpecNode) -> Data? {
        guard let path = reading.string(node) else { return nil }
        do {
            return try FixtureFile.read(path, in: fixtures)
        } catch {
            reading.fail(node, "\(error)")
            return nil
        }
    }

    // MARK: Guard, delay, fault, scenario

    /// `marvel: { publicKey, privateKey }`, `bearer: token`, `apiKey: { header, value }`,
    /// with the credentials an example needs to pass it.
    mutating func guardValue(_ node: SpecNode) -> (AuthRule, ExampleCredentials)? {
        guard !node.isScalar, let fields = reading.members(node, allowed: ["marvel", "bearer", "apiKey"]), fields.count == 1,
              let (kind, operand) = fields.first
        else {
            reading.fail(node, "a guard is one of marvel, bearer, apiKey (or none, on a stub, to lift the spec's guard)")
            return nil
        }
        switch kind {
        case "marvel":
            return twoStrings(operand, "publicKey", "privateKey", for: kind).map { keys in
                (.marvel(publicKey: keys.0, privateKey: keys.1), .marvel(publicKey: keys.0, privateKey: keys.1))
            }
        case "bearer":
            return reading.string(operand).map { (.bearer($0), .bearer($0)) }
        default:
            return twoStrings(operand, "header", "value", for: kind).map { parts in
                (.apiKey(header: parts.0, value: parts.1), .apiKey(header: parts.0, value: parts.1))
            }
        }
    }

    /// The two string members `first` and `second` of `node`, both required.
    private mutating func twoStrings(_ node: SpecNode, _ first: String, _ second: String, for kind: String) -> (String, String)? {
        guard let parts = reading.members(node, allowed: [first, second]),
              let one = parts[first].flatMap({ reading.string($0) }),
              let two = parts[second].flatMap({ reading.string($0) })
        else {
            reading.fail(node, "\(kind) needs \(first) and \(second)")
            return nil
        }
        return (one, two)
    }

    /// `250ms`, `{ between: [100ms, 300ms] }` or `{ dribble: { chunks: 4, over: 1s } }`.
    mutating func delay(_ node: SpecNode) -> Delay? {
        if node.isScalar { return reading.duration(node).map(Delay.fixed) }
        guard let fields = reading.members(node, allowed: ["between", "dribble"]), fields.count == 1 else {
            reading.fail(node, "a delay is a duration, { between: [low, high] } or { dribble: { chunks, over } }")
            return nil
        }
        if let range = fields["between"], let bounds = reading.items(range) {
            let durations = bounds.compactMap { reading.duration($0) }
            guard durations.count == 2, durations[0] <= durations[1] else {
                reading.fail(range, "between needs two durations, the lower first")
                return nil
            }
            return .random(durations[0]...durations[1])
        }
        if let dribble = fields["dribble"], let parts = reading.members(dribble, allowed: ["chunks", "over"]),
           let chunks = parts["chunks"].flatMap({ reading.int($0, in: 1...100_000) }),
           let over = parts["over"].flatMap({ reading.duration($0) }) {
            return .dribble(chunks: chunks, over: over)
        }
        return nil
    }

    /// `closeWithoutResponse`, `malformedChunk`, `garbageThenClose` or `{ truncatedBody: bytes }`.
    mutating func fault(_ node: SpecNode) -> Fault? {
        if node.isScalar, let name = reading.string(node) {
            switch name {
            case "closeWithoutResponse": return .closeWithoutResponse
            case "malformedChunk": return .malformedChunk
            case "garbageThenClose": return .garbageThenClose
            default:
                let known = ["closeWithoutResponse", "malformedChunk", "garbageThenClose", "truncatedBody"]
                let hint = Suggestion.closest(to: name, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
                reading.fail(node, "unknown fault \"\(name)\"\(hint)")
                return nil
            }
        }
        guard let fields = reading.members(node, allowed: ["truncatedBody"]), let bytes = fields["truncatedBody"],
              let count = reading.int(bytes, in: 0...Int.max) else { return nil }
        return .truncatedBody(afterBytes: count)
    }

    /// `{ name, requires, sets }`.
    mutating func scenario(_ node: SpecNode) -> ScenarioStep? {
        guard let fields = reading.members(node, allowed: ["name", "requires", "sets"]),
              let name = fields["name"].flatMap({ reading.string($0) })
        else {
            reading.fail(node, "a scenario needs a name")
            return nil
        }
        return ScenarioStep(scenario: name, requiredState: fields["requires"].flatMap { reading.string($0) },
                            newState: fields["sets"].flatMap { reading.string($0) })
    }

    // MARK: Verification

    mutating func verifyRule(_ node: SpecNode) -> VerifyRule {
        guard let fields = reading.members(node, allowed: ["headers", "exact", "skip"]) else { return VerifyRule() }
        var rule = VerifyRule()
        if let headers = fields["headers"].flatMap({ reading.items($0) }) { rule.headers = headers.compactMap { reading.string($0) } }
        if let exact = fields["exact"].flatMap({ reading.items($0) }) { rule.exact = exact.compactMap { reading.string($0) } }
        if let skip = fields["skip"].flatMap({ reading.bool($0) }) { rule.skip = skip }
        return rule
    }
}
