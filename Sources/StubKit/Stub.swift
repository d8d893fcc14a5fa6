/// One endpoint stub: which requests it answers, how, and where it was declared.
public struct Stub: Sendable, Hashable, CustomStringConvertible {
    /// The requests this stub answers.
    public var request: RequestPattern
    /// The response it answers with.
    public var response: StubResponse
    /// Where the stub was declared, for diagnostics.
    public var location: SourceLocation

    /// Creates a stub from a pattern and a response.
    public init(
        request: RequestPattern,
        response: StubResponse,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.request = request
        self.response = response
        self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Creates a stub answering `method path` with `response`.
    public init(
        _ method: HTTPMethod,
        _ path: String,
        response: StubResponse = .status(200),
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            request: RequestPattern(method: method, path: .literal(path)),
            response: response,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// `METHOD path (file:line:column)`.
    public var description: String { "\(request) (\(location))" }
}
