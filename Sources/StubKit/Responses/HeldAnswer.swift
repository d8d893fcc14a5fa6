/// An answer the test gives: a request the stub matches is held (no thread
/// waits) until the test takes it with the server's `intercept(_:)` and
/// answers it, fails it with a fault, or lets the client give up. For the
/// states in between: a loading indicator while an answer is pending, a
/// search that cancels the previous request, a retry after a slow answer.
///
/// ```swift
/// let server = try await StubServer.start { Get("/search").held() }
/// // … the client sends GET /search …
/// let call = try await server.intercept(Get("/search"))
/// #expect(model.isLoading)
/// call.respond(.json(#"{"results": []}"#))
/// ```
///
/// A request no test takes waits until ``timeout`` (then ``otherwise``
/// answers it), until its client gives up, or until the server stops (503).
public struct HeldAnswer: Sendable, Hashable {
    /// How long a request waits for the test before ``otherwise`` answers
    /// it; `nil` waits until the client gives up or the server stops.
    public var timeout: Duration?
    /// The answer once ``timeout`` passed with no answer from the test.
    public var otherwise: StubResponse

    /// A held answer; after `timeout` (if any) `otherwise` answers (a 504 by default).
    public init(timeout: Duration? = nil, otherwise: StubResponse = HeldAnswer.gatewayTimeout) {
        self.timeout = timeout
        self.otherwise = otherwise
    }

    /// The default ``otherwise``: `504 Gateway Timeout`, saying no test answered.
    public static let gatewayTimeout = StubResponse.text("no test answered this held request in time\n", status: 504)
}

extension Stub {
    /// Holds every request it matches until the test answers it (``HeldAnswer``):
    /// take one with the server's `intercept(_:)`. After `timeout` (if any)
    /// `otherwise` answers a request no test took.
    public func held(timeout: Duration? = nil, otherwise: StubResponse = HeldAnswer.gatewayTimeout) -> Stub {
        respond(.held(HeldAnswer(timeout: timeout, otherwise: otherwise)))
    }
}
