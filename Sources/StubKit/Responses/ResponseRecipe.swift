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
    /// A recipe that could not be built (say, a value that failed to encode);
    /// the server refuses to start and reports it with the stub's location.
    case invalid(String)
}
