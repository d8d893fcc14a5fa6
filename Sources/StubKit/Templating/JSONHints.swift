import Foundation

/// What a parsed JSON value forgets and a Java rendering shows: the
/// document's key order (Jackson and Jayway keep it) and which numbers were
/// written as decimals (`1.0` renders `1.0`, not `1`). Made from the located
/// document the value was read as; objects are told apart by their key sets,
/// numbers by value.
struct JSONHints: Sendable {
    private var orders: [String: [String]] = [:]
    private var decimals: Set<Double> = []
    private var integers: Set<Double> = []

    /// No hints: keys sorted, numbers decimal only when not whole.
    static let none = JSONHints()

    private init() {}

    /// The hints of `document`: its key order, and which numbers it wrote as
    /// decimals (the reader records them by pointer).
    init(_ document: LocatedJSON) {
        for order in document.keyOrders { orders[Self.signature(order)] = orders[Self.signature(order)] ?? order }
        func walk(_ value: JSONValue, _ pointer: String) {
            switch value {
            case .object(let members): for (key, member) in members { walk(member, pointer + "/" + LocatedJSON.escape(key)) }
            case .array(let items): for (index, item) in items.enumerated() { walk(item, pointer + "/\(index)") }
            case .number(let number):
                if document.decimals.contains(pointer) { decimals.insert(number) } else { integers.insert(number) }
            default: break
            }
        }
        walk(document.root, "")
    }

    /// `keys` in the order a document with exactly these keys wrote them.
    func ordered(_ keys: [String]) -> [String] {
        orders[Self.signature(keys)] ?? keys.sorted()
    }

    /// Whether `number` renders as a decimal (`2.5`, and `1.0` when so written).
    func isDecimal(_ number: Double) -> Bool {
        number.rounded() != number || (decimals.contains(number) && !integers.contains(number))
    }

    private static func signature(_ keys: [String]) -> String { keys.sorted().joined(separator: "\u{0}") }
}

/// JSON as Jackson writes it for WireMock's `jsonPath` results.
enum JSONPretty {
    /// An object result: two-space indent, `"k" : "v"`, `{ }` and `[ ]` when
    /// empty, arrays on one line, null members left out at every depth.
    static func jackson(_ value: JSONValue, hints: JSONHints, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            let kept = hints.ordered(Array(members.keys)).filter { members[$0] != .null }
            guard !kept.isEmpty else { return "{ }" }
            let lines = kept.map { "\(inner)\(JSONValue.string($0).description) : \(jackson(members[$0]!, hints: hints, indent: inner))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let items):
            guard !items.isEmpty else { return "[ ]" }
            return "[ " + items.map { jackson($0, hints: hints, indent: indent) }.joined(separator: ", ") + " ]"
        default:
            return scalar(value, hints: hints)
        }
    }

    /// An array result: compact, in document order, nulls kept.
    static func compact(_ value: JSONValue, hints: JSONHints) -> String {
        switch value {
        case .object(let members):
            return "{" + hints.ordered(Array(members.keys)).map { "\(JSONValue.string($0).description):\(compact(members[$0]!, hints: hints))" }
                .joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map { compact($0, hints: hints) }.joined(separator: ",") + "]"
        default: return scalar(value, hints: hints)
        }
    }

    private static func scalar(_ value: JSONValue, hints: JSONHints) -> String {
        guard case .number(let number) = value else { return value.description }
        return hints.isDecimal(number) ? TemplateValue.javaDouble(number) : String(Int64(number))
    }
}
