import Foundation

/// A value a template works with, rendered the way WireMock 2.35.1 (Java)
/// renders it: `1.0` for a decimal, `[1, b]` for a list, `{a=1}` for a map.
indirect enum TemplateValue: Sendable {
    /// Nothing there (a missing path): renders `""`, falsy.
    case missing
    /// JSON `null`: renders `""`, falsy.
    case null
    case text(String)
    case integer(Int)
    case decimal(Double)
    case bool(Bool)
    /// A list (`array`, `range`, a JSON array): renders `[1, b]`.
    case list([TemplateValue])
    /// A map in order (`parseJson`, `formData`, `request.query`): renders `{k=v}`.
    case map([(key: String, value: TemplateValue)])
    /// The values of a query parameter, header or cookie: renders and reads
    /// as its first value in text, but compares and iterates as a list.
    case values([String])
    /// `request.method`: renders its text, yet equals no string (a Java enum).
    case opaque(String)
    /// An instant with the zone it renders in (`now`, `parseDate`).
    case date(TemplateDate)
    /// A JSON result of `jsonPath`: an object renders pretty (nulls left
    /// out), an array compact; both are navigable. The hints keep the
    /// document's key order and which numbers were written as decimals.
    case json(JSONValue, JSONHints)
    /// What a block rendered, or a helper made as text (not escaped again).
    case safe(String)
    /// Text whose items can be picked too: `request.path` (`request.path.[2]`).
    case segmented(String, [String])
    /// A map whose names compare without case (`request.headers`).
    case caseless([(key: String, value: TemplateValue)])
    /// A value whose members are made when asked for (the request model:
    /// only what a template reads is computed); renders `text`.
    case lookup(TemplateLookup)
    /// The nodes `xPath` selected: renders the first (an element as its XML
    /// and a newline), iterates all, and offers `text`, `name`, `attributes`.
    case xmlNodes([XPathSelection])

    /// The text a mustache writes (before HTML escaping).
    var rendered: String {
        switch self {
        case .missing, .null: return ""
        case .text(let text), .safe(let text), .opaque(let text), .segmented(let text, _): return text
        case .integer(let value): return String(value)
        case .decimal(let value): return Self.javaDouble(value)
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return "[" + items.map(\.javaText).joined(separator: ", ") + "]"
        case .map(let members), .caseless(let members):
            return "{" + members.map { "\($0.key)=\($0.value.javaText)" }.joined(separator: ", ") + "}"
        case .values(let values): return values.first ?? ""
        case .xmlNodes(let nodes): return nodes.first.map { $0.element.map { $0.plainXMLText + "\n" } ?? $0.text } ?? ""
        case .lookup(let lookup): return lookup.text
        case .date(let date): return date.rendered
        case .json(let value, let hints):
            switch value {
            case .object: return JSONPretty.jackson(value, hints: hints)
            case .array: return JSONPretty.compact(value, hints: hints)
            default: return TemplateValue(json: value, hints: hints).rendered
            }
        }
    }

    /// The text inside a Java collection's `toString` (`null` for null).
    private var javaText: String {
        switch self {
        case .null: return "null"
        default: return rendered
        }
    }

    /// Java's `Double.toString` for the common range: `2.5`, `3.0`, `1000.0`, `1.0E10`.
    static func javaDouble(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        let magnitude = abs(value)
        if magnitude != 0, magnitude < 1e-3 || magnitude >= 1e7 {
            let text = String(format: "%.17G", value)
            guard let mark = text.firstIndex(of: "E") else { return text }
            var mantissa = String(Double(text[..<mark])!.description)
            if !mantissa.contains(".") { mantissa += ".0" }
            let exponent = Int(text[text.index(after: mark)...])!
            return mantissa.replacingOccurrences(of: "e", with: "E") + "E\(exponent)"
        }
        if value.rounded() == value, magnitude < 1e15 { return String(format: "%.1f", value) }
        return "\(value)"
    }

    /// A JSON value as a template value (scalars as themselves, objects and lists navigable).
    init(json: JSONValue, hints: JSONHints = .none) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .string(let text): self = .text(text)
        case .number(let number):
            self = hints.isDecimal(number) || abs(number) >= 9.2e18 ? .decimal(number) : .integer(Int(number))
        case .array, .object: self = .json(json, hints)
        }
    }

    /// A JSON value found inside another (a list element, an object member):
    /// an object renders as a Java map (`{id=1, b=x}`), a list as compact
    /// JSON (`[1,2]`), as Jayway's results do; `asJavaLists` renders lists
    /// as Java lists (`[1, 2]`), as `parseJson`'s do.
    init(jsonMember json: JSONValue, hints: JSONHints = .none, asJavaLists: Bool = false) {
        switch json {
        case .array(let items) where asJavaLists:
            self = .list(items.map { TemplateValue(jsonMember: $0, hints: hints, asJavaLists: true) })
        case .object(let members):
            self = .map(hints.ordered(Array(members.keys)).map { ($0, TemplateValue(jsonMember: members[$0]!, hints: hints, asJavaLists: asJavaLists)) })
        default: self = TemplateValue(json: json, hints: hints)
        }
    }

    /// Falsy for `if`, `unless`, `with`, `and`, `or`: missing, null, `false`,
    /// `0`, `""`, an empty list. A list holding one `""` (`?e=`) is truthy.
    var isTruthy: Bool {
        switch self {
        case .missing, .null: return false
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .decimal(let value): return value != 0
        case .text(let text), .safe(let text), .segmented(let text, _): return !text.isEmpty
        case .list(let items): return !items.isEmpty
        case .values(let values): return !values.isEmpty
        case .xmlNodes(let nodes): return !nodes.isEmpty
        case .map, .caseless, .opaque, .date, .lookup: return true
        case .json(let value, _):
            if case .array(let items) = value { return !items.isEmpty }
            return true
        }
    }

    /// The member `name` of a map, a JSON object or a list (by index: `0`,
    /// `-1` counting from the end as WireMock does, `first`, `last`).
    func member(_ name: String) -> TemplateValue {
        switch self {
        case .map(let members):
            return members.first { $0.key == name }?.value ?? .missing
        case .caseless(let members):
            return members.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value ?? .missing
        case .lookup(let lookup):
            return lookup.member(name)
        case .segmented(_, let items):
            return Self.element(items.map(TemplateValue.text), name)
        case .json(.object(let members), let hints):
            return members[name].map { TemplateValue(jsonMember: $0, hints: hints) } ?? .missing
        case .json(.array(let items), let hints):
            return Self.element(items.map { TemplateValue(jsonMember: $0, hints: hints) }, name)
        case .list(let items):
            return Self.element(items, name)
        case .values(let values):
            return Self.element(values.map(TemplateValue.text), name)
        case .xmlNodes(let nodes):
            guard let node = nodes.first else { return .missing }
            switch name {
            case "text": return .text(node.text)
            case "name": return .text(node.name)
            case "attributes": return .map(node.attributes.map { ($0.0, .text($0.1)) })
            default: return Self.element(nodes.map { .xmlNodes([$0]) }, name)
            }
        default:
            return .missing
        }
    }

    /// `[n]`, `[-n]` (size − 1 − n: WireMock's `[-1]` is the second-to-last), `first`, `last`.
    private static func element(_ items: [TemplateValue], _ name: String) -> TemplateValue {
        switch name {
        case "first": return items.first ?? .missing
        case "last": return items.last ?? .missing
        default:
            guard let index = Int(name) else { return .missing }
            let at = index < 0 ? items.count - 1 + index : index
            return items.indices.contains(at) ? items[at] : .missing
        }
    }

    /// The items `each` walks: a list's, a JSON array's, a value list's; a map's values with keys.
    var iterated: [(key: String?, value: TemplateValue)]? {
        switch self {
        case .list(let items): return items.map { (nil, $0) }
        case .values(let values): return values.map { (nil, .text($0)) }
        case .xmlNodes(let nodes): return nodes.map { (nil, .xmlNodes([$0])) }
        case .json(.array(let items), let hints): return items.map { (nil, TemplateValue(jsonMember: $0, hints: hints)) }
        case .json(.object(let members), let hints): return hints.ordered(Array(members.keys)).map { ($0, TemplateValue(jsonMember: members[$0]!, hints: hints)) }
        case .map(let members), .caseless(let members): return members.map { ($0.key, $0.value) }
        default: return nil
        }
    }

    /// The number this value is, for `math`, `gt`, `randomInt` and the like.
    var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .decimal(let value): return value
        case .text(let text), .safe(let text), .segmented(let text, _): return Double(text.trimmingSpaces)
        case .values(let values): return values.first.flatMap { Double($0) }
        default: return nil
        }
    }

    /// The size `size` reports: characters, items or keys.
    var size: Int? {
        switch self {
        case .text(let text), .safe(let text), .segmented(let text, _): return text.count
        case .list(let items): return items.count
        case .values(let values): return values.count
        case .xmlNodes(let nodes): return nodes.count
        case .map(let members), .caseless(let members): return members.count
        case .json(.array(let items), _): return items.count
        case .json(.object(let members), _): return members.count
        default: return nil
        }
    }
}

/// Members made on demand, for ``TemplateValue/lookup(_:)``.
struct TemplateLookup: Sendable {
    /// What the value renders as.
    var text: String
    /// The member of a name (`.missing` when there is none).
    var member: @Sendable (String) -> TemplateValue
}
