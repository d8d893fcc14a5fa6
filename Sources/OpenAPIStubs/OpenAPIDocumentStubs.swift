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
    public func stubs(seed: UInt64 = 0) -> [Stub] { stubs(seed: seed, leaving: []) }

    /// The document's stubs, without those of the operations at the full
    /// path templates in `taken` (the stateful resources serve them).
    func stubs(seed: UInt64, leaving taken: Set<String>) -> [Stub] {
        let ordered = operations.filter { !taken.contains($0.pathTemplate.template) }.enumerated().sorted { a, b in
            let (x, y) = (a.element.pathTemplate.variableCount, b.element.pathTemplate.variableCount)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        var stubs: [Stub] = []
        var paths: [(path: String, methods: [String], location: CodeLocation, template: OpenAPIPathTemplate)] = []
        var pathIndex: [String: Int] = [:] // each path's place in `paths`: a search of it per operation was quadratic
        for operation in ordered {
            let answer = OpenAPIAnswer(operation: operation, source: source, seed: seed)
            var stub = Stub(request: RequestPattern(method: HTTPMethod(rawValue: operation.method), path: operation.pathTemplate.pathPattern),
                            response: .dynamic { answer.response(to: $0.request) }, location: operation.location)
            stub.name = operation.name
            stubs.append(stub)
            if let index = pathIndex[operation.path] {
                paths[index].methods.append(operation.method)
            } else {
                pathIndex[operation.path] = paths.count
                paths.append((operation.path, [operation.method], operation.location, operation.pathTemplate))
            }
        }
        for (path, methods, location, template) in paths {
            let allowed = methods + (methods.contains("GET") && !methods.contains("HEAD") ? ["HEAD"] : [])
            let body = JSONValue.object([
                "type": .string("about:blank"), "title": .string("Method not allowed"), "status": .number(405),
                "detail": .string("\(basePath + path) answers \(allowed.joined(separator: ", ")) in the OpenAPI document"),
            ])
            var stub = Stub(request: RequestPattern(method: nil, path: template.pathPattern),
                            response: .fixed(StubResponse(status: 405, headers: ["Content-Type": "application/problem+json", "Allow": allowed.joined(separator: ", ")],
                                                          body: Data(body.description.utf8))),
                            location: location)
            stub.name = "\(basePath + path): methods the document does not declare"
            stubs.append(stub)
        }
        return stubs
    }
}
