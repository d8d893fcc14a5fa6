import Foundation
public import StubKit

extension OpenAPIDocument: TrafficContract {
    /// The document's file.
    public var name: String { source.file }

    /// What a request and the response it got break of the document: no
    /// operation for the method and path, a parameter or body its schema
    /// refuses, an undeclared status or content type, a JSON body the
    /// response schema refuses. Each names the operation and the rule's place.
    public func violations(of request: RecordedRequest, response: StubResponse?) -> [String] {
        let byPath = operations.filter { OpenAPIDocument.compatible(.literal(request.path), basePath + $0.path) }
            .sorted { $0.path.filter { $0 == "{" }.count < $1.path.filter { $0 == "{" }.count }
        guard let operation = byPath.first(where: { $0.method == request.method }) ?? (request.method == "HEAD" ? byPath.first { $0.method == "GET" } : nil) else {
            return [byPath.isEmpty ? "request: the document has no path that \(request.path) matches"
                    : "request: the document declares \(Set(byPath.map(\.method)).sorted().joined(separator: ", ")) for \(byPath[0].path), not \(request.method)"]
        }
        var found: [String] = []
        let (expression, names) = Self.pathExpression(basePath + operation.path)
        var pathValues: [String: String] = [:]
        if let compiled = try? NSRegularExpression(pattern: expression),
           let match = compiled.firstMatch(in: request.path, range: NSRange(request.path.startIndex..., in: request.path)) {
            for (index, name) in names.enumerated() where index + 1 < match.numberOfRanges {
                if let range = Range(match.range(at: index + 1), in: request.path) { pathValues[name] = String(request.path[range]) }
            }
        }
        for violation in OpenAPIRequestCheck(request, pathValues: pathValues, operation: operation, source: source).violations {
            found.append("request: \(operation.name): \(violation.location): \(violation.message) (rule at \(Self.place(violation.declared)))")
        }
        if let response {
            for problem in responseProblems(response, of: operation) {
                found.append("response: \(operation.name): \(problem.message)" + (problem.rule.map { " (rule at \(Self.place($0)))" } ?? ""))
            }
        }
        return found
    }

    static func place(_ location: CodeLocation) -> String { "\(location.fileID):\(location.line):\(location.column)" }
}
