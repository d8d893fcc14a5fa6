public import StubKit

/// One statement of a ``Contract``: a call that must decode, a call that must
/// fail with a given error, or a signing rule every request must follow.
/// Make them with ``Decodes(_:fileID:filePath:line:column:_:)``,
/// ``Decodes(_:equals:fileID:filePath:line:column:_:)``,
/// ``Fails(_:with:fileID:filePath:line:column:_:)`` and
/// ``Authenticated(_:fileID:filePath:line:column:)``.
public struct ContractClause: Sendable {
    /// What runs.
    enum Step: Sendable {
        /// A call, in declaration order; returns the failure text or `nil`.
        case call(@Sendable () async -> String?)
        /// A rule checked on every request once all calls ran.
        case signatures(AuthRule)
    }

    /// The clause's name, as reports show it.
    public let name: String
    /// Where the clause was written.
    public let location: CodeLocation
    let step: Step
}

/// A clause: `call` returns without throwing, so the response decoded into
/// the client's model.
///
/// ```swift
/// Decodes("comics list") { try await client.send(Marvel.comics.list(limit: 5)) }
/// ```
public func Decodes<Value>(
    _ name: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ call: @escaping @Sendable () async throws -> Value
) -> ContractClause {
    ContractClause(name: name, location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), step: .call {
        do {
            _ = try await call()
            return nil
        } catch {
            return "Expected the response to decode, but the call threw:\n  \(ErrorText.describe(error))"
        }
    })
}

/// A clause: `call` returns a value equal to `expected`.
///
/// ```swift
/// Decodes("character 1009610's name", equals: "Spider-Man") {
///     try await client.send(Marvel.characters(1009610).get()).data.results[0].name
/// }
/// ```
public func Decodes<Value: Equatable & Sendable>(
    _ name: String,
    equals expected: Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ call: @escaping @Sendable () async throws -> Value
) -> ContractClause {
    ContractClause(name: name, location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), step: .call {
        let actual: Value
        do {
            actual = try await call()
        } catch {
            return "Expected the response to decode into the expected value, but the call threw:\n  \(ErrorText.describe(error))"
        }
        guard actual != expected else { return nil }
        return "Decoded a value different from the expected one.\n" + ValueDiff.render(expected: expected, actual: actual)
    })
}

/// A clause: `call` throws an error equal to `expected`, so the client maps
/// this error response to its typed error.
///
/// ```swift
/// Fails("limit over 100", with: MarvelError.limitTooLarge) { try await client.send(Marvel.comics.list(limit: 101)) }
/// ```
public func Fails<Failure: Error & Equatable, Value>(
    _ name: String,
    with expected: Failure,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ call: @escaping @Sendable () async throws -> Value
) -> ContractClause {
    ContractClause(name: name, location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), step: .call {
        let returned: Value
        do {
            returned = try await call()
        } catch let error as Failure {
            guard error != expected else { return nil }
            return "Expected the call to throw a different error.\n"
                + "  expected: \(ErrorText.spelled(expected))\n  actual:   \(ErrorText.spelled(error))"
        } catch {
            return "Expected the call to throw \(ErrorText.spelled(expected)), but it threw \(ErrorText.spelled(error))"
        }
        let shown = ValueDiff.dumped(returned).split(separator: "\n").prefix(8).joined(separator: "\n  ")
        return "Expected the call to throw \(ErrorText.spelled(expected)), but it returned \(type(of: returned)):\n  \(shown)"
    })
}

/// A clause: every request the contract's calls sent satisfies `rule`
/// (checked after all calls, wherever the clause is written).
public func Authenticated(
    _ requirement: AuthRule,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> ContractClause {
    ContractClause(name: "every request carries \(requirement)",
                   location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
                   step: .signatures(requirement))
}

/// Collects ``ContractClause`` values: `if`, `if/else`, `for` and local `let`s work.
@resultBuilder
public enum ContractBuilder {
    /// One clause.
    public static func buildExpression(_ clause: ContractClause) -> [ContractClause] { [clause] }
    /// Several clauses, from a helper.
    public static func buildExpression(_ clauses: [ContractClause]) -> [ContractClause] { clauses }
    /// Clauses in order.
    public static func buildBlock(_ parts: [ContractClause]...) -> [ContractClause] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [ContractClause]?) -> [ContractClause] { part ?? [] }
    /// The `if` branch.
    public static func buildEither(first part: [ContractClause]) -> [ContractClause] { part }
    /// The `else` branch.
    public static func buildEither(second part: [ContractClause]) -> [ContractClause] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[ContractClause]]) -> [ContractClause] { parts.flatMap { $0 } }
}
