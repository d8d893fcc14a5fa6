import StubKit
import DocumentReader

extension SpecStubReader {
    /// The request `verify` replays: the `example:` block, else one derived
    /// from the pattern (equals conditions become values), carrying the
    /// credentials the stub's guard asks for. An `example:` its own stub
    /// would not match is a problem at the block; a derived one that would
    /// not match is no example, with the reason.
    mutating func example(
        _ node: DocumentNode?, pattern: RequestPattern, credentials: ExampleCredentials?
    ) -> (ExampleRequest?, String?) {
        var path: String?
        var query: [QueryItem] = pattern.query.compactMap { condition in
            if case .equals(let value) = condition.matcher { return QueryItem(name: condition.name, value: value) }
            return nil
        }
        var headers: [HTTPHeaders.Field] = pattern.headers.compactMap { condition in
            if case .equals(let value) = condition.matcher { return HTTPHeaders.Field(name: condition.name, value: value) }
            return nil
        }
        var body: String?
        if case .literal(let literal) = pattern.path { path = literal }
        if let node, let fields = reading.members(node, allowed: ["path", "query", "headers", "body"]) {
            if let text = fields["path"].flatMap({ reading.string($0) }) { path = text }
            if let pairs = fields["query"].flatMap({ reading.pairs($0) }) {
                let names = Set(pairs.map(\.0))
                query = query.filter { !names.contains($0.name) } + pairs.compactMap { name, value in
                    reading.string(value).map { QueryItem(name: name, value: $0) }
                }
            }
            if let pairs = fields["headers"].flatMap({ reading.pairs($0) }) {
                // The example's value replaces the one derived from the stub: each header is sent once.
                let names = Set(pairs.map { $0.0.lowercased() })
                headers = headers.filter { !names.contains($0.name.lowercased()) } + pairs.compactMap { name, value in
                    reading.string(value).map { HTTPHeaders.Field(name: name, value: $0) }
                }
            }
            body = fields["body"].flatMap { reading.string($0) }
        }
        guard let path else {
            if let node { reading.fail(node, "an example of a stub whose path is a template or regex needs a path") }
            return (nil, "no example (the path is a template or regex: add example: { path: … })")
        }
        var example = ExampleRequest(method: pattern.method?.rawValue ?? "GET", path: path, query: query, headers: headers,
                                     body: body)
        // An example that sets the credentials itself (to show the guard's
        // refusal, say) is sent as written.
        example.credentials = credentials.flatMap { example.carries($0, plugins: plugins) ? nil : $0 }
        let misses = pattern.checks(against: example.signed(with: example.credentials, plugins: plugins).recorded).filter { !$0.matched }
        guard misses.isEmpty else {
            let reasons = misses.map(\.description).joined(separator: "; ")
            if let node {
                reading.fail(node, "the example \(example.method) \(example.target) does not match its own stub: \(reasons)")
                return (nil, nil)
            }
            return (nil, "no example (one made from the stub's conditions would not match it: \(reasons); add example: { … })")
        }
        return (example, nil)
    }
}

extension ExampleRequest {
    /// Whether the request already sets what `credentials` would.
    func carries(_ credentials: ExampleCredentials, plugins: [StubPlugin]) -> Bool {
        let names = Set(headers.map { $0.name.lowercased() })
        switch credentials {
        case .named(let keyword, _): return plugins.lazy.flatMap(\.guards).first { $0.keyword == keyword }?.carries(query, headers) ?? false
        case .bearer: return names.contains("authorization")
        case .apiKey(let header, _): return names.contains(header.lowercased())
        case .apiKeyQuery(let name, _): return query.contains { $0.name == name }
        }
    }
}
