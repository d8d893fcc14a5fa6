import Foundation
public import StubKit

extension OpenAPIDocument: TrafficContract {
    /// The document's file.
    public var name: String { source.file }

    /// Each stub that could never keep the document (see ``check(_:)``);
    /// the stubs the document makes of itself are not judged.
    public func problems(in stubs: [Stub]) -> [StubContractProblem] {
        check(stubs.filter { $0.location.fileID != source.file }).problems
    }

    /// What a request and the response it got break of the document: no
    /// operation for the method and path, a parameter or body its schema
    /// refuses, an undeclared status or content type, a JSON body the
    /// response schema refuses. Each names the operation and the rule's place.
    public func violations(of request: RecordedRequest, response: StubResponse?) -> [String] {
        let byPath = operations.filter { $0.pathTemplate.values(in: request.path) != nil }
            .sorted { $0.pathTemplate.variableCount < $1.pathTemplate.variableCount }
        guard let operation = byPath.first(where: { $0.method == request.method }) ?? (request.method == "HEAD" ? byPath.first { $0.method == "GET" } : nil) else {
            // A CORS preflight is the server's business unless the document declares OPTIONS.
            if request.method == "OPTIONS", request.headers["Access-Control-Request-Method"] != nil { return [] }
            return [byPath.isEmpty ? "request: the document has no path that \(request.path) matches"
                    : "request: the document declares \(Self.methods(byPath)) for \(byPath[0].path), not \(request.method)"]
        }
        var found: [String] = []
        for violation in OpenAPIRequestCheck(request, pathValues: operation.pathTemplate.values(in: request.path) ?? [:], operation: operation, source: source).violations {
            found.append("request: \(operation.name): \(violation.location): \(violation.message) (rule at \(OpenAPIAnswer.place(violation.declared)))")
        }
        if let response {
            for problem in responseProblems(response, of: operation) {
                found.append("response: \(operation.name): \(problem.message)" + (problem.rule.map { " (rule at \(OpenAPIAnswer.place($0)))" } ?? ""))
            }
        }
        return found
    }
}
