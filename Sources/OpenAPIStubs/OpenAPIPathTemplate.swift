import Foundation
import StubKit

/// An operation's path template (`/pets/{id}`, `/files/{name}.{ext}`) under
/// the document's base path, compiled once: whether a request path is one of
/// its paths, and the raw value of each variable.
struct OpenAPIPathTemplate: Sendable {
    /// The full template, base path included.
    let template: String
    /// The variables in order.
    let names: [String]
    /// The anchored expression, one named group (`v0`, `v1`, …) per variable.
    let pattern: TextPattern

    init(_ template: String) {
        self.template = template
        var expression = "^", names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            expression += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "(?<v\(names.count)>[^/]+?)"
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        self.names = names
        self.pattern = TextPattern(expression + NSRegularExpression.escapedPattern(for: String(rest)) + "$")
    }

    /// Each variable's raw value in `path`, or `nil` when `path` is not one of the template's.
    func values(in path: String) -> [String: String]? {
        guard let captures = pattern.namedCaptures(in: path) else { return nil }
        var values: [String: String] = [:]
        for (index, name) in names.enumerated() { values[name] = captures["v\(index)"] }
        return values
    }

    /// The template as a stub's path: a literal, a template when every
    /// variable is a whole segment (so reports show `/pets/{id}`), else the expression.
    var pathPattern: PathPattern {
        guard template.contains("{") else { return .literal(template) }
        let whole = template.split(separator: "/").allSatisfy { segment in
            !segment.contains("{") || (segment.hasPrefix("{") && segment.hasSuffix("}")
                && segment.dropFirst().dropLast().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return whole ? .template(PathTemplate(template)) : .regex(pattern)
    }

    /// How many variables, to order literal paths before templated ones.
    var variableCount: Int { names.count }
}
