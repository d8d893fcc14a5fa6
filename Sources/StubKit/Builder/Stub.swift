public import Foundation

/// One endpoint stub: which requests it answers, how, and where it was declared.
///
/// Build stubs with the DSL (`Get("/path").query("q", "x").respond(.text("hi"))`)
/// inside `Stubs { … }`; every modifier returns a changed copy.
public struct Stub: Sendable, Identifiable, CustomStringConvertible {
    /// Names the stub on a running server (unique by default).
    @inlinable public var id: StubID {
        _read { yield box.fields.id }
        _modify { makeUnique(); yield &box.fields.id }
    }
    /// The requests this stub answers.
    @inlinable public var request: RequestPattern {
        _read { yield box.fields.request }
        _modify { makeUnique(); yield &box.fields.request }
    }
    /// How it makes its response.
    @inlinable public var response: ResponseRecipe {
        _read { yield box.fields.response }
        _modify { makeUnique(); yield &box.fields.response }
    }
    /// Headers added to every response it sends (from groups, for example).
    @inlinable public var responseHeaders: HTTPHeaders {
        _read { yield box.fields.responseHeaders }
        _modify { makeUnique(); yield &box.fields.responseHeaders }
    }
    /// Checks that may answer instead, in order.
    @inlinable public var guards: [AuthRule] {
        _read { yield box.fields.guards }
        _modify { makeUnique(); yield &box.fields.guards }
    }
    /// Among several matching stubs the highest priority wins; then the first declared.
    @inlinable public var priority: Int {
        _read { yield box.fields.priority }
        _modify { makeUnique(); yield &box.fields.priority }
    }
    /// How many requests it answers at most; `nil` for no limit.
    @inlinable public var times: Int? {
        _read { yield box.fields.times }
        _modify { makeUnique(); yield &box.fields.times }
    }
    /// When and how the response is sent.
    @inlinable public var delay: Delay? {
        _read { yield box.fields.delay }
        _modify { makeUnique(); yield &box.fields.delay }
    }
    /// A broken response to send instead of the real one.
    @inlinable public var fault: Fault? {
        _read { yield box.fields.fault }
        _modify { makeUnique(); yield &box.fields.fault }
    }
    /// The scenario state this stub requires and sets.
    @inlinable public var scenario: ScenarioStep? {
        _read { yield box.fields.scenario }
        _modify { makeUnique(); yield &box.fields.scenario }
    }
    /// Whether answers are compressed; `nil` follows the server's ``CompressionPolicy``.
    @inlinable public var compression: ResponseCompression? {
        _read { yield box.fields.compression }
        _modify { makeUnique(); yield &box.fields.compression }
    }
    /// Where the stub was declared, for diagnostics.
    @inlinable public var location: CodeLocation {
        _read { yield box.fields.location }
        _modify { makeUnique(); yield &box.fields.location }
    }
    /// Whether a test fails when no request used this stub: `true` always,
    /// `false` never, `nil` as the test's scope says (its `exhaustive` option,
    /// `expectAllStubsUsed()`).
    @inlinable public var mustBeUsed: Bool? {
        _read { yield box.fields.mustBeUsed }
        _modify { makeUnique(); yield &box.fields.mustBeUsed }
    }
    /// A human name for reports and admin listings (WireMock's `name`).
    @inlinable public var name: String? {
        _read { yield box.fields.name }
        _modify { makeUnique(); yield &box.fields.name }
    }
    /// Free-form data about the stub that does not change what it answers
    /// (WireMock's `metadata`), for finding stubs by it.
    @inlinable public var metadata: [String: JSONValue] {
        _read { yield box.fields.metadata }
        _modify { makeUnique(); yield &box.fields.metadata }
    }
    /// What this stub's computed answer depends on, when it promises that
    /// answers may be built once and sent again (``AnswerReuse``).
    package var answerReuse: AnswerReuse? {
        _read { yield box.fields.answerReuse }
        _modify { makeUnique(); yield &box.fields.answerReuse }
    }
    /// The document this stub was read from, as written, where a reader keeps
    /// it (a WireMock mapping posted to the admin API is listed back as
    /// posted); it goes wherever the stub goes, so it is never stale.
    @inlinable package var asWritten: JSONValue? {
        _read { yield box.fields.asWritten }
        _modify { makeUnique(); yield &box.fields.asWritten }
    }

    /// The fields, in one shared box: a stub is copied (into a journal
    /// entry, a route table, a change's list) by one retain. A change to a
    /// stub whose box is shared makes it a box of its own first; a reader
    /// filling in a stub it alone holds changes its box in place.
    @usableFromInline var box: Box

    /// The box: inlined where a stub's fields are read, so a read is two loads.
    /// Changed only while one stub alone holds it (``makeUnique()``), so a
    /// box other threads can see is never written; its reads skip the runtime's
    /// exclusivity check (a `var` in a class has one on every access, and the
    /// fixed route reads a stub's fields often enough to pay 450 instructions).
    @usableFromInline final class Box: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    /// Gives this stub a box of its own before a change, unless it has one.
    @inlinable mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    /// A stub's stored fields.
    @usableFromInline struct Fields: Sendable {
        @usableFromInline var id: StubID
        @usableFromInline var request: RequestPattern
        @usableFromInline var response: ResponseRecipe
        @usableFromInline var responseHeaders: HTTPHeaders = [:]
        @usableFromInline var guards: [AuthRule] = []
        @usableFromInline var priority: Int = 0
        @usableFromInline var times: Int?
        @usableFromInline var delay: Delay?
        @usableFromInline var fault: Fault?
        @usableFromInline var scenario: ScenarioStep?
        @usableFromInline var compression: ResponseCompression?
        @usableFromInline var location: CodeLocation
        @usableFromInline var mustBeUsed: Bool?
        @usableFromInline var name: String?
        @usableFromInline var metadata: [String: JSONValue] = [:]
        var answerReuse: AnswerReuse?
        @usableFromInline var asWritten: JSONValue?
    }

    /// Creates a stub from a pattern and a recipe, declared where this is called.
    public init(
        request: RequestPattern,
        response: ResponseRecipe = .fixed(StubResponse()),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(request: request, response: response,
                  location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a stub declared at `location`: a line of a spec file, say.
    public init(request: RequestPattern, response: ResponseRecipe = .fixed(StubResponse()), location: CodeLocation) {
        self.box = Box(Fields(id: .unique(at: location), request: request, response: response, location: location))
    }

    /// Creates a stub answering `method path` (a literal path, or a template
    /// when it contains `{`) with `response`.
    public init(
        _ method: HTTPMethod?,
        _ path: String,
        response: StubResponse = StubResponse(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            request: RequestPattern(method: method, path: .parse(path)),
            response: .fixed(response),
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// `METHOD path (file:line:column)`.
    public var description: String { "\(request) (\(location))" }

    /// Why the stub cannot work, or `nil`.
    public var problem: String? {
        var found: [String] = []
        if let problem = request.problem { found.append(problem) }
        if case .invalid(let reason) = response { found.append(reason) }
        if let times, times < 1 { found.append("times(\(times)) must be at least 1") }
        if delay != nil, response.proxies { found.append("a proxy stub cannot have a delay yet (the upstream's own time is its delay)") }
        switch delay {
        case .dribble(let chunks, _) where chunks < 1: found.append("a dribble needs at least 1 chunk")
        case .random(let range) where range.lowerBound < .zero: found.append("a delay cannot be negative")
        case .fixed(let duration) where duration < .zero: found.append("a delay cannot be negative")
        case .logNormal(let median, let sigma) where median < .zero || sigma < 0 || !sigma.isFinite:
            found.append("a log-normal delay needs a median and sigma of at least 0")
        case .network(let conditions) where conditions.latency < .zero || (conditions.bytesPerSecond ?? 1) < 1:
            found.append("network conditions need a latency of at least 0 and a rate of at least 1 byte a second")
        default: break
        }
        return found.isEmpty ? nil : found.joined(separator: "; ")
    }
}

// MARK: Request conditions

extension Stub {
    /// The same stub declared at `line`:`column` of its file; an id made
    /// from the old location follows it.
    package func moved(toLine line: Int, column: Int) -> Stub {
        with { stub in
            let oldPrefix = "\(location.fileID):\(location.line)#"
            if stub.id.rawValue.hasPrefix(oldPrefix) {
                stub.id = StubID("\(location.fileID):\(line)#" + stub.id.rawValue.dropFirst(oldPrefix.count))
            }
            stub.location.line = line
            stub.location.column = column
        }
    }

    private func with(_ change: (inout Stub) -> Void) -> Stub {
        var copy = self
        change(&copy)
        return copy
    }

    /// Requires the query parameter `name` to satisfy `matcher` (a string literal means equals).
    public func query(_ name: String, _ matcher: ValueMatcher = .present) -> Stub {
        with { $0.request.query.append(FieldMatcher(name, matcher)) }
    }

    /// Requires the header `name` (any case) to satisfy `matcher`.
    public func header(_ name: String, _ matcher: ValueMatcher = .present) -> Stub {
        with { $0.request.headers.append(FieldMatcher(name, matcher)) }
    }

    /// Requires the cookie `name` to satisfy `matcher`.
    public func cookie(_ name: String, _ matcher: ValueMatcher = .present) -> Stub {
        with { $0.request.cookies.append(FieldMatcher(name, matcher)) }
    }

    /// Requires the field `name` of an `application/x-www-form-urlencoded`
    /// body to satisfy `matcher` (a string literal means equals): decoded,
    /// in any order, every value of a repeated name.
    ///
    /// ```swift
    /// Post("/login").form("username", "ada").form("password", .present).respond(.json(#"{"token":"t"}"#))
    /// ```
    public func form(_ name: String, _ matcher: ValueMatcher = .present) -> Stub {
        with { $0.request.form.append(FieldMatcher(name, matcher)) }
    }

    /// Requires the body to satisfy `matcher`.
    public func body(_ matcher: BodyMatcher) -> Stub {
        with { $0.request.body.append(matcher) }
    }

    /// Requires a `multipart/*` body whose parts meet `pattern` (some part,
    /// or every part); `.any(named: "file", body: [.contains("x")])`.
    public func multipart(_ pattern: MultipartPattern) -> Stub {
        with { $0.request.multipart.append(pattern) }
    }

    /// Requires a custom condition, described for mismatch reports.
    public func matching(_ description: String, _ test: @escaping @Sendable (RecordedRequest) -> Bool) -> Stub {
        with { $0.request.predicates.append(RequestPredicate(description, test)) }
    }

    /// Checks `rule` before answering; a request that fails it gets the
    /// rule's refusal (a 401, say) instead of this stub's response.
    public func guarded(by rule: AuthRule) -> Stub {
        with { $0.guards.append(rule) }
    }
}

// MARK: Responses

extension Stub {
    /// Answers with `response`.
    public func respond(_ response: StubResponse) -> Stub { with { $0.response = .fixed(response) } }

    /// Answers with `recipe`.
    public func respond(_ recipe: ResponseRecipe) -> Stub { with { $0.response = recipe } }

    /// Answers with a response computed from each request.
    public func respond(_ make: @escaping @Sendable (MatchedRequest) throws -> StubResponse) -> Stub {
        with { $0.response = .dynamic(make) }
    }

    /// Answers with `value` encoded as JSON. A value that fails to encode makes
    /// the server refuse to start, naming this stub.
    public func respond(json value: some Encodable, status: Int = 200, encoder: JSONEncoder = JSONEncoder()) -> Stub {
        do {
            return respond(try StubResponse.json(value, status: status, encoder: encoder))
        } catch {
            return with { $0.response = .invalid("cannot encode \(type(of: value)) as JSON: \(error)") }
        }
    }

    /// Answers with `body` rendered for each request as a Handlebars template
    /// (WireMock's response templating: `{{request.path.[1]}}`,
    /// `{{jsonPath request.body '$.id'}}`, `{{now offset='1 days'}}`); header
    /// values are templates too. A template that does not parse makes the
    /// server refuse to start, naming this stub and the place in the template.
    ///
    /// ```swift
    /// Post("/users").respond(template: #"{"id": "{{randomValue type='UUID'}}", "name": "{{jsonPath request.body '$.name'}}"}"#,
    ///                        status: 201, headers: ["Content-Type": "application/json"])
    /// ```
    public func respond(template body: String, status: Int = 200, headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]) -> Stub {
        do {
            let parts = try headers.pairs.map { pair throws(TemplateSyntaxError) in (pair.name, try ResponseTemplate(pair.value)) }
            let templated = TemplatedResponse(status: status, headers: parts, body: .text(try ResponseTemplate(body)))
            return with { $0.response = .template(templated) }
        } catch {
            return with { $0.response = .invalid("its response template does not parse: \(error)") }
        }
    }

    /// Answers with what `base` answers: the request's path and query are
    /// appended to `base` (less `removingPrefix`), `adding` headers are set
    /// and `removing` ones dropped on the way. Give it a low priority
    /// (declare it last) to answer locally what other stubs match and forward
    /// the rest.
    ///
    /// ```swift
    /// Get("/v1/public/comics").respond(.json("[]"))
    /// Route("/{rest*}").proxy(to: URL(string: "https://gateway.marvel.com")!)
    /// ```
    public func proxy(to base: URL, removingPrefix: String? = nil, adding: HTTPHeaders = [:], removing: [String] = []) -> Stub {
        with { $0.response = .proxy(ProxyTarget(base: base, removingPrefix: removingPrefix, addingHeaders: adding, removingHeaders: removing)) }
    }

    /// Answers with a fixture file's contents (relative to the server's fixtures folder).
    public func respond(fixture path: String, status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"]) -> Stub {
        with { $0.response = .fixture(path: path, status: status, headers: headers) }
    }

    /// Answers the first call with the first response, the second with the
    /// second, and so on; the last repeats.
    public func respondInSequence(_ responses: [StubResponse]) -> Stub {
        with { $0.response = .sequence(responses.map(ResponseRecipe.fixed)) }
    }

    /// Adds a header to every response this stub sends.
    public func responseHeader(_ name: String, _ value: String) -> Stub {
        with { $0.responseHeaders.add(name, value) }
    }
}

// MARK: Behaviour

extension Stub {
    /// Names the stub, for changes on a running server.
    public func id(_ id: StubID) -> Stub { with { $0.id = id } }

    /// Gives the stub a human name for reports and admin listings.
    public func named(_ name: String) -> Stub { with { $0.name = name } }

    /// Attaches free-form data that does not change what the stub answers.
    public func metadata(_ metadata: [String: JSONValue]) -> Stub { with { $0.metadata = metadata } }

    /// Sets the priority: among several matching stubs the highest wins.
    public func priority(_ priority: Int) -> Stub { with { $0.priority = priority } }

    /// Fails the test at this stub's line when no request used it (`true`),
    /// or exempts it from an exhaustive test (`false`).
    public func mustBeUsed(_ required: Bool = true) -> Stub { with { $0.mustBeUsed = required } }

    /// Answers at most `count` requests; later ones fall through to other stubs.
    public func times(_ count: Int) -> Stub { with { $0.times = count } }

    /// Delays the response (never holding a server thread).
    public func delay(_ delay: Delay) -> Stub { with { $0.delay = delay } }

    /// Delays the whole response by `duration`.
    public func delay(_ duration: Duration) -> Stub { with { $0.delay = .fixed(duration) } }

    /// Sends a broken response instead.
    public func fault(_ fault: Fault) -> Stub { with { $0.fault = fault } }

    /// Compresses answers whenever the client accepts it (`.compressed`), or never (`.identity`).
    public func compression(_ compression: ResponseCompression) -> Stub { with { $0.compression = compression } }

    /// Takes part in the scenario `name`: matches only in `state` (any state
    /// when `nil`) and moves the scenario to `newState` after answering.
    public func inScenario(_ name: String, whenState state: String? = nil, willSetStateTo newState: String? = nil) -> Stub {
        with { $0.scenario = ScenarioStep(scenario: name, requiredState: state, newState: newState) }
    }
}
