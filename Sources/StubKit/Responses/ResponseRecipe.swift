/// How a stub makes its response.
public enum ResponseRecipe: Sendable {
    /// Always this response.
    case fixed(StubResponse)
    /// The contents of a fixture file, relative to the server's fixtures folder
    /// (it may not escape it), read once when the server starts.
    case fixture(path: String, status: Int, headers: HTTPHeaders)
    /// A response computed from the request for every call. A thrown error is
    /// answered with 500 and a body naming the error and the stub.
    case dynamic(@Sendable (MatchedRequest) throws -> StubResponse)
    /// One recipe per call, in order; the last repeats.
    indirect case sequence([ResponseRecipe])
    /// A plug-in's recipe (the Marvel fake's paged envelopes, say): computed
    /// from the request like a closure, and written to a spec file or sent to
    /// a remote server under its keyword.
    case named(NamedRecipe)
    /// The example response with values made anew for every answer (Pact's
    /// generators: a random id, a fresh UUID, today's date, the server's own
    /// URL). A value, so the generators can be listed and written back.
    case generated(StubResponse, ResponseGenerators)
    /// The answer of another server: the request is forwarded to the
    /// target and its response (status, headers minus hop-by-hop ones, body)
    /// sent back. The upstream call holds no server thread; a failed one is
    /// answered `502` with a JSON body naming the upstream and the error.
    case proxy(ProxyTarget)
    /// A response whose header values and body are Handlebars templates,
    /// rendered for each request as WireMock's `response-template`
    /// transformer renders them (``TemplatedResponse``).
    case template(TemplatedResponse)
    /// A recipe that could not be built (say, a value that failed to encode);
    /// the server refuses to start and reports it with the stub's location.
    case invalid(String)
    /// A stateful collection: list, get, create, replace, patch, delete,
    /// each server keeping its own items (``ResourceDeclaration``).
    case resource(ResourceDeclaration)
    /// Held until the test answers it (``HeldAnswer``): the server's
    /// `intercept(_:)` hands each request over.
    case held(HeldAnswer)
}

extension ResponseRecipe {
    /// Whether any answer of this recipe is forwarded to another server.
    public var proxies: Bool {
        switch self {
        case .proxy: return true
        case .sequence(let steps): return steps.contains { $0.proxies }
        default: return false
        }
    }

    /// Whether an answer of this recipe may be a stream the test feeds
    /// (``ResponseStream/End/fedByTest``); a closure's answers are not known ahead.
    public var isFedByTest: Bool {
        switch self {
        case .fixed(let response): return response.stream?.end == .fedByTest
        case .sequence(let steps): return steps.contains { $0.isFedByTest }
        default: return false
        }
    }

    /// Whether a request this recipe answers may be held for the test (``HeldAnswer``).
    public var holds: Bool {
        switch self {
        case .held: return true
        case .sequence(let steps): return steps.contains { $0.holds }
        default: return false
        }
    }

    /// Whether this recipe answers with a WebSocket endpoint (``StubResponse/webSocket(_:)``).
    public var isWebSocket: Bool {
        if case .fixed(let response) = self { return response.webSocket != nil }
        return false
    }
}
