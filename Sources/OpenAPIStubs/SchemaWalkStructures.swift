import Foundation
import StubKit
import Yams

/// Arrays, objects and the combinators (`allOf`, `anyOf`, `oneOf`, `not`,
/// `if`/`then`/`else`, with `discriminator`).
extension SchemaWalk {
    mutating func array(_ items: [JSONValue], _ schema: Node, _ pointer: String, _ path: String, seen: Set<String>) {
        let legacy = source.dialect == .openAPI30
        var prefix = 0
        if !legacy, let prefixItems = schema.member("prefixItems") {
            for (index, itemSchema) in prefixItems.items.enumerated() where index < items.count {
                validate(items[index], itemSchema, pointer + "/prefixItems/\(index)", path + "/\(index)", seen: [])
            }
            prefix = prefixItems.items.count
        }
        if let itemSchema = schema.member("items") {
            for index in items.indices where index >= prefix {
                validate(items[index], itemSchema, pointer + "/items", path + "/\(index)", seen: [])
            }
        }
        if let minimum = schema.member("minItems"), let bound = minimum.number, Double(items.count) < bound {
            fail(path, "minItems", "expected at least \(Int(bound)) items, got \(items.count)", minimum, pointer + "/minItems")
        }
        if let maximum = schema.member("maxItems"), let bound = maximum.number, Double(items.count) > bound {
            fail(path, "maxItems", "expected at most \(Int(bound)) items, got \(items.count)", maximum, pointer + "/maxItems")
        }
        if let unique = schema.member("uniqueItems"), unique.boolean == true {
            outer: for (index, item) in items.enumerated() {
                for later in items[(index + 1)...] where Self.equal(item, later) {
                    fail(path, "uniqueItems", "expected unique items, but \(Self.shown(item)) comes twice", unique, pointer + "/uniqueItems")
                    break outer
                }
            }
        }
        if !legacy, let contains = schema.member("contains") {
            let count = items.enumerated().filter { passes($0.element, contains, pointer + "/contains", path + "/\($0.offset)", seen: []) }.count
            let low = schema.member("minContains")?.number.map(Int.init) ?? 1
            let high = schema.member("maxContains")?.number.map(Int.init)
            if count < low {
                fail(path, "contains", "expected at least \(low) item\(low == 1 ? "" : "s") matching contains, got \(count)", contains, pointer + "/contains")
            }
            if let high, count > high {
                fail(path, "maxContains", "expected at most \(high) items matching contains, got \(count)", contains, pointer + "/maxContains")
            }
        }
    }

    mutating func object(_ members: [String: JSONValue], _ schema: Node, _ pointer: String, _ path: String, seen: Set<String>) {
        let properties = schema.member("properties")
        let patterns = schema.member("patternProperties")?.members.map { (TextPattern($0.key), $0.key, $0.value) } ?? []
        if let required = schema.member("required") {
            for name in required.items.compactMap(\.text) where members[name] == nil {
                if let property = properties?.member(name), skipsRequired(property) { continue }
                fail(path, "required", "the required property \(name) is missing", required, pointer + "/required")
            }
        }
        for name in members.keys.sorted() {
            let value = members[name]!
            let here = path + "/" + Self.escape(name)
            var covered = false
            if let property = properties?.member(name) {
                covered = true
                let at = pointer + "/properties/" + Self.escape(name)
                if let problem = directionProblem(property) { fail(here, direction == .request ? "readOnly" : "writeOnly", problem, property, at) }
                validate(value, property, at, here, seen: [])
            }
            for (pattern, source, patternSchema) in patterns where pattern.problem == nil && pattern.matches(name) {
                covered = true
                validate(value, patternSchema, pointer + "/patternProperties/" + Self.escape(source), here, seen: [])
            }
            if !covered, let additional = schema.member("additionalProperties") {
                if additional.boolean == false {
                    fail(here, "additionalProperties", "the property \(name) is not allowed", additional, pointer + "/additionalProperties")
                } else {
                    validate(value, additional, pointer + "/additionalProperties", here, seen: [])
                }
            }
            if let names = schema.member("propertyNames"), !passes(.string(name), names, pointer + "/propertyNames", here, seen: []) {
                fail(here, "propertyNames", "the property name \(Self.shown(.string(name))) is not allowed", names, pointer + "/propertyNames")
            }
        }
        if let minimum = schema.member("minProperties"), let bound = minimum.number, Double(members.count) < bound {
            fail(path, "minProperties", "expected at least \(Int(bound)) properties, got \(members.count)", minimum, pointer + "/minProperties")
        }
        if let maximum = schema.member("maxProperties"), let bound = maximum.number, Double(members.count) > bound {
            fail(path, "maxProperties", "expected at most \(Int(bound)) properties, got \(members.count)", maximum, pointer + "/maxProperties")
        }
        if let dependencies = schema.member("dependentRequired") {
            for (name, needed) in dependencies.members where members[name] != nil {
                for other in needed.items.compactMap(\.text) where members[other] == nil {
                    fail(path, "dependentRequired", "\(name) is present, so \(other) is required", needed, pointer + "/dependentRequired/" + Self.escape(name))
                }
            }
        }
    }

    /// The schema itself or, for a `$ref`, its target: where `readOnly` and `writeOnly` are written.
    private func flagged(_ property: Node, _ keyword: String) -> Bool {
        if property.member(keyword)?.boolean == true { return true }
        if let reference = property.member("$ref")?.text, let target = source.resolve(reference) { return target.member(keyword)?.boolean == true }
        return false
    }

    /// A request need not send a readOnly property, nor a response a writeOnly one.
    private func skipsRequired(_ property: Node) -> Bool {
        direction == .request ? flagged(property, "readOnly") : flagged(property, "writeOnly")
    }

    private func directionProblem(_ property: Node) -> String? {
        if direction == .request, flagged(property, "readOnly") { return "a readOnly property is sent in a request" }
        if direction == .response, flagged(property, "writeOnly") { return "a writeOnly property is sent in a response" }
        return nil
    }

    mutating func combinators(_ instance: JSONValue, _ schema: Node, _ pointer: String, _ path: String, seen: Set<String>) {
        if let all = schema.member("allOf") {
            for (index, part) in all.items.enumerated() { validate(instance, part, pointer + "/allOf/\(index)", path, seen: seen) }
        }
        if let any = schema.member("anyOf"), !chosenByDiscriminator(instance, schema, any, "anyOf", pointer, path, seen: seen) {
            let passing = any.items.enumerated().filter { passes(instance, $0.element, pointer + "/anyOf/\($0.offset)", path, seen: seen) }
            if passing.isEmpty { fail(path, "anyOf", "matches none of the \(any.items.count) schemas of anyOf", any, pointer + "/anyOf") }
        }
        if let one = schema.member("oneOf"), !chosenByDiscriminator(instance, schema, one, "oneOf", pointer, path, seen: seen) {
            let passing = one.items.enumerated().filter { passes(instance, $0.element, pointer + "/oneOf/\($0.offset)", path, seen: seen) }.map(\.offset)
            if passing.count != 1 {
                let detail = passing.isEmpty ? "none" : "\(passing.count) (\(passing.map { "#\($0)" }.joined(separator: ", ")))"
                fail(path, "oneOf", "expected exactly one of the \(one.items.count) schemas of oneOf to match, matched \(detail)", one, pointer + "/oneOf")
            }
        }
        if let not = schema.member("not"), passes(instance, not, pointer + "/not", path, seen: seen) {
            fail(path, "not", "matches the schema it must not", not, pointer + "/not")
        }
        if source.dialect == .openAPI31, let condition = schema.member("if") {
            if passes(instance, condition, pointer + "/if", path, seen: seen) {
                if let then = schema.member("then") { validate(instance, then, pointer + "/then", path, seen: seen) }
            } else if let otherwise = schema.member("else") {
                validate(instance, otherwise, pointer + "/else", path, seen: seen)
            }
        }
    }

    /// With a `discriminator`, the instance's property value picks the one
    /// schema it is judged by (through `mapping`, or the schema's name);
    /// returns whether it decided.
    private mutating func chosenByDiscriminator(
        _ instance: JSONValue, _ schema: Node, _ choices: Node, _ keyword: String, _ pointer: String, _ path: String, seen: Set<String>
    ) -> Bool {
        guard let discriminator = schema.member("discriminator"), let property = discriminator.member("propertyName")?.text,
              case .object(let members) = instance else { return false }
        guard case .string(let value)? = members[property] else {
            fail(path, "discriminator", "the discriminator property \(property) is missing or not a string", discriminator, pointer + "/discriminator")
            return true
        }
        let target = discriminator.member("mapping")?.member(value)?.text ?? "#/components/schemas/\(value)"
        let reference = target.hasPrefix("#") ? target : "#/components/schemas/\(target)"
        guard choices.items.contains(where: { $0.member("$ref")?.text == reference }), let chosen = source.resolve(reference) else {
            fail(path, "discriminator", "\(property) \(Self.shown(.string(value))) names none of the schemas of \(keyword)", discriminator, pointer + "/discriminator")
            return true
        }
        guard !seen.contains(reference + "@" + path) else { return true }
        validate(instance, chosen, reference, path, seen: seen.union([reference + "@" + path]))
        return true
    }
}
