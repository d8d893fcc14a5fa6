/// A check that runs before a stub answers and may answer instead, for
/// authentication: a request that matches the stub but fails the guard gets
/// the guard's response (401, 409, …), as the real API would answer.
public struct StubGuard: Sendable, CustomStringConvertible {
    /// What the guard checks, for reports.
    public let description: String
    /// The check: `nil` to let the request through, or the response to send.
    public let check: @Sendable (RecordedRequest) -> StubResponse?

    /// Creates a guard.
    public init(_ description: String, check: @escaping @Sendable (RecordedRequest) -> StubResponse?) {
        self.description = description
        self.check = check
    }

    /// Requires `Authorization: Bearer <token>`; otherwise 401 with a
    /// `WWW-Authenticate: Bearer` header.
    public static func bearer(_ token: String) -> StubGuard {
        StubGuard("Authorization: Bearer \(String(repeating: "•", count: min(token.count, 8)))") { request in
            request.headers["Authorization"] == "Bearer \(token)" ? nil
                : StubResponse.json(#"{"error":"unauthorized","message":"missing or wrong bearer token"}"#, status: 401)
                    .header("WWW-Authenticate", "Bearer")
        }
    }

    /// Requires the header `name` to equal `value`; otherwise 401.
    public static func apiKey(header name: String, value: String) -> StubGuard {
        StubGuard("\(name): \(String(repeating: "•", count: min(value.count, 8)))") { request in
            request.headers[name] == value ? nil
                : StubResponse.json(#"{"error":"unauthorized","message":"missing or wrong \#(name) header"}"#, status: 401)
        }
    }
}
