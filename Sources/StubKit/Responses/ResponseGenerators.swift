public import Foundation

/// Where a response's values are made anew for every answer: the status,
/// headers by name, and JSON body values by path (`$.id`, `$.items[*].id`).
/// With ``ResponseRecipe/generated(_:_:)``, the example response is served
/// with each of these replaced by what its ``ValueGenerator`` makes.
public struct ResponseGenerators: Sendable, Hashable {
    /// The status's generator.
    public var status: ValueGenerator?
    /// Each header's generator.
    public var headers: [String: ValueGenerator]
    /// Each body path's generator, applied in order.
    public var body: [ShapePath: ValueGenerator]
    /// The provider state's parameters, which `ProviderState` generators read.
    public var parameters: [String: JSONValue]

    /// Creates the generators.
    public init(status: ValueGenerator? = nil, headers: [String: ValueGenerator] = [:], body: [ShapePath: ValueGenerator] = [:],
                parameters: [String: JSONValue] = [:]) {
        self.status = status
        self.headers = headers
        self.body = body
        self.parameters = parameters
    }

    /// Whether nothing is generated.
    public var isEmpty: Bool { status == nil && headers.isEmpty && body.isEmpty }

    /// `example` with every generated value in place, for `request`. A body
    /// path that names nothing, or a body that is not JSON, is left as it is.
    public func apply(to example: StubResponse, for request: RecordedRequest, using random: inout some RandomNumberGenerator) -> StubResponse {
        var response = example
        let context = ValueGenerator.Context(request: request, parameters: parameters)
        if let status, case .number(let value)? = status.generate(context, like: .number(Double(example.status)), using: &random),
           (100...599).contains(Int(value)) {
            response.status = Int(value)
        }
        for (name, generator) in headers.sorted(by: { $0.key < $1.key }) {
            guard let value = generator.generate(context, like: .string(""), using: &random) else { continue }
            let text: String
            if case .string(let string) = value { text = string } else { text = value.description }
            response.headers = HTTPHeaders(pairs: response.headers.pairs.filter { $0.name.caseInsensitiveCompare(name) != .orderedSame } + [(name, text)])
        }
        response.body = Self.applying(body, to: example.body, context, using: &random)
        return response
    }

    /// A JSON `document` with what each of `generators` makes at its path
    /// (in path order), its numbers written as the document wrote them; a
    /// document that is not JSON, or with no generators, is left as it is.
    public static func applying(_ generators: [ShapePath: ValueGenerator], to document: Data, _ context: ValueGenerator.Context,
                                using random: inout some RandomNumberGenerator) -> Data {
        guard !generators.isEmpty, let parsed = try? LocatedJSON.valueAndDecimals(document) else { return document }
        var value = parsed.value
        for (path, generator) in generators.sorted(by: { $0.key.source < $1.key.source }) {
            value = replacing(path.steps[...], in: value) { example in generator.generate(context, like: example, using: &random) }
        }
        // A number the document wrote as a decimal (`40.0`) stays one.
        return Data((CompactJSON.of(value, decimals: parsed.decimals) ?? value.description).utf8)
    }

    /// `value` with what `make` returns at every place `steps` names.
    private static func replacing(_ steps: ArraySlice<ShapePath.Step>, in value: JSONValue, _ make: (JSONValue) -> JSONValue?) -> JSONValue {
        guard let step = steps.first else { return make(value) ?? value }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let name), .object(var members)):
            guard let member = members[name] else { return value }
            members[name] = replacing(rest, in: member, make)
            return .object(members)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else { return value }
            items[index] = replacing(rest, in: items[index], make)
            return .array(items)
        case (.any, .array(let items)):
            return .array(items.map { replacing(rest, in: $0, make) })
        case (.any, .object(let members)):
            return .object(members.mapValues { replacing(rest, in: $0, make) })
        default:
            return value
        }
    }
}
