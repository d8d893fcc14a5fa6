import StubKit
import Foundation
import Yams

/// The YAML (or JSON) text of a spec or contract file, parsed to its root
/// node; every failure is a ``StubValidationError`` located in the file.
enum SpecDocument {
    /// Reads `url`'s text.
    static func text(of url: URL, name: String) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "",
                                                       message: "cannot read the file: \((error as NSError).localizedDescription)")])
        }
    }

    /// The root node of `text`, named `name` in problems.
    static func root(of text: String, name: String) throws -> SpecNode {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "", message: "the file is empty")])
            }
            return SpecNode(node: node, key: "", file: name)
        } catch let error as StubValidationError {
            throw error
        } catch let error as YamlError {
            throw StubValidationError(problems: [problem(error, file: name)])
        }
    }

    /// A YAML syntax error as a problem at its mark.
    private static func problem(_ error: YamlError, file: String) -> StubProblem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return StubProblem(file: file, line: mark.line, column: mark.column, key: "", message: "YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return StubProblem(file: file, line: context.mark.line, column: context.mark.column, key: "",
                               message: "duplicate key\(duplicates.count == 1 ? "" : "s") \(duplicates.map { "\"\($0)\"" }.joined(separator: ", "))")
        default:
            let text = "\(error)"
            // Yams writes "line:column: error: …" first for the other cases it knows.
            let numbers = text.split(separator: ":").prefix(2).compactMap { Int($0) }
            return StubProblem(file: file, line: numbers.first ?? 1, column: numbers.dropFirst().first ?? 1, key: "",
                               message: "YAML: \(text.split(separator: "\n").first.map(String.init) ?? text)")
        }
    }
}
