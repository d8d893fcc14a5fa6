import Foundation
import StubKit

/// Writes a pact file: V4 by default (typed interactions, body objects,
/// header value lists), or V3 (raw bodies, single header values). Rules are
/// written in the categories the version reads; what PactFormat writes, it reads.
public enum PactWriter {
    /// The pact as JSON text, ending in a newline.
    public static func text(consumer: String, provider: String, interactions: [PactInteraction], version: PactVersion = .v4) -> String {
        text(consumer: consumer, provider: provider, written: interactions.map { interaction($0, version).text }, version: version)
    }

    /// The pact as JSON text from its interactions written already (each
    /// `interaction(_:_:)`'s text): a ledger that rewrites the file as
    /// interactions come writes each one once, not once per rewrite.
    static func text(consumer: String, provider: String, written: [String], version: PactVersion) -> String {
        // The list is spliced in where this placeholder prints as the key's value (a name holding the
        // same text prints inside quotes, its own quotes escaped, so the key and value together print once).
        let placeholder = "\"interactions\": " + JSONValue.string("\u{0}interactions\u{0}").description
        let skeleton = WrittenJSON.object([
            ("consumer", .object([("name", .string(consumer))])),
            ("provider", .object([("name", .string(provider))])),
            ("interactions", .value(.string("\u{0}interactions\u{0}"))),
            ("metadata", .object([
                ("pactSpecification", .object([("version", .string(version == .v4 ? "4.0" : version == .v3 ? "3.0.0" : "2.0.0"))])),
                ("understudy", .object([("version", .string("0.2"))])),
            ])),
        ]).text
        // As WrittenJSON writes a list at depth one: each item indented by four spaces, every line of it.
        let items = written.map { item in "    " + item.trimmingCharacters(in: .newlines).replacingOccurrences(of: "\n", with: "\n    ") }
        let list = items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]"
        guard let range = skeleton.range(of: placeholder) else { return skeleton }
        return skeleton.replacingCharacters(in: range, with: "\"interactions\": " + list)
    }

    /// One interaction as the version writes it.
    static func interaction(_ interaction: PactInteraction, _ version: PactVersion) -> WrittenJSON {
        var members: [(String, WrittenJSON)] = []
        if version == .v4 { members.append(("type", .string("Synchronous/HTTP"))) }
        members.append(("description", .string(interaction.description)))
        if !interaction.providerStates.isEmpty {
            members.append(("providerStates", .array(interaction.providerStates.map { state in
                .object([("name", .string(state.name)), ("params", .value(state.params))])
            })))
        }
        var request: [(String, WrittenJSON)] = [("method", .string(interaction.request.method)), ("path", .string(interaction.request.path))]
        if let query = interaction.request.query, !query.isEmpty {
            request.append(("query", .object(query.map { ($0.name, .array($0.values.map(WrittenJSON.string))) })))
        }
        request += parts(interaction.request.headers, interaction.request.body, interaction.request.bodySpelling, interaction.request.rules, version)
        request += generators(interaction.request.generators)
        members.append(("request", .object(request)))
        var response: [(String, WrittenJSON)] = [("status", .number(Double(interaction.response.status)))]
        response += parts(interaction.response.headers, interaction.response.body, interaction.response.bodySpelling, interaction.response.rules, version)
        response += generators(interaction.response.generators)
        members.append(("response", .object(response)))
        if version == .v4, interaction.pending { members.append(("pending", .bool(true))) }
        return .object(members)
    }

    /// `generators` by category, when there are any.
    private static func generators(_ generators: PactGenerators) -> [(String, WrittenJSON)] {
        guard !generators.isEmpty else { return [] }
        var categories: [(String, WrittenJSON)] = []
        if let status = generators.status { categories.append(("status", generator(status))) }
        if let path = generators.path { categories.append(("path", generator(path))) }
        if !generators.headers.isEmpty { categories.append(("header", .object(generators.headers.sorted { $0.key < $1.key }.map { ($0.key, generator($0.value)) }))) }
        if !generators.query.isEmpty { categories.append(("query", .object(generators.query.sorted { $0.key < $1.key }.map { ($0.key, generator($0.value)) }))) }
        if !generators.body.isEmpty { categories.append(("body", .object(generators.body.sorted { $0.key.source < $1.key.source }.map { ($0.key.source, generator($0.value)) }))) }
        return [("generators", .object(categories))]
    }

    static func generator(_ generator: ValueGenerator) -> WrittenJSON {
        func typed(_ name: String, _ more: [(String, WrittenJSON)] = []) -> WrittenJSON { .object([("type", .string(name))] + more) }
        func format(_ format: String?) -> [(String, WrittenJSON)] { format.map { [("format", .string($0))] } ?? [] }
        switch generator {
        case .randomInt(let low, let high): return typed("RandomInt", [("min", .number(Double(low))), ("max", .number(Double(high)))])
        case .randomDecimal(let digits): return typed("RandomDecimal", [("digits", .number(Double(digits)))])
        case .randomHexadecimal(let digits): return typed("RandomHexadecimal", [("digits", .number(Double(digits)))])
        case .randomString(let size): return typed("RandomString", [("size", .number(Double(size)))])
        case .regex(let pattern): return typed("Regex", [("regex", .string(pattern))])
        case .uuid(let shape): return typed("Uuid", format(shape))
        case .date(let shape): return typed("Date", format(shape))
        case .time(let shape): return typed("Time", format(shape))
        case .dateTime(let shape): return typed("DateTime", format(shape))
        case .relative(let expression, let shape):
            return typed(expression.kind.generatorName, format(shape) + [("expression", .string(expression.text))])
        case .randomBoolean: return typed("RandomBoolean")
        case .providerState(let expression): return typed("ProviderState", [("expression", .string(expression))])
        case .mockServerURL(let regex, let example): return typed("MockServerURL", [("regex", .string(regex)), ("example", .string(example))])
        }
    }

    /// `headers`, `body` and `matchingRules`. A JSON body's whole numbers are
    /// written as decimals (`10.0`) where the pact read wrote them so or a
    /// `decimal` rule governs them: to the Pact tools `10` is an integer.
    private static func parts(
        _ headers: [(name: String, value: String)], _ body: PactBody, _ spelling: PactBodySpelling?, _ rules: PactRules, _ version: PactVersion
    ) -> [(String, WrittenJSON)] {
        var members: [(String, WrittenJSON)] = []
        if !headers.isEmpty {
            members.append(("headers", .object(headers.map { ($0.name, version == .v4 ? .array([.string($0.value)]) : .string($0.value)) })))
        }
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value
        switch body {
        case .absent: break
        case .empty: members.append(("body", version == .v4 ? .object([("content", .string(""))]) : .string("")))
        case .json(let value):
            let content = WrittenJSON.value(value, decimals: body.decimals(spelled: spelling, rules: rules))
            members.append(("body", version == .v4
                ? .object([("contentType", .string(contentType ?? "application/json")), ("encoded", .bool(false)), ("content", content)])
                : content))
        case .bytes(let data, let type) where version != .v4 && !PactPartReader.isTextual(type ?? contentType ?? "text/plain"):
            // V2/V3 keep a binary type's body as a base64 string (how the Pact tools read it back).
            members.append(("body", .string(data.base64EncodedString())))
        case .bytes(let data, let type):
            if let text = String(data: data, encoding: .utf8) {
                members.append(("body", version == .v4
                    ? .object([("contentType", .string(type ?? contentType ?? "text/plain")), ("encoded", .bool(false)), ("content", .string(text))])
                    : .string(text)))
            } else {
                members.append(("body", .object([("contentType", .string(type ?? contentType ?? "application/octet-stream")),
                                                 ("encoded", .string("base64")), ("content", .string(data.base64EncodedString()))])))
            }
        }
        let written = matchingRules(rules)
        if !written.isEmpty { members.append(("matchingRules", .object(written))) }
        return members
    }

    /// The rule categories: `path`, `query`, `header`, `body`.
    private static func matchingRules(_ rules: PactRules) -> [(String, WrittenJSON)] {
        var categories: [(String, WrittenJSON)] = []
        if let path = rules.path { categories.append(("path", set(path))) }
        if !rules.query.isEmpty { categories.append(("query", .object(rules.query.keys.sorted().map { ($0, set(rules.query[$0]!)) }))) }
        if !rules.header.isEmpty { categories.append(("header", .object(rules.header.keys.sorted().map { ($0, set(rules.header[$0]!)) }))) }
        if !rules.body.isEmpty { categories.append(("body", .object(rules.body.map { ($0.path.source, set($0.set)) }))) }
        return categories
    }

    static func set(_ set: ShapeRuleSet) -> WrittenJSON {
        .object([("combine", .string(set.combinesWithOr ? "OR" : "AND")), ("matchers", .array(set.rules.map(rule)))])
    }

    /// One matcher object (`{"match": "regex", "regex": "…"}`).
    static func rule(_ rule: ShapeRule) -> WrittenJSON {
        func match(_ name: String, _ more: [(String, WrittenJSON)] = []) -> WrittenJSON { .object([("match", .string(name))] + more) }
        switch rule {
        case .equality: return match("equality")
        case .regex(let pattern): return match("regex", [("regex", .string(pattern.source))])
        case .type(let min, let max):
            return match("type", (min.map { [("min", WrittenJSON.number(Double($0)))] } ?? []) + (max.map { [("max", WrittenJSON.number(Double($0)))] } ?? []))
        case .include(let text): return match("include", [("value", .string(text))])
        case .number: return match("number")
        case .integer: return match("integer")
        case .decimal: return match("decimal")
        case .boolean: return match("boolean")
        case .null: return match("null")
        case .dateTime(let kind, let format): return match(kind.rawValue, format.map { [("format", WrittenJSON.string($0))] } ?? [])
        case .contentType(let type): return match("contentType", [("value", .string(type))])
        case .values: return match("values")
        case .notEmpty: return match("notEmpty")
        case .semver: return match("semver")
        case .eachKey(let rules): return match("eachKey", [("rules", .array(rules.map(self.rule)))])
        case .eachValue(let rules): return match("eachValue", [("rules", .array(rules.map(self.rule)))])
        case .arrayContains(let variants):
            return match("arrayContains", [("variants", .array(variants.map { variant in
                .object([("index", .number(Double(variant.index))),
                         ("rules", .object(variant.rules.map { ($0.path.source, set($0.set)) }))])
            }))])
        }
    }
}
