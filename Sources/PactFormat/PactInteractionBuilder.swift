import Foundation
public import StubKit

extension Stub {
    /// Puts the stub in a Pact provider state: a pact written from a test
    /// that used it names the state (and its parameters) for the provider.
    ///
    /// ```swift
    /// Get("/users/42").respond(.json(user)).given("user 42 exists", ["id": 42])
    /// ```
    public func given(_ state: String, _ params: [String: JSONValue] = [:]) -> Stub {
        var copy = self
        var pact: [String: JSONValue] = ["description": .string(name ?? request.description)]
        if case .object(let existing)? = metadata["pact"] { pact = existing }
        var states: [JSONValue] = []
        if case .array(let earlier)? = pact["providerStates"] { states = earlier }
        states.append(.object(["name": .string(state), "params": .object(params)]))
        pact["providerStates"] = .array(states)
        copy.metadata["pact"] = .object(pact)
        return copy
    }

    /// The provider states ``given(_:_:)`` (or a served pact) put the stub in.
    public var providerStates: [PactProviderState] {
        guard case .object(let pact)? = metadata["pact"], case .array(let states)? = pact["providerStates"] else { return [] }
        return states.compactMap { state in
            guard case .object(let fields) = state, case .string(let name)? = fields["name"] else { return nil }
            return PactProviderState(name: name, params: fields["params"] ?? .object([:]))
        }
    }
}

/// The interaction a stub stands for in a consumer's pact: the request a
/// test sent that the stub answered (its conditions as matching rules) and
/// the response the stub gives it.
public enum PactInteractionBuilder {
    /// The interaction, or why the stub cannot be one (a fault or a delay
    /// shapes its response, a closure made it but the response was not kept),
    /// with its declaration site.
    ///
    /// A stub whose response is a value states its conditions as matching
    /// rules. A stub whose response a closure made states the exact request
    /// the test sent and `served`, the response the closure made for it: the
    /// closure may depend on any part of the request, so no condition is
    /// widened into a rule. Either way, a value a client makes anew for
    /// every request (a timestamp, a signature: `AuthRule.regenerated`) is
    /// stated by its pattern when the request passes the rule that names it,
    /// whether the rule guards the stub or is passed in `signing`.
    ///
    /// - Parameters:
    ///   - stub: the stub that answered.
    ///   - sent: the request the test sent.
    ///   - served: the response the server made for `sent`, when it kept it.
    ///   - signing: rules the requests are known to be signed by (a contract's `Authenticated`).
    ///   - description: the interaction's description; the stub's name or request by default.
    ///   - location: where the interaction was declared; the stub's place by default.
    /// - Throws: ``PactLeftOut`` naming the stub and why.
    public static func interaction(
        for stub: Stub, answering sent: RecordedRequest, served: StubResponse? = nil, signing: [AuthRule] = [],
        description: String? = nil, location: CodeLocation? = nil
    ) throws(PactLeftOut) -> PactInteraction {
        if stub.fault != nil { throw PactLeftOut(problem: StubProblem(stub, "a fault cannot be stated in a pact; the stub is left out of it")) }
        if stub.delay != nil { throw PactLeftOut(problem: StubProblem(stub, "a delay cannot be stated in a pact; the stub is left out of it")) }
        let made = isMade(stub.response)
        let response: StubResponse
        if let served {
            response = served
        } else {
            switch stub.response {
            case .fixed(let fixed): response = fixed
            case .sequence(let steps):
                guard case .fixed(let first)? = steps.first else { throw PactLeftOut(problem: StubProblem(stub, "its sequence does not start with a fixed response")) }
                response = first
            case .named(let recipe):
                do {
                    response = try recipe.make(MatchedRequest(request: sent))
                } catch {
                    throw PactLeftOut(problem: StubProblem(stub, "its \(recipe) threw for the request the pact states (\(error)); the stub is left out of it"))
                }
            case .generated(let example, _): response = example
            case .template(let templated):
                var environment = TemplateEnvironment(now: Date(), seed: 0)
                do {
                    response = try templated.response(for: sent, environment: &environment)
                } catch {
                    throw PactLeftOut(problem: StubProblem(stub, "its response template failed for the request the pact states (\(error)); the stub is left out of it"))
                }
            case .dynamic: throw PactLeftOut(problem: StubProblem(stub, "a Swift closure makes its response and the server did not keep the one it made; the stub is left out of it"))
            case .proxy(let target): throw PactLeftOut(problem: StubProblem(stub, "it forwards to \(target.base.absoluteString) and the server did not keep the answer; the stub is left out of it"))
            case .resource(let declaration):
                throw PactLeftOut(problem: StubProblem(stub, "the stateful resource \(declaration.collectionPath) answers from its state and the server did not keep the answer; the stub is left out of it"))
            case .held: throw PactLeftOut(problem: StubProblem(stub, "its requests are held for the test to answer and the server did not keep an answer; the stub is left out of it"))
            case .fixture, .invalid: throw PactLeftOut(problem: StubProblem(stub, "its response was not resolved"))
            }
        }
        if response.webSocket != nil {
            throw PactLeftOut(problem: StubProblem(stub, "it is a WebSocket endpoint, which an HTTP pact cannot state; the stub is left out of it"))
        }
        if response.stream != nil {
            throw PactLeftOut(problem: StubProblem(stub, "its body is a stream (an event stream or paced chunks), which a pact cannot state; the stub is left out of it"))
        }
        var requestRules = PactRules()
        var query: [(name: String, values: [String])] = []
        for item in sent.query {
            if let index = query.firstIndex(where: { $0.name == item.name }) { query[index].values.append(item.value ?? "") } else { query.append((item.name, [item.value ?? ""])) }
        }
        var headers: [(name: String, value: String)] = []
        for condition in stub.request.headers where !sent.headers.values(for: condition.name).isEmpty {
            headers.append((condition.name, sent.headers.values(for: condition.name).joined(separator: ", ")))
            if !made, let rule = rule(for: condition.matcher) { requestRules.header[condition.name] = rule }
        }
        if !made {
            requestRules.path = pathRule(stub.request.path)
            for condition in stub.request.query { if let rule = rule(for: condition.matcher) { requestRules.query[condition.name] = rule } }
            for case .shape(let shape) in stub.request.body { requestRules.body += shape.rules }
        }
        for rule in stub.guards + signing where rule.problem(with: sent) == nil {
            for value in rule.regenerated {
                let set = ShapeRuleSet([.regex(TextPattern(value.pattern))])
                switch value.place {
                case .query where query.contains { $0.name == value.name }: requestRules.query[value.name] = set
                case .header where !sent.headers.values(for: value.name).isEmpty:
                    if !headers.contains(where: { $0.name.lowercased() == value.name.lowercased() }) {
                        headers.append((value.name, sent.headers.values(for: value.name).joined(separator: ", ")))
                    }
                    requestRules.header[value.name] = set
                default: break
                }
            }
        }
        let requestBody = body(sent.body, contentType: sent.headers["Content-Type"])
        if requestBody != .absent, let type = sent.headers["Content-Type"], !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            headers.append(("Content-Type", type))
        }
        var request = PactRequest(method: sent.method.uppercased(), path: sent.path, query: query, headers: headers, body: requestBody,
                                  rules: requestRules)
        request.bodySpelling = spelling(of: sent.body, as: requestBody)
        let answerBody = body(response.body, contentType: response.headers["Content-Type"])
        var answer = PactResponse(status: response.status, headers: response.headers.pairs.map { ($0.name, $0.value) },
                                  body: answerBody, rules: PactRules())
        answer.bodySpelling = spelling(of: response.body, as: answerBody)
        return PactInteraction(description: description ?? stub.name ?? stub.request.description, providerStates: stub.providerStates,
                               request: request, response: answer, pending: false, key: nil, location: location ?? stub.location)
    }

    /// The request's target with every value a signing rule makes anew left
    /// out (`/v1/public/comics?limit=5&apikey=1234`), so two runs of one
    /// request read the same.
    public static func stableTarget(of sent: RecordedRequest, signing: [AuthRule]) -> String {
        let changing = Set(signing.flatMap(\.regenerated).filter { $0.place == .query }.map(\.name))
        let kept = sent.query.filter { !changing.contains($0.name) }
        guard !kept.isEmpty else { return sent.path }
        return sent.path + "?" + kept.map(\.description).joined(separator: "&")
    }

    /// Whether a closure makes the recipe's answers (alone or in a sequence).
    public static func isMade(_ recipe: ResponseRecipe) -> Bool {
        switch recipe {
        case .dynamic, .proxy, .template, .resource: return true
        case .sequence(let steps): return steps.contains(where: isMade)
        default: return false
        }
    }

    /// A body as a pact states it: JSON when it parses as JSON (or says it is), else bytes.
    static func body(_ data: Data, contentType: String?) -> PactBody {
        if data.isEmpty { return .absent }
        if let value = JSONValue(data: data), contentType.map(PactPartReader.isJSON) ?? true { return .json(value) }
        return .bytes(data, contentType: contentType)
    }

    /// How `data` wrote the numbers of the JSON body read from it: `10.0`
    /// stays a decimal in the pact.
    static func spelling(of data: Data, as body: PactBody) -> PactBodySpelling? {
        guard case .json(let value) = body else { return nil }
        // Without a `.` or an exponent, no number is a decimal.
        guard data.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else { return PactBodySpelling(body: value, decimals: .none) }
        guard let read = try? LocatedJSON.valueAndDecimals(data) else { return nil }
        return PactBodySpelling(body: value, decimals: read.decimals)
    }

    /// A template or regex path as a regex rule; a literal path needs none.
    static func pathRule(_ path: PathPattern) -> ShapeRuleSet? {
        switch path {
        case .literal: return nil
        case .regex(let pattern): return ShapeRuleSet([.regex(TextPattern(pattern.source.trimmingAnchors))])
        case .any: return ShapeRuleSet([.regex(".*")])
        case .template(let template):
            let regex = template.segments.map { segment -> String in
                switch segment {
                case .literal(let text): return "/" + NSRegularExpression.escapedPattern(for: text)
                case .capture(_, .int): return "/-?\\d+"
                case .capture(_, .uuid): return "/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
                case .capture: return "/[^/]+"
                case .rest: return "(/.*)?"
                }
            }.joined()
            return ShapeRuleSet([.regex(TextPattern(regex.isEmpty ? "/" : regex))])
        }
    }

    /// A condition as a Pact rule: equality needs none; the others become
    /// the rule that accepts what they accept, as closely as Pact can say.
    static func rule(for matcher: ValueMatcher) -> ShapeRuleSet? {
        switch matcher {
        case .equals, .values, .headerValue, .absent: return nil
        case .matches(let pattern): return ShapeRuleSet([.regex(TextPattern(pattern.source.trimmingAnchors))])
        case .equalsIgnoringCase(let text): return ShapeRuleSet([.regex(TextPattern("(?i)" + NSRegularExpression.escapedPattern(for: text)))])
        case .contains(let text): return ShapeRuleSet([.include(text)])
        case .oneOf(let texts): return ShapeRuleSet([.regex(TextPattern(texts.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")))])
        case .rules(let set, _): return set
        default: return ShapeRuleSet([.type()])
        }
    }
}

extension String {
    /// The expression without a leading `^` and trailing `$` (Pact's regex rules match the whole value).
    fileprivate var trimmingAnchors: String {
        var text = Substring(self)
        if text.hasPrefix("^") { text = text.dropFirst() }
        if text.hasSuffix("$"), !text.hasSuffix("\\$") { text = text.dropLast() }
        return String(text)
    }
}

/// A stub a pact cannot state, with its declaration site and why.
public struct PactLeftOut: Error, Sendable, CustomStringConvertible {
    /// The stub's place and the reason.
    public var problem: StubProblem
    /// `File.swift:12:5: error: GET /x: …`.
    public var description: String { problem.description }
}
