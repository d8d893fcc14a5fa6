public import StubKit
import Foundation

extension OpenAPIDocument {
    /// The document as stubs: one per operation, declared at the operation's
    /// line and named `GET /pets/{id} (getPet)`, that checks each request
    /// against the operation and answers with its example or a body made
    /// from its schema (`seed` picks the made values); then, per path, one
    /// that answers any other method with 405 and `Allow`. Literal paths come
    /// before templated ones, as OpenAPI asks. Put spec stubs first to take
    /// precedence over these.
    public func stubs(seed: UInt64 = 0) -> [Stub] {
        let ordered = operations.enumerated().sorted { a, b in
            let (x, y) = (a.element.path.filter { $0 == "{" }.count, b.element.path.filter { $0 == "{" }.count)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        var stubs: [Stub] = []
        var paths: [(path: String, methods: [String], location: CodeLocation)] = []
        for operation in ordered {
            let (expression, names) = Self.pathExpression(basePath + operation.path)
            guard let compiled = try? NSRegularExpression(pattern: expression) else { continue }
            let answer = OpenAPIAnswer(operation: operation, source: source, pathExpression: compiled, pathNames: names, seed: seed)
            var stub = Stub(request: RequestPattern(method: HTTPMethod(rawValue: operation.method), path: Self.pathPattern(basePath + operation.path)),
                            response: .dynamic { answer.response(to: $0.request) }, location: operation.location)
            stub.name = operation.name
            stubs.append(stub)
            if let index = paths.firstIndex(where: { $0.path == operation.path }) {
                paths[index].methods.append(operation.method)
            } else {
                paths.append((operation.path, [operation.method], operation.location))
            }
        }
        for (path, methods, location) in paths {
            let allowed = methods + (methods.contains("GET") && !methods.contains("HEAD") ? ["HEAD"] : [])
            let body = JSONValue.object([
                "type": .string("about:blank"), "title": .string("Method not allowed"), "status": .number(405),
                "detail": .string("\(basePath + path) answers \(allowed.joined(separator: ", ")) in the OpenAPI document"),
            ])
            var stub = Stub(request: RequestPattern(method: nil, path: Self.pathPattern(basePath + path)),
                            response: .fixed(StubResponse(status: 405, headers: ["Content-Type": "application/problem+json", "Allow": allowed.joined(separator: ", ")],
                                                          body: Data(body.description.utf8))),
                            location: location)
            stub.name = "\(basePath + path): methods the document does not declare"
            stubs.append(stub)
        }
        return stubs
    }

    /// The path as a pattern: a literal, a template when every variable is a
    /// whole segment (so reports show `/pets/{id}`), else the expression.
    static func pathPattern(_ path: String) -> PathPattern {
        guard path.contains("{") else { return .literal(path) }
        let whole = path.split(separator: "/").allSatisfy { segment in
            !segment.contains("{") || (segment.hasPrefix("{") && segment.hasSuffix("}") && segment.dropFirst().dropLast().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        return whole ? .template(PathTemplate(path)) : .regex(TextPattern(pathExpression(path).expression))
    }

    /// `/pets/{id}` as an anchored expression with one group per template
    /// variable (which may share a segment: `/files/{name}.{ext}`), and the names in order.
    static func pathExpression(_ path: String) -> (expression: String, names: [String]) {
        var expression = "^", names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            expression += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "([^/]+?)"
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return (expression + NSRegularExpression.escapedPattern(for: String(rest)) + "$", names)
    }
}
