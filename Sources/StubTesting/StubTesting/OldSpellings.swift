public import StubKit
public import StubServer

// The spellings of the test entry points before one ``ServerSetup`` value
// named what to serve. Each compiles for one more release with a warning that
// says what to write instead. `@_disfavoredOverload` keeps an array literal
// (`withStubServer([Get("/a")])`) on the current spelling.

/// Runs `body` with a server for `stubs` (`withStubServer(Stubs { … })`).
@available(*, deprecated, message: "write withStubServer(.stubs { … }) or withStubServer(.stubs(list, configuration: configuration))")
@_disfavoredOverload
public func withStubServer<Result>(
    _ stubs: [Stub],
    allowsUnmatched: Bool = false,
    configuration: StubServer.Configuration = .default,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    try await withStubServer(.stubs(stubs, configuration: configuration), allowsUnmatched: allowsUnmatched,
                             fileID: fileID, filePath: filePath, line: line, column: column, body)
}

/// Runs `body` with a server for a prepared set.
@available(*, deprecated, message: "write withStubServer(.prepared(set, configuration: configuration))")
@_disfavoredOverload
public func withStubServer<Result>(
    _ set: StubSet,
    allowsUnmatched: Bool = false,
    configuration: StubServer.Configuration = .default,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    try await withStubServer(.prepared(set, configuration: configuration), allowsUnmatched: allowsUnmatched,
                             fileID: fileID, filePath: filePath, line: line, column: column, body)
}

/// Runs `body` with the server `start` returns.
@available(*, deprecated, message: "write withStubServer(.starting { … })")
@_disfavoredOverload
public func withStubServer<Result>(
    allowsUnmatched: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    starting start: @escaping @Sendable () throws -> StubServer,
    _ body: (StubServer) async throws -> Result
) async throws -> Result {
    try await withStubServer(.starting(start), allowsUnmatched: allowsUnmatched,
                             fileID: fileID, filePath: filePath, line: line, column: column, body)
}

extension Contract {
    /// A contract served by `stubs` on a fresh server.
    @available(*, deprecated, message: "write Contract(name, serving: .stubs(list, configuration: configuration)) { … }")
    @_disfavoredOverload
    public init(
        _ name: String,
        stubs: [Stub],
        configuration: StubServer.Configuration = .default,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @ContractBuilder clauses: @escaping @Sendable (StubServer) -> [ContractClause]
    ) {
        self.init(name, serving: .stubs(stubs, configuration: configuration),
                  fileID: fileID, filePath: filePath, line: line, column: column, clauses: clauses)
    }

    /// A contract served by the server `start` returns.
    @available(*, deprecated, message: "write Contract(name, serving: .starting { … }) { … }")
    @_disfavoredOverload
    public init(
        _ name: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        starting start: @escaping @Sendable () throws -> StubServer,
        @ContractBuilder clauses: @escaping @Sendable (StubServer) -> [ContractClause]
    ) {
        self.init(name, serving: .starting(start),
                  fileID: fileID, filePath: filePath, line: line, column: column, clauses: clauses)
    }
}

#if canImport(Testing)
public import Testing

extension Trait where Self == StubServerTrait {
    /// A server per test for a prepared set.
    @available(*, deprecated, message: "write .stubServer(.prepared(set, configuration: configuration))")
    @_disfavoredOverload
    public static func stubServer(
        _ set: StubSet,
        allowsUnmatched: Bool = false,
        configuration: StubServer.Configuration = .default,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        .stubServer(.prepared(set, configuration: configuration), allowsUnmatched: allowsUnmatched,
                    fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A server per test from your own start function.
    @available(*, deprecated, message: "write .stubServer(.starting { … })")
    @_disfavoredOverload
    public static func stubServer(
        allowsUnmatched: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        starting start: @escaping @Sendable () throws -> StubServer
    ) -> Self {
        .stubServer(.starting(start), allowsUnmatched: allowsUnmatched,
                    fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
#endif
