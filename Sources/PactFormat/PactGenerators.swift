import Foundation
public import StubKit

/// A request's or response's generators by category (V3 and V4): what a
/// stub serving the pact makes anew for every answer, and what a verifier
/// may make anew for every request.
public struct PactGenerators: Sendable, Hashable {
    /// The status (responses).
    public var status: ValueGenerator?
    /// The path (requests).
    public var path: ValueGenerator?
    /// Header values by name.
    public var headers: [String: ValueGenerator] = [:]
    /// Query parameter values by name (requests).
    public var query: [String: ValueGenerator] = [:]
    /// Body values by path.
    public var body: [ShapePath: ValueGenerator] = [:]

    /// None.
    public init() {}

    /// Whether there are none.
    public var isEmpty: Bool { status == nil && path == nil && headers.isEmpty && query.isEmpty && body.isEmpty }

    /// The response generators a stub applies, with the provider state's parameters.
    public func forResponse(parameters: [String: JSONValue]) -> ResponseGenerators {
        ResponseGenerators(status: status, headers: headers, body: body, parameters: parameters)
    }
}

/// Reads `generators` objects; every error names the JSON pointer.
struct PactGeneratorsReader {
    /// The generators, each problem added to `problems` (one bad generator leaves the others read).
    func generators(_ value: JSONValue?, at pointer: String, problems: inout [StubProblem]) -> PactGenerators {
        var found = PactGenerators()
        guard let value, value != .null else { return found }
        guard case .object(let categories) = value else {
            problems.append(StubProblem(pointer: pointer, message: "expected generators by category, got \(value)"))
            return found
        }
        for category in categories.keys.sorted() {
            let here = pointer + "/" + category
            let entry = categories[category]!
            switch category {
            case "status": found.status = problems.attempt { () throws(StubProblem) in try generator(entry, at: here) }
            case "path": found.path = problems.attempt { () throws(StubProblem) in try generator(entry, at: here) }
            case "header", "query", "body", "content", "metadata":
                guard case .object(let named) = entry else {
                    problems.append(StubProblem(pointer: here, message: "expected generators by name or path"))
                    continue
                }
                for key in named.keys.sorted() {
                    let at = here + "/" + LocatedJSON.escape(key)
                    guard let made = problems.attempt({ () throws(StubProblem) in try generator(named[key]!, at: at) }) else { continue }
                    switch category {
                    case "header": found.headers[key] = made
                    case "query": found.query[key] = made
                    case "body", "content":
                        guard let path = ShapePath(key) else {
                            problems.append(StubProblem(pointer: at, message: "\"\(key)\" is not a body path (it starts with $)"))
                            continue
                        }
                        found.body[path] = made
                    default: break // message metadata: read and checked, not served
                    }
                }
            default:
                problems.append(StubProblem(pointer: here, message: "unknown generator category \"\(category)\"; expected status, path, header, query, body"))
            }
        }
        return found
    }

    private func generator(_ value: JSONValue, at pointer: String) throws(StubProblem) -> ValueGenerator {
        guard case .object(let fields) = value, case .string(let type)? = fields["type"] else {
            throw StubProblem(pointer: pointer, message: "expected a generator object with a \"type\", got \(value)")
        }
        func int(_ key: String, _ fallback: Int) throws(StubProblem) -> Int {
            guard let given = fields[key] else { return fallback }
            guard case .number(let number) = given, number.rounded() == number, abs(number) < 1e15 else {
                throw StubProblem(pointer: pointer + "/" + key, message: "expected an integer, got \(given)")
            }
            return Int(number)
        }
        func text(_ key: String) throws(StubProblem) -> String? {
            guard let given = fields[key] else { return nil }
            guard case .string(let string) = given else { throw StubProblem(pointer: pointer + "/" + key, message: "expected a string, got \(given)") }
            return string
        }
        func required(_ key: String) throws(StubProblem) -> String {
            guard let found = try text(key) else { throw StubProblem(pointer: pointer, message: "a \(type) generator needs \"\(key)\"") }
            return found
        }
        switch type {
        case "RandomInt": return .randomInt(min: try int("min", 0), max: try int("max", 2_147_483_647))
        case "RandomDecimal": return .randomDecimal(digits: try int("digits", 10))
        case "RandomHexadecimal": return .randomHexadecimal(digits: try int("digits", 10))
        case "RandomString": return .randomString(size: try int("size", 20))
        case "Regex": return .regex(try required("regex"))
        case "Uuid": return .uuid(format: try text("format"))
        case "Date", "Time", "DateTime":
            let format = try text("format")
            guard let written = try text("expression") else {
                return type == "Date" ? .date(format: format) : type == "Time" ? .time(format: format) : .dateTime(format: format)
            }
            do throws(DateExpressionError) {
                return .relative(try DateExpression(written, kind: DateExpression.Kind(generatorName: type) ?? .dateTime), format: format)
            } catch {
                throw StubProblem(pointer: pointer + "/expression", message: "\(error)")
            }
        case "RandomBoolean": return .randomBoolean
        case "ProviderState": return .providerState(expression: try required("expression"))
        case "MockServerURL": return .mockServerURL(regex: try required("regex"), example: try required("example"))
        default:
            throw StubProblem(pointer: pointer + "/type", message: "unknown generator \"\(type)\"; expected RandomInt, RandomDecimal, RandomHexadecimal, RandomString, Regex, Uuid, Date, Time, DateTime, RandomBoolean, ProviderState, MockServerURL")
        }
    }
}

extension PactRequest {
    /// This request as a verifier sends it: each request generator's value
    /// in place of the example (path, query values, header values, JSON body
    /// values; `MockServerURL` excepted), `ProviderState` expressions filled
    /// from `values` (what the state-change call returned) and typed like
    /// the example.
    public func generated(values: [String: JSONValue], using random: inout some RandomNumberGenerator) -> PactRequest {
        guard !generators.isEmpty else { return self }
        var request = self
        let context = ValueGenerator.Context(request: recorded, parameters: values)
        func text(_ generator: ValueGenerator, _ example: String) -> String? {
            guard generator.appliesWhenVerifying, let made = generator.generate(context, like: .string(example), using: &random) else { return nil }
            if case .string(let string) = made { return string }
            return made.description
        }
        if let generator = generators.path, let path = text(generator, path) { request.path = path }
        for (name, generator) in generators.query.sorted(by: { $0.key < $1.key }) {
            guard var query = request.query, let index = query.firstIndex(where: { $0.name == name }) else { continue }
            query[index].values = query[index].values.map { text(generator, $0) ?? $0 }
            request.query = query
            request.rawQuery = nil
        }
        for (name, generator) in generators.headers.sorted(by: { $0.key < $1.key }) {
            for index in request.headers.indices where request.headers[index].name.caseInsensitiveCompare(name) == .orderedSame {
                request.headers[index].value = text(generator, request.headers[index].value) ?? request.headers[index].value
            }
        }
        if case .json = body {
            let verifying = generators.body.filter { $0.value.appliesWhenVerifying }
            let made = ResponseGenerators.applying(verifying, to: bodyData, context, using: &random)
            if let parsed = try? LocatedJSON.valueAndDecimals(made) {
                request.body = .json(parsed.value)
                request.bodySpelling = PactBodySpelling(body: parsed.value, decimals: parsed.decimals)
            }
        }
        return request
    }
}
