import Foundation
import StubKit
import DocumentReader

/// Turns the `stubs:` entries of a spec into ``SpecStub`` values.
struct SpecStubReader {
    var reading = DocumentReading()
    /// Reads `file:` paths inside this folder only.
    let fixtures: URL
    /// The spec file's name for locations (`specs/marvel.yaml`) and its full path.
    let fileID: String
    let filePath: String
    /// The `guard:` every stub gets unless it names its own (or `guard: none`).
    var defaultGuard: (AuthRule, ExampleCredentials)?
    /// The spec's placeholders and their values: restored in fixture text too.
    var placeholders: [String: String] = [:]
    /// The plug-ins whose keywords this spec may use.
    let plugins: [StubPlugin]

    static let stubKeys = ["id", "name", "declared", "request", "response", "sequence", "responseHeaders", "guard", "priority",
                           "times", "mustBeUsed", "delay", "fault", "compression", "scenario", "metadata", "example", "verify", "webSocket", "resource"]

    mutating func stub(_ node: DocumentNode) -> SpecStub? {
        guard let fields = reading.members(node, allowed: Self.stubKeys) else { return nil }
        if let resourceNode = fields["resource"] {
            for key in ["request", "response", "sequence", "webSocket", "example", "verify"] where fields[key] != nil {
                reading.fail(node, "a stub with resource has no \(key): the resource answers every request to its paths")
                return nil
            }
            guard let declaration = resource(resourceNode) else { return nil }
            let specLine = CodeLocation(fileID: fileID, filePath: filePath, line: node.line, column: node.column)
            var stub = Stub(resource: declaration, location: fields["declared"].flatMap { declared($0) } ?? specLine)
            _ = behaviour(fields, into: &stub)
            return SpecStub(stub: stub, example: nil, verify: VerifyRule(),
                            noExampleReason: "it is the stateful resource \(declaration.collectionPath), which answers from its state", specLocation: specLine)
        }
        guard let requestNode = fields["request"] else {
            reading.fail(node, "a stub needs a request")
            return nil
        }
        guard let pattern = request(requestNode) else { return nil }
        let specLine = CodeLocation(fileID: fileID, filePath: filePath, line: node.line, column: node.column)
        var stub = Stub(request: pattern, location: fields["declared"].flatMap { declared($0) } ?? specLine)
        if let node = fields["webSocket"] {
            if fields["response"] != nil || fields["sequence"] != nil {
                reading.fail(node, "a stub has webSocket, response or sequence: one of them")
            } else if let conversation = webSocket(node) {
                stub.response = .fixed(.webSocket(conversation))
            }
        }
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
            break // 200 with an empty body, or the WebSocket endpoint
        }

        let credentials = behaviour(fields, into: &stub)
        let rule = fields["verify"].map { verifyRule($0) } ?? VerifyRule()
        let (example, reason) = example(fields["example"], pattern: pattern, credentials: credentials)
        return SpecStub(stub: stub, example: example, verify: rule, noExampleReason: reason, specLocation: specLine)
    }

    /// What any stub may have besides its request and answer: id, name,
    /// metadata, extra headers, guard, priority, times, delay, fault,
    /// compression and scenario; with the credentials its guard asks for.
    private mutating func behaviour(_ fields: DocumentMembers, into stub: inout Stub) -> ExampleCredentials? {
        if let id = fields["id"].flatMap({ reading.string($0) }) { stub.id = StubID(id) }
        if let name = fields["name"].flatMap({ reading.string($0) }) { stub.name = name }
        if let node = fields["metadata"] {
            if case .object(let members)? = reading.json(node) { stub.metadata = members } else { reading.fail(node, "metadata is an object") }
        }
        if let node = fields["responseHeaders"] { stub.responseHeaders = headers(node) }

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
        if let node = fields["mustBeUsed"], let value = reading.bool(node) { stub.mustBeUsed = value }
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
        return credentials
    }

    // MARK: Request

    mutating func request(_ node: DocumentNode) -> RequestPattern? {
        let keys = ["method", "path", "pathRegex", "rawTarget", "rawPath", "query", "headers", "cookies", "form", "body", "multipart"]
        guard let fields = reading.members(node, allowed: keys) else {
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
        if let node = fields["rawTarget"], let matcher = valueMatcher(node) { pattern.target.append(TargetMatcher(.whole, matcher)) }
        if let node = fields["rawPath"], let matcher = valueMatcher(node) { pattern.target.append(TargetMatcher(.path, matcher)) }
        if let node = fields["query"] { pattern.query = fieldMatchers(node) }
        if let node = fields["headers"] { pattern.headers = fieldMatchers(node) }
        if let node = fields["cookies"] { pattern.cookies = fieldMatchers(node) }
        if let node = fields["form"] { pattern.form = fieldMatchers(node) }
        if let node = fields["body"] { pattern.body = bodyMatchers(node) }
        if let node = fields["multipart"] { pattern.multipart = (node.isSequence ? reading.items(node) ?? [] : [node]).compactMap { multipart($0) } }
        return pattern
    }

    // MARK: Response

    /// The body keywords of the spec format itself; a registered plug-in adds its own (``StubPlugins``).
    static let bodyKeys = ["body", "base64", "json", "file", "template", "templateJSON", "events", "chunks", "held", "proxy"]

    /// The body keys this reader knows: its own, with the plug-ins' before `proxy`.
    var knownBodyKeys: [String] {
        let own = Self.bodyKeys.dropLast()
        return Array(own) + plugins.flatMap { $0.recipes.map(\.keyword) }.filter { !Self.bodyKeys.contains($0) } + ["proxy"]
    }

    /// `status`, `headers`, and one body: `body` (text), `base64` (bytes, no
    /// default Content-Type), `json` (inline), `file`, `template` (text
    /// rendered per request), `templateJSON` (JSON whose strings are
    /// templates), `events` or `chunks` (a stream, with `every` and `end`),
    /// `proxy`, or a plug-in's keyword (`marvel`, `marvelError`).
    mutating func recipe(_ node: DocumentNode) -> ResponseRecipe? {
        let bodyKeys = knownBodyKeys
        guard let fields = reading.members(node, allowed: ["status", "headers"] + bodyKeys + Self.streamKeys) else { return nil }
        let status = fields["status"].flatMap { reading.int($0, in: 100...599) } ?? 200
        let headers = fields["headers"].map { self.headers($0) } ?? HTTPHeaders()
        let bodies = bodyKeys.filter { fields[$0] != nil }
        if bodies.count > 1 {
            reading.fail(node, "a response has one body; found \(bodies.joined(separator: ", "))")
            return nil
        }
        if fields["events"] == nil, fields["chunks"] == nil, let key = Self.streamKeys.first(where: { fields[$0] != nil }), let keyNode = fields[key] {
            reading.fail(keyNode, "every: and end: go with events: or chunks:")
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
        if let node = fields["base64"] {
            guard let data = base64(node) else { return nil }
            return .fixed(StubResponse(status: status, headers: headers, body: data))
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
        if let proxyNode = fields["proxy"] {
            return proxy(proxyNode)
        }
        if let heldNode = fields["held"] {
            return held(heldNode)
        }
        if fields["events"] != nil || fields["chunks"] != nil {
            guard let stream = stream(fields) else { return nil }
            let type = fields["events"] != nil ? "text/event-stream" : "application/octet-stream"
            var response = StubResponse.stream(stream, status: status, headers: ["Content-Type": type])
            if fields["events"] != nil { response.headers.add("Cache-Control", "no-cache") }
            return with(response)
        }
        if fields["template"] != nil || fields["templateJSON"] != nil {
            return templated(fields, status: status, headers: headers)
        }
        if let keyword = bodies.first, let kind = plugins.lazy.flatMap(\.recipes).first(where: { $0.keyword == keyword }),
           let operand = fields[keyword] {
            switch pluginRead(operand, kind.read)?.0 {
            case .fixed(let response)?: return with(response)
            case let recipe: return recipe
            }
        }
        return .fixed(StubResponse(status: status, headers: headers))
    }

    /// `proxy: { to: URL, removePrefix: /mock, addHeaders: { … }, removeHeaders: [ … ] }`:
    /// the answer of another server (`http` or `https`).
    mutating func proxy(_ node: DocumentNode) -> ResponseRecipe? {
        guard let fields = reading.members(node, allowed: ["to", "removePrefix", "addHeaders", "removeHeaders"]) else { return nil }
        guard let toNode = fields["to"], let text = reading.string(toNode) else {
            reading.fail(node, "proxy needs to: the upstream's base URL")
            return nil
        }
        guard let base = URL(string: text), ["http", "https"].contains(base.scheme?.lowercased() ?? ""), base.host != nil else {
            reading.fail(toNode, "proxy to: \"\(text)\" is not an http or https URL with a host")
            return nil
        }
        let removed = fields["removeHeaders"].flatMap { reading.items($0) }?.compactMap { reading.string($0) } ?? []
        return .proxy(ProxyTarget(base: base, removingPrefix: fields["removePrefix"].flatMap { reading.string($0) },
                                  addingHeaders: fields["addHeaders"].map { headers($0) } ?? HTTPHeaders(), removingHeaders: removed))
    }

    /// `held: {}` or `held: { timeout: 30s, otherwise: { status: 504, body: … } }`:
    /// each request waits for the test (``HeldAnswer``), the admin API, or
    /// the timeout, after which `otherwise` answers it.
    mutating func held(_ node: DocumentNode) -> ResponseRecipe? {
        guard let fields = reading.members(node, allowed: ["timeout", "otherwise"]) else { return nil }
        var held = HeldAnswer()
        if let timeoutNode = fields["timeout"] {
            guard let timeout = reading.duration(timeoutNode) else { return nil }
            held.timeout = timeout
        }
        if let otherwiseNode = fields["otherwise"] {
            guard fields["timeout"] != nil else {
                reading.fail(otherwiseNode, "otherwise: answers once timeout: passed; give a timeout")
                return nil
            }
            guard case .fixed(let response)? = recipe(otherwiseNode), response.stream == nil, response.webSocket == nil else {
                reading.fail(otherwiseNode, "otherwise: is one plain response (status, headers, a body)")
                return nil
            }
            held.otherwise = response
        }
        return .held(held)
    }

    /// One plain response (status, headers, a body), or the located problems.
    mutating func plainResponse(_ node: DocumentNode) throws(StubValidationError) -> StubResponse {
        let recipe = self.recipe(node)
        guard case .fixed(let response)? = recipe, response.stream == nil, response.webSocket == nil else {
            if recipe != nil { reading.fail(node, "one plain response (status, headers, a body) is expected here") }
            throw StubValidationError(problems: reading.problems)
        }
        guard reading.problems.isEmpty else { throw StubValidationError(problems: reading.problems) }
        return response
    }

    /// `{ Name: value }`; a list of values sends the header once per value.
    mutating func headers(_ node: DocumentNode) -> HTTPHeaders {
        guard let pairs = reading.pairs(node) else { return HTTPHeaders() }
        return HTTPHeaders(pairs: pairs.flatMap { name, value -> [(name: String, value: String)] in
            let values = value.isSequence ? (reading.items(value) ?? []).compactMap { reading.string($0) } : reading.string(value).map { [$0] } ?? []
            return values.map { (name: name, value: $0) }
        })
    }

    /// The value under a plug-in's keyword (`marvel:`, say) read by `read`:
    /// fixture files beside the spec, its problems placed at their lines
    /// under the keyword; with the value as JSON.
    mutating func pluginRead<Read>(_ node: DocumentNode, _ read: (inout PluginInput) -> Read?) -> (Read, JSONValue)? {
        guard let value = reading.json(node) else { return nil }
        let fixtures = self.fixtures, placeholders = self.placeholders
        var input = PluginInput(value: value) { path in
            SpecPlaceholders.substitute(in: try FixtureFile.read(path, in: fixtures), placeholders)
        }
        let made = read(&input)
        for problem in input.problems { reading.fail(node.descendant(at: problem.pointer), problem.message) }
        guard input.problems.isEmpty, let made else { return nil }
        return (made, value)
    }

    /// The bytes of a fixture file, which must stay inside the fixtures folder.
    mutating func fixture(_ node: DocumentNode) -> Data? {
        guard let path = reading.string(node) else { return nil }
        do {
            let data = try FixtureFile.read(path, in: fixtures)
            return SpecPlaceholders.substitute(in: data, placeholders)
        } catch {
            reading.fail(node, "\(error)")
            return nil
        }
    }
}
