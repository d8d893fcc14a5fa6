import Foundation
import StubKit
import Yams

/// A value a schema accepts, made from the schema alone when a document
/// gives no example: the schema's own `example`/`examples`, `default`,
/// `const` or first `enum` value, else one built by type (every property of
/// an object, as many array items as `minItems` asks, a string of the
/// format or pattern, a number inside the bounds). Deterministic for a seed;
/// a recursive schema stops where it would repeat itself.
///
/// Seed 0 makes the plainest value (the lowest number, the first `enum`
/// value, the schema's own example), so a document's made bodies read the
/// same everywhere. Any other seed varies what the schema leaves open:
/// numbers inside their bounds, `enum` members, booleans, dates, UUIDs,
/// words and array lengths, ignoring `example` and `default`, and every
/// value still validates.
struct SchemaExample {
    let source: OpenAPISource
    let direction: SchemaValidator.Direction
    var random: SplitMix64
    /// Whether values vary with the seed (any seed but 0).
    var varies: Bool

    init(source: OpenAPISource, direction: SchemaValidator.Direction, seed: UInt64) {
        self.source = source
        self.direction = direction
        self.random = SplitMix64(seed: seed)
        self.varies = seed != 0
    }

    mutating func value(for schema: Node, references: [String] = []) -> JSONValue? {
        if let reference = schema.member("$ref")?.text {
            guard !references.contains(reference), references.count < 32, let target = source.resolve(reference) else { return nil }
            return value(for: target, references: references + [reference])
        }
        if !varies, let example = schema.member("example") { return example.json }
        if !varies, let first = schema.member("examples")?.items.first { return first.json }
        if !varies, let value = schema.member("default") { return value.json }
        if let value = schema.member("const") { return value.json }
        if let members = schema.member("enum")?.items, !members.isEmpty {
            return (varies ? members[Int(random.next() % UInt64(members.count))] : members[0]).json
        }
        if let parts = schema.member("allOf")?.items, !parts.isEmpty {
            var merged: [String: JSONValue] = [:]
            for part in parts {
                guard let made = value(for: part, references: references) else { continue }
                guard case .object(let members) = made else { return made }
                merged.merge(members) { first, second in Self.merged(first, second) }
            }
            return .object(merged)
        }
        if let choices = schema.member("oneOf")?.items, let first = choices.first { return value(for: first, references: references) }
        if let choices = schema.member("anyOf")?.items, !choices.isEmpty {
            return value(for: varies ? choices[Int(random.next() % UInt64(choices.count))] : choices[0], references: references)
        }
        let types = schema.member("type").map { $0.items.isEmpty ? [$0.text ?? ""] : $0.items.compactMap(\.text) } ?? []
        let type = types.first { $0 != "null" } ?? (schema.member("properties") != nil ? "object" : schema.member("items") != nil ? "array" : types.first ?? "object")
        switch type {
        case "null": return .null
        case "boolean": return .bool(varies ? random.next() & 1 == 0 : true)
        case "integer", "number": return .number(number(schema, integer: type == "integer"))
        case "string": return .string(string(schema))
        case "array": return array(schema, references: references)
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
            // Items past the shorter array's end are merged with its last
            // item, so every item meets both parts' requirements.
            let count = max(a.count, b.count)
            return .array((0..<count).map { index in
                let left = index < a.count ? a[index] : a.last
                let right = index < b.count ? b[index] : b.last
                guard let left else { return right ?? .null }
                return right.map { merged(left, $0) } ?? left
            })
        default: return first
        }
    }

    /// `minItems` items (at least one), up to three more when varying and
    /// `maxItems` allows; with `uniqueItems`, a repeated item is made again
    /// with varied values rather than kept.
    private mutating func array(_ schema: Node, references: [String]) -> JSONValue {
        let low = max(1, Int(schema.member("minItems")?.number ?? 1))
        let high = min(low + 3, max(low, Int(schema.member("maxItems")?.number ?? Double(low + 3))))
        let count = min(64, varies ? low + Int(random.next() % UInt64(high - low + 1)) : low)
        guard let items = schema.member("items") else { return .array([]) }
        let unique = schema.member("uniqueItems")?.boolean == true
        var made: [JSONValue] = []
        var attempts = 0
        while made.count < count, attempts < count * 8 {
            attempts += 1
            let plain = varies
            if unique, !made.isEmpty { varies = true }
            defer { varies = plain }
            guard let item = value(for: items, references: references) else { return .array([]) }
            if unique, made.contains(item) { continue }
            made.append(item)
        }
        return .array(made)
    }

    private func flagged(_ property: Node, _ keyword: String) -> Bool {
        if property.member(keyword)?.boolean == true { return true }
        if let reference = property.member("$ref")?.text, let target = source.resolve(reference) { return target.member(keyword)?.boolean == true }
        return false
    }

    private mutating func number(_ schema: Node, integer: Bool) -> Double {
        var low = schema.member("minimum")?.number ?? schema.member("exclusiveMinimum")?.number ?? 0
        if let exclusive = schema.member("exclusiveMinimum")?.number { low = max(low, exclusive + (integer ? 1 : 0.5)) }
        if schema.member("exclusiveMinimum")?.boolean == true { low += integer ? 1 : 0.5 }
        var high = schema.member("maximum")?.number ?? schema.member("exclusiveMaximum")?.number.map { $0 - (integer ? 1 : 0.5) }
        if schema.member("exclusiveMaximum")?.boolean == true, let bound = high { high = bound - (integer ? 1 : 0.5) }
        if let high, low > high { low = high }
        if varies {
            let top = min(high ?? low + 1_000, low + 1_000_000)
            let span = max(0, (top - low).rounded(.down))
            if span >= 1 { low += Double(random.next() % UInt64(span + 1)) }
        }
        if let step = schema.member("multipleOf")?.number, step > 0 { low = (low / step).rounded(.up) * step }
        return integer ? low.rounded(.up) : low
    }

    private mutating func string(_ schema: Node) -> String {
        var text: String
        let format = schema.member("format")?.text
        if varies, let varied = variedString(format: format) {
            text = varied
        } else {
            switch format {
            case "date-time": text = "2024-01-01T00:00:00Z"
            case "date": text = "2024-01-01"
            case "time": text = "00:00:00"
            case "uuid": text = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
            case "email": text = "user@example.com"
            case "uri", "url": text = "https://example.com/"
            case "byte": text = "dGV4dA=="
            default: text = "string"
            }
        }
        if let pattern = schema.member("pattern")?.text, let sampled = RegexSampler.sample(pattern, using: &random) { text = sampled }
        if let low = schema.member("minLength")?.number, text.count < Int(low) { text += String(repeating: "a", count: Int(low) - text.count) }
        if let high = schema.member("maxLength")?.number, text.count > Int(high) { text = String(text.prefix(Int(high))) }
        return text
    }

    private static let words = ["alpha", "bravo", "comet", "delta", "ember", "fjord", "glade", "harbor", "iris", "juniper", "kestrel", "lumen"]

    /// A string of `format` that differs from seed to seed; `nil` where no
    /// varied form is known (the plain one is used).
    private mutating func variedString(format: String?) -> String? {
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        let word = Self.words[pick(0...Self.words.count - 1)]
        let day = String(format: "%04d-%02d-%02d", pick(2000...2030), pick(1...12), pick(1...28))
        let time = String(format: "%02d:%02d:%02d", pick(0...23), pick(0...59), pick(0...59))
        switch format {
        case "date-time": return "\(day)T\(time)Z"
        case "date": return day
        case "time": return time
        case "uuid":
            let bits = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let hex = bits.enumerated().map { index, byte in
                String(format: "%02x", index == 6 ? byte & 0x0F | 0x40 : index == 8 ? byte & 0x3F | 0x80 : byte)
            }.joined()
            let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
                String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
            }
            return parts.joined(separator: "-")
        case "email": return "\(word)\(pick(1...99))@example.com"
        case "uri", "url": return "https://example.com/\(word)/\(pick(1...999))"
        case nil: return "\(word)-\(pick(1...999))"
        default: return nil
        }
    }
}
