import Foundation
import StubKit

/// StubKit's own JSON reader and writer (`JSONValue(data:)`,
/// `description`, `LocatedJSON`) on arbitrary bytes, held to Foundation:
/// what it reads, `JSONDecoder` reads to the same value (but for some zeros
/// with an exponent, `0e2`, which `JSONDecoder` wrongly refuses); what it refuses,
/// `JSONDecoder` refuses too, unless the text has a trailing comma (which
/// `JSONDecoder` alone lets through); what it writes is what `JSONEncoder`
/// writes and reads back equal; the located reader reads the same value
/// (or refuses a repeated key); the reader that keeps how numbers were
/// written reads the same value, each pointer it names is a number, and the
/// text written with those decimals reads back to both.
enum JSONFuzz {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let ours = JSONValue(data: data)
        let foundation = try? JSONDecoder().decode(JSONValue.self, from: data)
        if let ours {
            precondition(foundation == ours || (foundation == nil && hasAZeroWithAnExponent(bytes)),
                         "JSONDecoder reads \(String(describing: foundation)), StubKit \(ours)")
            let text = ours.description
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let expected = (try? encoder.encode(ours)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
            precondition(text == expected, "wrote \(text), JSONEncoder writes \(expected)")
            precondition(JSONValue(data: Data(text.utf8)) == ours, "\(text) does not read back")
        } else if foundation != nil {
            precondition(hasTrailingComma(bytes) || repeatsAKey(data) || bytes.contains(0),
                         "JSONDecoder reads what StubKit refuses: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        if let located = try? LocatedJSON(data) {
            precondition(located.root == ours, "the located reader reads \(located.root), the plain one \(String(describing: ours))")
            holdsItsTables(located)
        }
        let spelled = try? LocatedJSON.valueAndDecimals(data)
        precondition(spelled?.value == ours, "the spelling reader reads \(String(describing: spelled?.value)), the plain one \(String(describing: ours))")
        if let spelled {
            for pointer in spelled.decimals.pointers {
                guard case .number? = value(at: pointer, in: spelled.value) else { preconditionFailure("\(pointer) is not a number") }
            }
            let text = CompactJSON.of(spelled.value, decimals: spelled.decimals) ?? "?"
            let again = try? LocatedJSON.valueAndDecimals(Data(text.utf8))
            precondition(again?.value == spelled.value, "\(text) does not read back")
            let whole = spelled.decimals.pointers.filter { pointer in
                if case .number(let number)? = value(at: pointer, in: spelled.value) { return number.rounded() == number }
                return false
            }
            precondition(whole.isSubset(of: again?.decimals.pointers ?? []), "\(text) lost a decimal among \(whole)")
        }
    }

    /// Every object of a located document is found by its pointer with its
    /// keys, every member's key has a place, and every decimal's pointer
    /// names a number: the tables hold what the value holds.
    private static func holdsItsTables(_ document: LocatedJSON) {
        var objects = 0
        func walk(_ value: JSONValue, _ pointer: String) {
            switch value {
            case .object(let members):
                objects += 1
                precondition(Set(document.keyOrder(at: pointer) ?? ["?"]) == Set(members.keys), "the keys at \(pointer)")
                precondition(document.keyOrder(at: pointer)?.count == members.count, "a key twice at \(pointer)")
                for (key, member) in members {
                    let child = pointer + "/" + LocatedJSON.escape(key)
                    precondition(document.keyPosition(of: child) != nil, "no key place at \(child)")
                    walk(member, child)
                }
            case .array(let items):
                precondition(document.keyOrder(at: pointer) == nil, "a list with keys at \(pointer)")
                for (index, item) in items.enumerated() { walk(item, pointer + "/\(index)") }
            default:
                break
            }
        }
        walk(document.root, "")
        precondition(document.keyOrders.count == objects, "\(document.keyOrders.count) key orders for \(objects) objects")
        for pointer in document.decimals.pointers {
            guard case .number? = value(at: pointer, in: document.root) else { preconditionFailure("\(pointer) is not a number") }
        }
    }

    /// The value at a JSON pointer.
    private static func value(at pointer: String, in root: JSONValue) -> JSONValue? {
        var current = root
        for step in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = step.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let members): guard let next = members[key] else { return nil }; current = next
            case .array(let items): guard let index = Int(key), items.indices.contains(index) else { return nil }; current = items[index]
            default: return nil
            }
        }
        return current
    }

    /// Whether the located reader stops at a key that appears twice.
    private static func repeatsAKey(_ data: Data) -> Bool {
        do {
            // The located reader takes no byte order mark; the plain one skips it.
            _ = try LocatedJSON(data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data)
            return false
        } catch {
            return error.message.contains("appears twice")
        }
    }

    /// Whether a number is a zero written with an exponent (`0e2`,
    /// `-0.0e-3`): JSON, which `JSONDecoder` refuses in some spellings
    /// (it takes `0e+2` and `0.0e-3`; JSONSerialization takes them all).
    private static func hasAZeroWithAnExponent(_ bytes: [UInt8]) -> Bool {
        let numberBytes = Set("+-0123456789.eE".utf8)
        return bytes.split(whereSeparator: { !numberBytes.contains($0) }).contains { token in
            guard let e = token.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return false }
            return token[..<e].contains(UInt8(ascii: "0")) && !token[..<e].contains { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// Whether a `,` is followed, after white space, by `]` or `}` (outside strings, roughly).
    private static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ",") {
                var next = index + 1
                while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") { return true }
            }
            index += 1
        }
        return false
    }
}
