public import Foundation

/// Makes a value anew for every answer, in place of an example value: Pact's
/// generators (a random id, a fresh UUID, today's date, a URL pointing at
/// the server that answers, a value from the provider state's parameters).
public enum ValueGenerator: Sendable, Hashable, CustomStringConvertible {
    /// An integer in `min...max`.
    case randomInt(min: Int, max: Int)
    /// A decimal number with `digits` digits.
    case randomDecimal(digits: Int)
    /// A string of `digits` hexadecimal digits.
    case randomHexadecimal(digits: Int)
    /// A string of `size` letters and digits.
    case randomString(size: Int)
    /// A string the regular expression matches whole.
    case regex(String)
    /// A UUID: `simple` (32 hex digits), `lower-case-hyphenated` (the default),
    /// `upper-case-hyphenated` or `URN`.
    case uuid(format: String?)
    /// Today's date in `format` (`yyyy-MM-dd` by default).
    case date(format: String?)
    /// The time now in `format` (`HH:mm:ss` by default).
    case time(format: String?)
    /// The date and time now in `format` (`yyyy-MM-dd'T'HH:mm:ss` by default).
    case dateTime(format: String?)
    /// The instant a ``DateExpression`` names (`tomorrow @ noon`), in
    /// `format` (by default `yyyy-MM-dd`, `HH:mm:ss` or
    /// `yyyy-MM-dd'T'HH:mm:ss`, after the expression's kind).
    case relative(DateExpression, format: String?)
    /// `true` or `false`.
    case randomBoolean
    /// `expression` with each `${name}` replaced by that provider-state
    /// parameter; a lone `${name}` keeps the parameter's JSON type.
    case providerState(expression: String)
    /// `example` with everything before `regex`'s first group replaced by
    /// the answering server's own base URL.
    case mockServerURL(regex: String, example: String)

    /// What answers made by this generator depend on besides chance.
    public struct Context: Sendable {
        /// The request being answered (its `Host` makes mock-server URLs).
        public var request: RecordedRequest
        /// The provider state's parameters.
        public var parameters: [String: JSONValue]
        /// The time "now" is.
        public var now: Date

        /// Creates a context.
        public init(request: RecordedRequest, parameters: [String: JSONValue] = [:], now: Date = Date()) {
            self.request = request
            self.parameters = parameters
            self.now = now
        }
    }

    /// A new value, or `nil` when this generator cannot make one (a
    /// regular expression beyond what it can invert, a parameter the state
    /// lacks): the example then stays.
    public func generate(_ context: Context, using random: inout some RandomNumberGenerator) -> JSONValue? {
        switch self {
        case .randomInt(let low, let high):
            return .number(Double(Int.random(in: min(low, high)...max(low, high), using: &random)))
        case .randomDecimal(let digits):
            let digits = max(2, min(digits, 15))
            let whole = Int.random(in: 1...(digits - 1), using: &random)
            // The first digit and the last are never 0: a decimal must keep its
            // fraction (77.60 would print as 77.6, 776.0 as the integer 776).
            let text = (0..<digits).map { index in
                String(Int.random(in: (index == 0 || index == digits - 1 ? 1 : 0)...9, using: &random))
            }.joined()
            return .number(Double(text.prefix(whole) + "." + text.dropFirst(whole)) ?? 0)
        case .randomHexadecimal(let digits):
            return .string(String((0..<max(0, min(digits, 4096))).map { _ in "0123456789abcdef".randomElement(using: &random)! }))
        case .randomString(let size):
            let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            return .string(String((0..<max(0, min(size, 4096))).map { _ in letters.randomElement(using: &random)! }))
        case .regex(let pattern):
            return RegexSampler.sample(pattern, using: &random).map(JSONValue.string)
        case .uuid(let format):
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            bytes[8] = (bytes[8] & 0x3F) | 0x80
            let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                                   bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])).uuidString
            switch format {
            case "simple": return .string(uuid.replacingOccurrences(of: "-", with: "").lowercased())
            case "upper-case-hyphenated": return .string(uuid)
            case "URN": return .string("urn:uuid:" + uuid.lowercased())
            default: return .string(uuid.lowercased())
            }
        case .date(let format): return .string(Self.format(context.now, format ?? "yyyy-MM-dd"))
        case .time(let format): return .string(Self.format(context.now, format ?? "HH:mm:ss"))
        case .dateTime(let format): return .string(Self.format(context.now, format ?? "yyyy-MM-dd'T'HH:mm:ss"))
        case .relative(let expression, let format):
            return .string(Self.format(expression.resolve(from: context.now), format ?? Self.defaultFormat(expression.kind)))
        case .randomBoolean: return .bool(Bool.random(using: &random))
        case .providerState(let expression):
            return Self.fill(expression, from: context.parameters)
        case .mockServerURL(let regex, let example):
            guard let host = context.request.headers["Host"],
                  let expression = try? NSRegularExpression(pattern: regex),
                  let match = expression.firstMatch(in: example, range: NSRange(example.startIndex..., in: example)),
                  match.numberOfRanges > 1, let tail = Range(match.range(at: 1), in: example)
            else { return nil }
            return .string("http://\(host)" + example[tail])
        }
    }

    /// A new value in place of `example`: as ``generate(_:using:)`` makes
    /// it, except that a `ProviderState` value takes the example's JSON type
    /// where it can (`"42"` in place of the number `1` is the number `42`),
    /// as Pact's tools do.
    public func generate(_ context: Context, like example: JSONValue?, using random: inout some RandomNumberGenerator) -> JSONValue? {
        guard let made = generate(context, using: &random) else { return nil }
        guard case .providerState = self, let example else { return made }
        switch (example, made) {
        case (.number, .string(let text)):
            return Double(text.trimmingCharacters(in: .whitespaces)).map(JSONValue.number) ?? made
        case (.bool, .string(let text)):
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : made
        case (.string, .number), (.string, .bool):
            return .string(made.description)
        default:
            return made
        }
    }

    /// Whether a verifier makes this value when it sends a request or
    /// expects a response: every generator but `MockServerURL`, which only
    /// a server serving the pact can fill (Pact's "provider mode").
    public var appliesWhenVerifying: Bool {
        if case .mockServerURL = self { return false }
        return true
    }

    /// `RandomInt(1…9)`.
    public var description: String {
        switch self {
        case .randomInt(let low, let high): return "RandomInt(\(low)…\(high))"
        case .randomDecimal(let digits): return "RandomDecimal(\(digits) digits)"
        case .randomHexadecimal(let digits): return "RandomHexadecimal(\(digits) digits)"
        case .randomString(let size): return "RandomString(\(size))"
        case .regex(let pattern): return "Regex(\(pattern))"
        case .uuid(let format): return "Uuid(\(format ?? "lower-case-hyphenated"))"
        case .date(let format): return "Date(\(format ?? "yyyy-MM-dd"))"
        case .time(let format): return "Time(\(format ?? "HH:mm:ss"))"
        case .dateTime(let format): return "DateTime(\(format ?? "yyyy-MM-dd'T'HH:mm:ss"))"
        case .relative(let expression, let format):
            return "\(expression.kind.generatorName)(\(expression.text.isEmpty ? "now" : expression.text), \(format ?? Self.defaultFormat(expression.kind)))"
        case .randomBoolean: return "RandomBoolean"
        case .providerState(let expression): return "ProviderState(\(expression))"
        case .mockServerURL(let regex, _): return "MockServerURL(\(regex))"
        }
    }

    private static func defaultFormat(_ kind: DateExpression.Kind) -> String {
        switch kind {
        case .date: return "yyyy-MM-dd"
        case .time: return "HH:mm:ss"
        case .dateTime: return "yyyy-MM-dd'T'HH:mm:ss"
        }
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// The expression with `${name}` filled in; a lone reference keeps the parameter's type.
    private static func fill(_ expression: String, from parameters: [String: JSONValue]) -> JSONValue? {
        if expression.hasPrefix("${"), expression.hasSuffix("}"), expression.dropFirst(2).firstIndex(of: "$") == nil {
            return parameters[String(expression.dropFirst(2).dropLast())]
        }
        var result = "", rest = Substring(expression)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            guard let value = parameters[String(rest[start.upperBound..<end])] else { return nil }
            result += rest[..<start.lowerBound]
            if case .string(let text) = value { result += text } else { result += value.description }
            rest = rest[rest.index(after: end)...]
        }
        return .string(result + rest)
    }
}
