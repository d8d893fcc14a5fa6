import Foundation

/// WireMock's helpers over data: `jsonPath`, `parseJson`, `formData`,
/// `regexExtract`, `matches`, `contains`, `math`, `range`, `array`,
/// `pickRandom`, random values, `assign`, `hostname`, `systemValue`.
enum TemplateDataHelpers {
    typealias Helper = TemplateHelpers.Helper

    static let table: [String: Helper] = [
        "jsonPath": { renderer, arguments throws(TemplateRenderError) in try jsonPath(&renderer, arguments) },
        "xPath": { _, arguments throws(TemplateRenderError) in xPath(arguments, soap: false) },
        "soapXPath": { _, arguments throws(TemplateRenderError) in xPath(arguments, soap: true) },
        "parseJson": { renderer, arguments throws(TemplateRenderError) in
            let text: String
            var name = arguments.params.count > 1 ? arguments.param(1).rendered : nil
            if let block = arguments.block {
                text = try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this)
                name = arguments.params.first?.rendered
            } else {
                text = arguments.param(0).rendered
            }
            guard let (json, hints) = renderer.json(text) else { throw TemplateRenderError("parseJson: \"\(text.prefix(60))\" is not JSON") }
            let value = TemplateValue(jsonMember: json, hints: hints, asJavaLists: true)
            if let name { renderer.variables[name] = value; return .safe("") }
            return value
        },
        "formData": { renderer, arguments throws(TemplateRenderError) in
            let decode = arguments.text("urlDecode") == "true"
            var fields: [(key: String, value: [String])] = []
            for pair in arguments.param(0).rendered.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[1].isEmpty else { continue }
                let key = String(parts[0])
                let value = decode ? (String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[1])) : String(parts[1])
                if let index = fields.firstIndex(where: { $0.key == key }) { fields[index].value.append(value) } else { fields.append((key, [value])) }
            }
            let value = TemplateValue.map(fields.map { ($0.key, .values($0.value)) })
            if arguments.params.count > 1 { renderer.variables[arguments.param(1).rendered] = value; return .safe("") }
            return value
        },
        "regexExtract": { renderer, arguments throws(TemplateRenderError) in
            let value = arguments.param(0).rendered, pattern = arguments.param(1).rendered
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return TemplateHelpers.inlineError("Invalid regex string \(pattern)") }
            let whole = NSRange(value.startIndex..., in: value)
            guard let match = regex.firstMatch(in: value, range: whole) else {
                if let fallback = arguments.hash["default"] { return fallback }
                return TemplateHelpers.inlineError("Nothing matched \(pattern)")
            }
            guard arguments.params.count > 2 else { return .text(String(value[Range(match.range, in: value)!])) }
            let groups = (1..<max(1, match.numberOfRanges)).map { index -> TemplateValue in
                Range(match.range(at: index), in: value).map { .text(String(value[$0])) } ?? .null
            }
            renderer.variables[arguments.param(2).rendered] = .list(groups)
            return .safe("")
        },
        "matches": { renderer, arguments throws(TemplateRenderError) in
            let pattern = arguments.param(1).rendered
            guard let regex = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z") else {
                throw TemplateRenderError("java.util.regex.PatternSyntaxException: \(pattern)")
            }
            let value = arguments.param(0).rendered
            let found = regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
            return try bodyIfTrue(&renderer, arguments, found)
        },
        "contains": { renderer, arguments throws(TemplateRenderError) in
            let haystack = arguments.param(0), needle = arguments.param(1)
            let found: Bool
            if case .values = haystack {
                found = haystack.iterated?.contains { TemplateHelpers.javaEquals($0.value, needle) } ?? false
            } else if let items = haystack.iterated, !haystack.isTextual {
                found = items.contains { TemplateHelpers.javaEquals($0.value, needle) || $0.value.rendered == needle.rendered }
            } else {
                found = haystack.rendered.contains(needle.rendered)
            }
            return try bodyIfTrue(&renderer, arguments, found)
        },
        "math": { _, arguments throws(TemplateRenderError) in try math(arguments) },
        "range": { _, arguments throws(TemplateRenderError) in
            let low = TemplateNumbers.integer(arguments.param(0).number), high = TemplateNumbers.integer(arguments.param(1).number)
            guard low <= high else { throw TemplateRenderError("java.lang.IllegalArgumentException: range \(low) \(high): the lower bound is above the upper") }
            guard Double(high) - Double(low) < Double(TemplateNumbers.maximumSize) else {
                throw TemplateRenderError("range \(low) \(high): more than \(TemplateNumbers.maximumSize) numbers")
            }
            return .list((low...high).map(TemplateValue.integer))
        },
        "array": { _, arguments throws(TemplateRenderError) in .list(arguments.params) },
        "pickRandom": { renderer, arguments throws(TemplateRenderError) in
            let items = arguments.params.count == 1 ? (arguments.param(0).iterated?.map(\.value) ?? [arguments.param(0)]) : arguments.params
            guard !items.isEmpty else { return .missing }
            return items[Int(renderer.environment.random.next() % UInt64(items.count))]
        },
        "randomValue": { renderer, arguments throws(TemplateRenderError) in randomValue(&renderer, arguments) },
        "randomInt": { renderer, arguments throws(TemplateRenderError) in
            let low = TemplateNumbers.integer(arguments.hash["lower"]?.number, default: Int(Int32.min))
            let high = TemplateNumbers.integer(arguments.hash["upper"]?.number, default: Int(Int32.max))
            guard high > low else { return .integer(low) }
            // The span as unsigned and the sum wrapping: both exact for any lower < upper.
            let span = UInt64(bitPattern: Int64(high &- low))
            return .integer(low &+ Int(Int64(bitPattern: renderer.environment.random.next() % span)))
        },
        "randomDecimal": { renderer, arguments throws(TemplateRenderError) in
            let low = arguments.hash["lower"]?.number ?? -Double(Int32.max), high = arguments.hash["upper"]?.number ?? Double(Int32.max)
            let unit = Double(renderer.environment.random.next() >> 11) / Double(1 << 53)
            return .decimal(low + unit * (high - low))
        },
        "assign": { renderer, arguments throws(TemplateRenderError) in
            guard let block = arguments.block else { return .missing }
            renderer.variables[arguments.param(0).rendered] = .text(try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this))
            return .safe("")
        },
        "hostname": { renderer, _ throws(TemplateRenderError) in .text(renderer.environment.hostname ?? ProcessInfo.processInfo.hostName) },
        "systemValue": { renderer, arguments throws(TemplateRenderError) in
            guard let key = arguments.text("key"), !key.isEmpty else { return TemplateHelpers.inlineError("The key cannot be empty") }
            let permitted = renderer.environment.permittedSystemKeys.contains { pattern in
                key.range(of: "^(?:\(pattern))$", options: [.regularExpression, .caseInsensitive]) != nil
            }
            guard permitted else { return TemplateHelpers.inlineError("Access to \(key) is denied") }
            guard arguments.text("type") == "ENVIRONMENT" || arguments.text("type") == nil else { return .text("") }
            return .text((renderer.environment.environmentVariables ?? ProcessInfo.processInfo.environment)[key] ?? "")
        },
    ]

    /// `matches`/`contains` as a block: the body when true, else nothing (their `{{else}}` is never rendered).
    private static func bodyIfTrue(_ renderer: inout TemplateRenderer, _ arguments: HelperArguments, _ found: Bool) throws(TemplateRenderError) -> TemplateValue {
        guard let block = arguments.block else { return .bool(found) }
        return .safe(found ? try renderer.renderBody(block, this: renderer.frames[renderer.frames.count - 1].this) : "")
    }

    private static func jsonPath(_ renderer: inout TemplateRenderer, _ arguments: HelperArguments) throws(TemplateRenderError) -> TemplateValue {
        let input = arguments.param(0)
        let expression = arguments.param(1).rendered
        guard !expression.isEmpty else { return TemplateHelpers.inlineError("The JSONPath cannot be empty") }
        let document: JSONValue
        var hints = JSONHints.none
        switch input {
        case .json(let value, let known): document = value; hints = known
        default:
            let text = input.rendered
            guard !text.isEmpty else { throw TemplateRenderError("java.lang.IllegalArgumentException: json string can not be null or empty") }
            guard let parsed = renderer.json(text) else { throw TemplateRenderError("com.jayway.jsonpath.InvalidJsonException: \(text.prefix(60)) is not JSON") }
            (document, hints) = parsed
        }
        let query = JSONQuery(expression)
        guard query.problem == nil else { return TemplateHelpers.inlineError("\(expression) is not a valid JSONPath expression") }
        guard let found = query.select(in: document), found != .null else {
            return arguments.hash["default"] ?? .text("")
        }
        if case .array(let items) = found, items.isEmpty, !query.isDefinite { return arguments.hash["default"] ?? .text("") }
        return TemplateValue(json: found, hints: hints)
    }

    /// `xPath` (and `soapXPath`, under `/Envelope/Body/`, namespace-blind): the selected nodes.
    private static func xPath(_ arguments: HelperArguments, soap: Bool) -> TemplateValue {
        let text = arguments.param(0).rendered
        let expression = (soap ? "/Envelope/Body/" : "") + arguments.param(1).rendered
        guard let document = try? XMLElementValue.parse(Data(text.utf8)) else { return TemplateHelpers.inlineError("\(text) is not valid XML") }
        let query = XPathQuery(expression)
        guard query.problem == nil, let nodes = query.selectedNodes(in: document) else {
            return TemplateHelpers.inlineError("\(arguments.param(1).rendered) is not a valid XPath expression")
        }
        return nodes.isEmpty ? .text("") : .xmlNodes(nodes)
    }

    private static func math(_ arguments: HelperArguments) throws(TemplateRenderError) -> TemplateValue {
        guard arguments.params.count == 3 else {
            return TemplateHelpers.inlineError("All maths functions require two operands and an operator as parameters e.g. 3 '+' 2")
        }
        let left = arguments.param(0), operation = arguments.param(1).rendered, right = arguments.param(2)
        let integers = left.isWholeNumber && right.isWholeNumber
        let a = left.number ?? 0, b = right.number ?? 0
        let (x, y) = (TemplateNumbers.integer(a), TemplateNumbers.integer(b))
        // Integers that overflow answer the decimal result instead of trapping.
        switch operation {
        case "+": return integers ? TemplateNumbers.exact(x, y, { $0.addingReportingOverflow($1) }).map(TemplateValue.integer) ?? .decimal(a + b) : .decimal(a + b)
        case "-": return integers ? TemplateNumbers.exact(x, y, { $0.subtractingReportingOverflow($1) }).map(TemplateValue.integer) ?? .decimal(a - b) : .decimal(a - b)
        case "*", "x":
            return integers ? TemplateNumbers.exact(x, y, { $0.multipliedReportingOverflow(by: $1) }).map(TemplateValue.integer) ?? .decimal(a * b) : .decimal(a * b)
        case "/":
            guard b != 0 else { throw TemplateRenderError("java.lang.ArithmeticException: Division by zero") }
            // Integers divide to an integer, rounded half up (BigDecimal HALF_UP).
            return integers ? .integer(TemplateNumbers.integer((a / b).rounded(.toNearestOrAwayFromZero))) : .decimal(a / b)
        case "%":
            guard b != 0 else { throw TemplateRenderError("java.lang.ArithmeticException: Division by zero") }
            guard integers, y != 0, let remainder = TemplateNumbers.exact(x, y, { $0.remainderReportingOverflow(dividingBy: $1) }) else {
                return .decimal(a.truncatingRemainder(dividingBy: b))
            }
            return .integer(remainder)
        default:
            return TemplateHelpers.inlineError("\(operation) is not a valid mathematical operator")
        }
    }

    private static func randomValue(_ renderer: inout TemplateRenderer, _ arguments: HelperArguments) -> TemplateValue {
        let length = TemplateNumbers.size(arguments.hash["length"]?.number, default: 36)
        let type = arguments.text("type") ?? "ALPHANUMERIC"
        let upper = arguments.text("uppercase") == "true"
        if type == "UUID" {
            var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: renderer.environment.random.next()) }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])).uuidString
            return .text(upper ? uuid.uppercased() : uuid.lowercased())
        }
        let alphabets: [String: String] = [
            "ALPHANUMERIC": "abcdefghijklmnopqrstuvwxyz0123456789", "ALPHABETIC": "abcdefghijklmnopqrstuvwxyz",
            "NUMERIC": "0123456789", "HEXADECIMAL": "0123456789abcdef",
            "ALPHANUMERIC_AND_SYMBOLS": String((33...126).map { Character(Unicode.Scalar(UInt8($0))) }),
        ]
        let alphabet = Array(alphabets[type] ?? String((32...126).map { Character(Unicode.Scalar(UInt8($0))) }))
        let made = String((0..<max(0, length)).map { _ in alphabet[Int(renderer.environment.random.next() % UInt64(alphabet.count))] })
        return .text(upper ? made.uppercased() : made.lowercased())
    }
}

extension TemplateValue {
    /// Whether this is an integer, or text that reads as one (`'7'`).
    var isWholeNumber: Bool {
        switch self {
        case .integer: return true
        case .decimal: return false
        default: return number.map { $0.rounded() == $0 && !rendered.contains(".") } ?? true
        }
    }
}
