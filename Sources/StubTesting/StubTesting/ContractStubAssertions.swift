public import StubKit
import StubAssertions

/// Expects every stub in `stubs` to keep `contract`: with an OpenAPI
/// document, a request that could be valid for an operation the document
/// declares, and a response (status, content type, JSON body) that operation
/// allows. Each stub that never could fails the test at the stub's
/// declaration (under XCTest, at this call), naming the rule and its place.
///
/// ```swift
/// @Test func stubsKeepTheDocument() throws {
///     let document = try OpenAPIDocument(contentsOf: URL(fileURLWithPath: "api.yaml"))
///     expectStubs(PetStubs.all, conformTo: document)
/// }
/// ```
///
/// - Returns: the problems found (empty when every stub keeps the contract).
@discardableResult
public func expectStubs(
    _ stubs: some Sequence<Stub>, conformTo contract: some TrafficContract,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> [StubContractProblem] {
    let location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let problems = contract.problems(in: Array(stubs))
    for problem in problems {
        IssueRecorder.record(ContractStubProblems.message(problem, contract: contract.name), at: location, preferring: problem.stub)
    }
    return problems
}

/// The failure text for a stub that breaks its server's contract.
enum ContractStubProblems {
    static func message(_ problem: StubContractProblem, contract: String) -> String {
        var text = "The stub \(problem.request) (\(problem.stub)) can never keep \(contract):\n  \(problem.message)"
        if let rule = problem.rule {
            text += "\n  rule: \(rule.fileID):\(rule.line):\(rule.column)\(rule.pointer.map { " \($0)" } ?? "")"
        }
        return text
    }
}
