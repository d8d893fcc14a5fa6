public import StubKit

extension PactInteraction {
    /// The interaction as a stub: its request as the pattern (with the
    /// pact's matching rules), its response example as the answer (with the
    /// response's generators making their values anew, `ProviderState` ones
    /// from the interaction's state parameters), declared
    /// at the interaction's place in the file and named by its description.
    public var stub: Stub {
        var headers = HTTPHeaders(pairs: response.headers)
        switch response.body {
        case .json where headers["Content-Type"] == nil:
            headers.add("Content-Type", "application/json")
        case .bytes(_, let type?) where headers["Content-Type"] == nil:
            headers.add("Content-Type", type)
        default:
            break
        }
        let example = StubResponse(status: response.status, headers: headers, body: response.bodyData)
        var parameters: [String: JSONValue] = [:]
        for state in providerStates { if case .object(let given) = state.params { parameters.merge(given) { first, _ in first } } }
        let generators = response.generators.forResponse(parameters: parameters)
        var stub = Stub(request: request.requestPattern,
                        response: generators.isEmpty ? .fixed(example) : .generated(example, generators),
                        location: location)
        stub.id = StubID(key ?? description)
        stub.name = description
        var pact: [String: JSONValue] = ["description": .string(description)]
        if !providerStates.isEmpty {
            pact["providerStates"] = .array(providerStates.map { .object(["name": .string($0.name), "params": $0.params]) })
        }
        stub.metadata = ["pact": .object(pact)]
        return stub
    }
}

extension PactFile {
    /// Every HTTP interaction as a stub, in file order (the first of several
    /// that match answers, as `pact stub` does). With `stateHeader`, a
    /// request that sends that header is answered only by interactions in
    /// the provider state it names; one that does not is answered by any.
    public func stubs(stateHeader: String? = nil) -> [Stub] {
        interactions.map { interaction in
            var stub = interaction.stub
            if let stateHeader, !interaction.providerStates.isEmpty {
                let names = interaction.providerStates.map(\.name)
                stub.request.headers.append(FieldMatcher(stateHeader, .anyOf([.absent, .oneOf(names)])))
            }
            return stub
        }
    }
}
