public import StubKit
public import StubServer
import StubAssertions

extension StubServer {
    /// Expects every received request (or every one matching `pattern`) to
    /// satisfy `requirement`, and at least one to have arrived; on failure,
    /// names each request that did not and what was wrong, without showing
    /// secrets.
    ///
    /// ```swift
    /// server.expectSigned(.marvel(publicKey: "1234", privateKey: "abcd"))
    /// server.expectSigned(.bearer(token), matching: Get("/me"))
    /// ```
    @discardableResult
    public func expectSigned(
        _ requirement: AuthRule,
        matching pattern: (any RequestPatternConvertible)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let scope = pattern?.requestPattern
        return check(CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)) {
            JournalExpectations.signed(requirement, matching: scope, in: $0)
        }
    }
}
