import Foundation
import StubKit
import Yams

/// A value a schema accepts, made from the schema alone when a document
/// gives no example: the schema's own `example`/`examples`, `default`,
/// `const` or first `enum` value, else one built by type (every property of
/// an object, as many array items as `minItems` asks, a string of the
/// format or pattern, a number inside the bounds). Deterministic for a seed;
/// a recursive schema stops where it would repeat itself.
struct SchemaExample {
    let source: OpenAPISource
    let direction: SchemaValidator.Direction
    var random: SplitMix64

    init(source: OpenAPISource, direction: SchemaValidator.Direction, seed: UInt64) {
        self.source = source
        self.direction = direction
        self.random = SplitMix64(seed: seed)
    }

    mutating func value(for schema: Node, references: [String] = []) -> JSONValue? {
        if let reference = schema.member("$ref")?.text {
            guard !references.contains(reference), references.count < 32, let target = source.resolve(reference) else { return nil }
            return value(for: target, references: references + [reference])
        }
        if let example = schema.member("example") { return example.json }
        if let first = schema.member("examples")?.items.first { return first.json }
        if let value = schema.member("default") { return value.json }
        if let value = schema.member("const") { return value.json }
        if let first = schema.member("enum")?.items.first { return first.json }
        if let parts = schema.member("allOf")?.items, !parts.isEmpty {
            var merged: [String: JSONValue] = [:]
            for part in parts {
                guard let made = value(for: part, references: references) else { continue }
                guard case .object(let members) = made else { return made }
                merged.merge(members) { first, second in Self.merged(first, second) }
            }
            return .object(merged)
        }
        if let first = (schema.member("oneOf") ?? schema.member("anyOf"))?.items.first { return value(for: first, references: references) }
        let types = schema.member("type").map { $0.items.isEmpty ? [$0.text ?? ""] : $0.items.compactMap(\.text) } ?? []
        let type = types.first { $0 != "null" } ?? (schema.member("properties") != nil ? "object" : schema.member("items") != nil ? "array" : types.first ?? "object")
        switch type {
        case "null": return .null
        case "boolean": return .bool(true)
        case "integer", "number": return .number(number(schema, integer: type == "integer"))
        case "string": return .string(string(schema))
        case "array":
            let count = max(1, Int(schema.member("minItems")?.number ?? 1))
            guard let items = schema.member("items") else { return .array([]) }
            var made: [JSONValue] = []
            for _ in 0..<min(count, 64) {
                guard let item = value(for: items, references: references) else { return .array([]) }
                made.append(item)
            }
            return .array(made)
        default:
            var members: [String: JSONValue] = [:]
            let required = Set(schema.member("required")?.items.compactMap(\.text) ?? [])
            for (name, property) in schema.member("properties")?.members ?? [] {
                let hidden = direction == .response ? flagged(property, "writeOnly") : flagged(property, "readOnly")
                if hidden { continue }
                guard let made = value(for: property, references: references) else {
                    if required.contains(name) { return nil }
                    continue
                }
                members[name] = made
            }
            return .object(members)
        }
    }

    /// Two values made for one place by different `allOf` parts, combined so
    /// both parts' requirements hold: objects member by member, arrays item by item.
    static func merged(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(let a), .object(let b)): return .object(a.merging(b) { merged($0, $1) })
        case (.array(let a), .array(let b)):
            let count = max(a.count, b.count)
            return .array((0..<count).map { index in
                index < a.count && index < b.count ? merged(a[index], b[index]) : index < a.count ? a[index] : b[index]
            })
        default: return first
        }
    }

    private func flagged(_ property: Node, _ keyword: String) -> Bool {
        if property.member(keyword)?.boolean == true { return true }
        if let reference = property.member("$ref")?.text, let target = source.resolve(reference) { return target.member(keyword)?.boolean == true }
        return false
    }

    private func number(_ schema: Node, integer: Bool) -> Double {
        var low = schema.member("minimum")?.number ?? schema.member("exclusiveMinimum")?.number ?? 0
        if let exclusive = schema.member("exclusiveMinimum")?.number { low = max(low, exclusive + (integer ? 1 : 0.5)) }
        if schema.member("exclusiveMinimum")?.boolean == true { low += integer ? 1 : 0.5 }
        if let high = schema.member("maximum")?.number ?? schema.member("exclusiveMaximum")?.number, low > high { low = high - (integer ? 1 : 0.5) }
        if let step = schema.member("multipleOf")?.number, step > 0 { low = (low / step).rounded(.up) * step }
        return integer ? low.rounded(.up) : low
    }

    private mutating func string(_ schema: Node) -> String {
        var text: String
        switch schema.member("format")?.text {
        case "date-time": text = "2024-01-01T00:00:00Z"
        case "date": text = "2024-01-01"
        case "time": text = "00:00:00"
        case "uuid": text = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "email": text = "user@example.com"
        case "uri", "url": text = "https://example.com/"
        case "byte": text = "dGV4dA=="
        default: text = "string"
        }
        if let pattern = schema.member("pattern")?.text, let sampled = RegexSampler.sample(pattern, using: &random) { text = sampled }
        if let low = schema.member("minLength")?.number, text.count < Int(low) { text += String(repeating: "a", count: Int(low) - text.count) }
        if let high = schema.member("maxLength")?.number, text.count > Int(high) { text = String(text.prefix(Int(high))) }
        return text
    }
}
