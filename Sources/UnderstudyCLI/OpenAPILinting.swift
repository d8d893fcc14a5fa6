import Foundation
import OpenAPIStubs
package import StubKit

/// `understudy lint --openapi api.yaml SPEC...`: every stub checked against
/// the document's operations, one line per problem.
package enum OpenAPILinting {
    /// The problem lines (for standard error), the summary line, and whether any stub failed.
    /// Stubs the document itself made are not checked against it.
    package static func check(_ stubs: [Stub], against path: String) -> (problems: [String], summary: String, failed: Bool) {
        let document: OpenAPIDocument
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            document = try OpenAPIDocument.read(data, file: path)
        } catch let error as StubValidationError {
            return (error.problems.map(\.description), "\(path): not checked", true)
        } catch {
            return (["\(error)"], "\(path): not checked", true)
        }
        let own = stubs.filter { $0.location.fileID != path && $0.location.fileID != document.source.file }
        let report = document.check(own)
        var summary = "\(report.checked) stub\(report.checked == 1 ? "" : "s") checked against \(path): "
            + (report.problems.isEmpty ? "ok" : "\(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")
        if report.requestOnly > 0 {
            summary += " (\(report.requestOnly) with a response a closure makes: request checked only)"
        }
        return (report.problems.map(\.description), summary, !report.problems.isEmpty)
    }

    /// The document at `path` as the contract a server checks its traffic against.
    ///
    /// - Throws: the document's located error when it cannot be read.
    package static func contract(_ path: String) throws -> any TrafficContract {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw StubProblem(file: path, line: 1, column: 1, key: "", message: "cannot read the document: \(error.localizedDescription)")
        }
        return try OpenAPIDocument(data: data, file: path)
    }
}
