package import Foundation
package import StubKit
package import Yams

/// The YAML (or JSON) text of a document, parsed to its root node; every
/// failure is a ``StubProblem`` located in the file. The one place a YAML
/// syntax error becomes a line, a column and a message.
package enum DocumentText {
    /// Reads `url`'s text, named `name` in problems.
    package static func text(of url: URL, name: String) throws(StubValidationError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "",
                                                             message: "cannot read the file: \((error as NSError).localizedDescription)")])
        }
    }

    /// The root node of `text`, named `name` in problems; an empty document is a problem.
    package static func root(of text: String, name: String) throws(StubValidationError) -> DocumentNode {
        guard let node = try compose(text, name: name) else {
            throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "", message: "the file is empty")])
        }
        return DocumentNode(root: node, file: name)
    }

    /// The node tree of `text` (`nil` for an empty document), with key order
    /// and every node's line and column kept.
    ///
    /// With `typingPlainScalars` false, a plain scalar's tag is `str` when
    /// resolved, not `int`, `bool`, …: for a reader that takes each scalar's
    /// meaning from a constructor or from ``Yams/Node/Scalar/json``, never
    /// from its tag. Yams resolves every key's tag for its check of repeated
    /// keys, through seven regular expressions each: two thirds of reading a
    /// large YAML document. Then a plain key and a quoted one with the same
    /// text are the same key (as they are in JSON).
    ///
    /// Strict JSON is read by ``JSONNodeReader``, a large block-style YAML
    /// document in parts on every core (``YAMLInParts``), anything else by
    /// Yams in one pass; each gives the same tree.
    package static func compose(_ text: String, name: String, typingPlainScalars: Bool = true) throws(StubValidationError) -> Node? {
        let resolver: Resolver = typingPlainScalars ? .default : .basic
        if let json = JSONNodeReader.compose(text, resolver: resolver) { return json } // the same tree, read without the YAML scanner
        if let parts = YAMLInParts.compose(text, resolver: resolver) { return parts } // the same tree, read on every core
        do {
            return try Yams.compose(yaml: text, resolver)
        } catch let error as YamlError {
            throw StubValidationError(problems: [problem(error, file: name)])
        } catch {
            throw StubValidationError(problems: [StubProblem(file: name, line: 1, column: 1, key: "", message: "\(error)")])
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
