/// How a request must be authenticated, written once and used both ways:
///
/// - to **guard** a stub (``Stub/guarded(by:)``, `Group(guard:)`, a spec's
///   `guard:`): a request that matches the stub but fails the rule gets the
///   rule's refusal (401, 409, …) instead, as the real API would answer;
/// - to **assert** on recorded requests (`expectSigned`, a contract's
///   `Authenticated` clause): each request that fails is named with the reason.
///
/// ```swift
/// let auth = AuthRule.bearer(token)
/// Get("/me").respond(.json(me)).guarded(by: auth)
/// server.expectSigned(auth)
/// ```
///
/// Secrets never appear in descriptions or reasons: tokens are masked and
/// private keys only named.
public struct AuthRule: Sendable, CustomStringConvertible {
    /// Why a request fails a rule, and what a guarded stub answers instead.
    public struct Refusal: Sendable {
        /// What is wrong with the request, secrets masked, e.g. `no apikey parameter`.
        public var reason: String
        /// The answer a guarded stub sends instead of its own.
        public var response: StubResponse

        /// Creates a refusal; the response is 401 with a JSON body naming `reason` by default.
        public init(_ reason: String, response: StubResponse? = nil) {
            self.reason = reason
            self.response = response ?? .json(#"{"error":"unauthorized","message":\#(CompactJSON.quoted(reason))}"#, status: 401)
        }
    }

    /// What the rule asks for, e.g. `Marvel signature (apikey 1234, ts, hash)`.
    public let description: String
    private let judge: @Sendable (RecordedRequest) -> Refusal?
    /// The rule as one field that must equal one value, when it is that
    /// simple (a bearer token, an API key), so other formats can state it.
    package let requirement: Requirement?
    /// How a plug-in's rule is written in a spec file (Marvel signing's
    /// `marvel: { publicKey, privateKey }`), so a spec file or a remote
    /// server can state it; `nil` for a closure only this process can run.
    public let form: WrittenForm?
    /// The values a client makes anew for every request under this rule (a
    /// timestamp, a signature), each with the pattern every such value has:
    /// a contract written from a test (a pact) states them by that pattern,
    /// since the value one run sent never comes again.
    public let regenerated: [RegeneratedValue]

    /// A header or query parameter whose value a client makes anew for every
    /// request, and the pattern every such value has.
    public struct RegeneratedValue: Sendable, Hashable {
        /// Where the value is sent.
        public enum Place: Sendable, Hashable { case header, query }
        /// A header or the query.
        public var place: Place
        /// The header or parameter name.
        public var name: String
        /// A regular expression every value matches whole, e.g. `[0-9a-f]{32}`.
        public var pattern: String

        /// A value sent in `place` under `name`, matching `pattern` whole.
        public init(_ place: Place, _ name: String, pattern: String) {
            self.place = place
            self.name = name
            self.pattern = pattern
        }
    }

    /// One header or query parameter that must equal one value, and the
    /// answer when it does not.
    package struct Requirement: Sendable {
        /// Where the value is sent.
        package enum Field: Sendable { case header, query }
        package var field: Field
        package var name: String
        package var value: String
        /// What a request without it gets.
        package var refusal: StubResponse
    }

    /// Creates a rule; `check` returns the refusal for a request that fails
    /// it, or `nil` to let the request through. A guard runs it once per
    /// request, so a rule may count what it sees (a call budget, say).
    /// `regenerated` names the values a client makes anew for every request
    /// (see ``regenerated``).
    /// `form` says how a spec file writes the rule (a plug-in's named rule);
    /// without one the rule stays in this process.
    public init(_ description: String, form: WrittenForm? = nil, regenerated: [RegeneratedValue] = [],
                check: @escaping @Sendable (RecordedRequest) -> Refusal?) {
        self.init(description, requirement: nil, form: form, regenerated: regenerated, check: check)
    }

    package init(
        _ description: String, requirement: Requirement? = nil, form: WrittenForm? = nil,
        regenerated: [RegeneratedValue] = [],
        check: @escaping @Sendable (RecordedRequest) -> Refusal?
    ) {
        self.description = description
        self.requirement = requirement
        self.form = form
        self.regenerated = regenerated
        self.judge = check
    }

    /// The refusal for `request`, or `nil` when it passes.
    public func refusal(of request: RecordedRequest) -> Refusal? { judge(request) }

    /// Why `request` fails the rule, or `nil` when it passes.
    public func problem(with request: RecordedRequest) -> String? { judge(request)?.reason }

    /// `Authorization: Bearer <token>`, sent once; otherwise 401 with
    /// `WWW-Authenticate: Bearer`.
    public static func bearer(_ token: String) -> AuthRule {
        let refused = StubResponse.json(#"{"error":"unauthorized","message":"missing or wrong bearer token"}"#, status: 401)
            .header("WWW-Authenticate", "Bearer")
        let requirement = Requirement(field: .header, name: "Authorization", value: "Bearer " + token, refusal: refused)
        return AuthRule("Authorization: Bearer \(masked(token))", requirement: requirement) { request in
            let values = request.headers.values(for: "Authorization")
            guard let value = values.first else { return Refusal("no Authorization header", response: refused) }
            guard values.count == 1 else { return Refusal("\(values.count) Authorization headers", response: refused) }
            guard value.hasPrefix("Bearer ") else {
                return Refusal("Authorization: expected Bearer \(masked(token)), got \(masked(value))", response: refused)
            }
            let sent = String(value.dropFirst("Bearer ".count))
            return sent == token ? nil
                : Refusal("Authorization: expected Bearer \(masked(token)), got Bearer \(masked(sent))", response: refused)
        }
    }

    /// The header `name` equals `value`; otherwise 401.
    public static func apiKey(header name: String, value: String) -> AuthRule {
        let refused = StubResponse.json(#"{"error":"unauthorized","message":"missing or wrong \#(name) header"}"#, status: 401)
        let requirement = Requirement(field: .header, name: name, value: value, refusal: refused)
        return AuthRule("\(name): \(masked(value))", requirement: requirement) { request in
            guard let sent = request.headers[name] else { return Refusal("no \(name) header", response: refused) }
            return sent == value ? nil : Refusal("\(name): expected \(masked(value)), got \(masked(sent))", response: refused)
        }
    }

    /// The query parameter `name` equals `value`; otherwise 401.
    public static func apiKey(query name: String, value: String) -> AuthRule {
        let refused = StubResponse.json(#"{"error":"unauthorized","message":"missing or wrong \#(name) query parameter"}"#, status: 401)
        let requirement = Requirement(field: .query, name: name, value: value, refusal: refused)
        return AuthRule("query \(name)=\(masked(value))", requirement: requirement) { request in
            guard let sent = request.queryValue(name) else { return Refusal("no \(name) query parameter", response: refused) }
            return sent == value ? nil : Refusal("query \(name): expected \(masked(value)), got \(masked(sent))", response: refused)
        }
    }

    /// The first four characters of a secret, then `…` and its length, so a
    /// report can tell two secrets apart without showing either.
    static func masked(_ secret: String) -> String {
        secret.count <= 4 ? String(repeating: "•", count: secret.count) : "\(secret.prefix(4))…(\(secret.count) characters)"
    }
}
