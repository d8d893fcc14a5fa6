import Foundation
import StubKit
import Yams
import DocumentReader

/// A spec's `placeholders:`: names whose `${NAME}` in any string of the file
/// is replaced by the environment variable of that name when it is loaded.
/// A recording writes its stable secrets this way, so none is in the file.
///
/// ```yaml
/// placeholders:
///   MARVEL_PUBLIC_KEY: the Marvel public key (apikey)
/// guard: { marvel: { publicKey: "${MARVEL_PUBLIC_KEY}", privateKey: "${MARVEL_PRIVATE_KEY}" } }
/// ```
///
/// Only declared names are replaced (other `${…}` text stays as written);
/// a declared name the environment does not set is a problem at its line.
enum SpecPlaceholders {
    /// The declared names and their values from `environment`; problems for
    /// malformed names, and for unset ones unless `notes` takes them (as
    /// notes: the file is checked with `${NAME}` left as written).
    static func values(
        _ node: DocumentNode, environment: [String: String], reading: inout DocumentReading, notes: inout [StubProblem]?
    ) -> [String: String] {
        var names: [DocumentNode] = []
        switch node.node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                names.append(node.child(key.scalar?.string ?? "", value).holding(key))
            }
        case .sequence:
            names = reading.items(node) ?? []
        default:
            reading.fail(node, "placeholders must map each NAME to what it stands for (or list the names), got \(node.shown)")
        }
        var values: [String: String] = [:]
        for name in names {
            guard let text = name.node.scalar?.string, text.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil else {
                reading.fail(name, "a placeholder name is letters, digits and _ (as an environment variable), got \(name.shown)")
                continue
            }
            guard let value = environment[text] else {
                if notes != nil {
                    var note = name.problem("\(text) is not set in the environment: checked with ${\(text)} as written; "
                                            + "serving needs it (export \(text))")
                    note.severity = .note
                    notes?.append(note)
                } else {
                    reading.fail(name, "\(text) is not set in the environment: this file writes ${\(text)} where a secret was; "
                                 + "export \(text) before loading it")
                }
                continue
            }
            values[text] = value
        }
        return values
    }

    /// A fixture's bytes with `${NAME}` replaced, when they are UTF-8 text
    /// that holds a placeholder; other bytes as they are.
    static func substitute(in data: Data, _ values: [String: String]) -> Data {
        guard !values.isEmpty, data.range(of: Data("${".utf8)) != nil, var text = String(data: data, encoding: .utf8) else { return data }
        for (name, value) in values { text = text.replacingOccurrences(of: "${\(name)}", with: value) }
        return Data(text.utf8)
    }

    /// `node` with `${NAME}` replaced in every scalar; a changed scalar is
    /// marked quoted, so it stays text however its value reads.
    static func substitute(_ node: Node, _ values: [String: String]) -> Node {
        guard !values.isEmpty else { return node }
        switch node {
        case .scalar(var scalar):
            guard scalar.string.contains("${") else { return node }
            var text = scalar.string
            for (name, value) in values { text = text.replacingOccurrences(of: "${\(name)}", with: value) }
            guard text != scalar.string else { return node }
            scalar.string = text
            scalar.style = .doubleQuoted
            return .scalar(scalar)
        case .mapping(var mapping):
            for index in mapping.indices {
                let pair = mapping[index]
                mapping[index] = (key: pair.key, value: substitute(pair.value, values))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices { sequence[index] = substitute(sequence[index], values) }
            return .sequence(sequence)
        case .alias:
            return node
        }
    }
}
