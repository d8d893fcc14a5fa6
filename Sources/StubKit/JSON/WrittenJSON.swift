/// A JSON document as it will be written: object keys in the order they are
/// given (`request` before `response`, as WireMock's own files read), printed
/// with two-space indentation. Shared by the writers of WireMock mappings
/// and spec files.
package indirect enum WrittenJSON: Equatable {
    /// A value printed as it is; objects inside it get sorted keys.
    case value(JSONValue)
    /// An object whose keys print in this order.
    case object([(String, WrittenJSON)])
    /// A list.
    case array([WrittenJSON])
    /// A number as it is to be written (`10.0`, where `10` would read as an integer).
    case number(spelled: String)

    package static func string(_ text: String) -> WrittenJSON { .value(.string(text)) }
    package static func number(_ number: Double) -> WrittenJSON { .value(.number(number)) }
    package static func bool(_ flag: Bool) -> WrittenJSON { .value(.bool(flag)) }

    /// `value` with the numbers at `decimals` written as decimals (`10.0`),
    /// as a pact's text wrote them or its `decimal` rules ask.
    package static func value(_ value: JSONValue, decimals: JSONDecimals) -> WrittenJSON {
        guard !decimals.pointers.isEmpty else { return .value(value) }
        func written(_ value: JSONValue, _ pointer: String) -> WrittenJSON {
            switch value {
            case .object(let members):
                return .object(CompactJSON.sortedKeys(members).map { ($0, written(members[$0]!, pointer + "/" + LocatedJSON.escape($0))) })
            case .array(let items):
                return .array(items.enumerated().map { written($1, pointer + "/\($0)") })
            case .number(let number) where number.isFinite && decimals.contains(pointer):
                return .number(spelled: number.description)
            default:
                return .value(value)
            }
        }
        return written(value, "")
    }

    /// The document as text, ending in a newline.
    package var text: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .value(.object(let members)):
            WrittenJSON.object(CompactJSON.sortedKeys(members).map { ($0, .value(members[$0]!)) }).write(into: &out, indent: indent)
        case .value(.array(let items)):
            WrittenJSON.array(items.map(WrittenJSON.value)).write(into: &out, indent: indent)
        case .value(let scalar):
            out += scalar.description
        case .number(let spelled):
            out += spelled
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let inner = indent + "  "
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += inner + JSONValue.string(key).description + ": "
                value.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            let inner = indent + "  "
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        }
    }

    package static func == (lhs: WrittenJSON, rhs: WrittenJSON) -> Bool { lhs.text == rhs.text }
}
