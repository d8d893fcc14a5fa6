public import Foundation

/// A condition on the request body.
public enum BodyMatcher: Sendable, Hashable, CustomStringConvertible {
    /// The body is exactly these bytes.
    case exact(Data)
    /// The body, as UTF-8 text, contains this text.
    case contains(String)
    /// The body, as UTF-8 text, matches this regular expression.
    case matches(TextPattern)
    /// The body is JSON equal to this value (key order and whitespace ignored).
    case json(JSONValue)
    /// The body is JSON that holds at least these keys and values; extra keys
    /// are ignored, and array order too when `ignoringArrayOrder`.
    case jsonSubset(JSONValue, ignoringArrayOrder: Bool = false)
    /// The body is JSON whose value at `path` (`data.items[0].id`) equals `value`.
    case jsonPath(String, equals: JSONValue)
    /// The body, as UTF-8 text, is one value that satisfies `matcher`
    /// (``ValueMatcher/absent`` means the body is empty).
    case value(ValueMatcher)
    /// A JSON matcher whose expected text is not JSON; it matches nothing and
    /// stops the server from starting, naming the stub.
    case unparsableJSON(String)
    /// A JSON matcher whose expected value could not be encoded (the
    /// encoder's error); it matches nothing and stops the server from
    /// starting, naming the stub.
    case unencodable(String)
    /// The body is JSON of this shape: an example plus Pact matching rules.
    case shape(Shape)
    /// The body is XML of this shape: an example document plus Pact matching rules.
    case xmlShape(XMLShape)
    /// The body's bytes are of this media type, told by their first bytes
    /// (Pact's `contentType` matcher; see ``MediaTypeSniffing``).
    case mediaType(String)

    /// The body is exactly this UTF-8 text.
    public static func text(_ text: String) -> BodyMatcher { .exact(Data(text.utf8)) }

    /// The body is JSON like `example`: equal to it except where `rules`
    /// say otherwise (Pact's matching rules, by path). Extra object keys
    /// fail unless `allowsExtraKeys`.
    ///
    /// ```swift
    /// Post("/users").body(.like(["name": "Ada", "tags": ["x"]], rules: ["$.name": .type(), "$.tags": .type(min: 1)]))
    /// ```
    public static func like(_ example: JSONValue, rules: KeyValuePairs<ShapePath, ShapeRule> = [:], allowsExtraKeys: Bool = false) -> BodyMatcher {
        .shape(Shape(example: example, rules: rules.map { ShapePathRules($0.key, ShapeRuleSet([$0.value])) }, allowsExtraKeys: allowsExtraKeys))
    }

    /// The body is XML like the `example` document: the same elements,
    /// attributes and text except where `rules` say otherwise (paths such as
    /// `$.animals.alligator['@name']`; see ``XMLShape``).
    ///
    /// ```swift
    /// Post("/animals").body(try .likeXML(#"<animals><alligator name="Mary"/></animals>"#,
    ///                                    rules: ["$.animals": .type(min: 1), "$.animals.alligator['@name']": .type()]))
    /// ```
    ///
    /// - Throws: ``XMLSyntaxError`` when `example` is not an XML document.
    public static func likeXML(_ example: String, rules: KeyValuePairs<ShapePath, ShapeRule> = [:], allowsExtraKeys: Bool = false) throws(XMLSyntaxError) -> BodyMatcher {
        .xmlShape(XMLShape(example: try XMLElementValue.parse(Data(example.utf8)),
                           rules: rules.map { ShapePathRules($0.key, ShapeRuleSet([$0.value])) }, allowsExtraKeys: allowsExtraKeys))
    }

    /// The body is JSON equal to this JSON text. Text that is not JSON makes
    /// the server refuse to start, naming the stub.
    public static func json(_ text: String) -> BodyMatcher {
        JSONValue(json: text).map(BodyMatcher.json) ?? .unparsableJSON(text)
    }

    /// The body is JSON holding at least the keys and values of this JSON
    /// text (`.jsonSubset(#"{"genre": "poetry"}"#)`). Text that is not JSON
    /// makes the server refuse to start, naming the stub.
    public static func jsonSubset(_ text: String, ignoringArrayOrder: Bool = false) -> BodyMatcher {
        JSONValue(json: text).map { .jsonSubset($0, ignoringArrayOrder: ignoringArrayOrder) } ?? .unparsableJSON(text)
    }

    /// The body is JSON equal to a Swift value: a number, a `Bool`, or an
    /// array or `[String: …]` dictionary of such (`.json(["count": count])`).
    /// A `String` is JSON text (``json(_:)-swift.type.method``); for a JSON
    /// string write `.json(.string(name))`.
    public static func json(_ value: some JSONValueConvertible) -> BodyMatcher { .json(value.jsonValue) }

    /// The body is JSON holding at least the keys and values of a Swift
    /// dictionary or array (`.jsonSubset(["name": name])`).
    public static func jsonSubset(_ value: some JSONValueConvertible, ignoringArrayOrder: Bool = false) -> BodyMatcher {
        .jsonSubset(value.jsonValue, ignoringArrayOrder: ignoringArrayOrder)
    }

    /// The body is JSON whose value at `path` equals a Swift value:
    /// `.jsonPath("title", equals: title)` with `title` a `String`, `count` an `Int`.
    public static func jsonPath(_ path: String, equals value: some JSONValueConvertible) -> BodyMatcher {
        .jsonPath(path, equals: value.jsonValue)
    }

    /// The body is JSON like a Swift value: `.like(["name": name], rules: …)`.
    public static func like(_ example: some JSONValueConvertible, rules: KeyValuePairs<ShapePath, ShapeRule> = [:],
                            allowsExtraKeys: Bool = false) -> BodyMatcher {
        .shape(Shape(example: example.jsonValue, rules: rules.map { ShapePathRules($0.key, ShapeRuleSet([$0.value])) },
                     allowsExtraKeys: allowsExtraKeys))
    }

    /// The body is JSON equal to the encoding of `value`. A value that
    /// cannot be encoded makes the server refuse to start, naming the stub.
    public static func json(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) -> BodyMatcher {
        encoded(value, encoder) { .json($0) }
    }

    /// The body is JSON holding at least the keys and values of `value`'s encoding.
    public static func jsonSubset(
        encoding value: some Encodable, ignoringArrayOrder: Bool = false, encoder: JSONEncoder = JSONEncoder()
    ) -> BodyMatcher {
        encoded(value, encoder) { .jsonSubset($0, ignoringArrayOrder: ignoringArrayOrder) }
    }

    /// The body is JSON whose value at `path` equals `value`'s encoding.
    public static func jsonPath(_ path: String, equalsEncoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) -> BodyMatcher {
        encoded(value, encoder) { .jsonPath(path, equals: $0) }
    }

    private static func encoded(_ value: some Encodable, _ encoder: JSONEncoder, _ make: (JSONValue) -> BodyMatcher) -> BodyMatcher {
        do {
            return make(try JSONValue(encoding: value, encoder: encoder))
        } catch {
            return .unencodable("\(type(of: value)): \(error)")
        }
    }

    /// Whether `body` satisfies the condition.
    public func accepts(_ body: Data) -> Bool {
        var reading = RequestReading()
        return accepts(body, reading: &reading)
    }

    /// Whether `body` satisfies the condition, reading its JSON or text
    /// through `reading` (shared by every stub one request is tried against).
    package func accepts(_ body: Data, reading: inout RequestReading) -> Bool {
        switch self {
        case .exact(let expected): return body == expected
        case .contains(let text): return reading.text(body).contains(text)
        case .matches(let pattern): return pattern.matches(reading.text(body))
        case .json(let expected): return reading.json(body) == expected
        case .jsonSubset(let expected, let ignoringOrder):
            return reading.json(body).map { expected.isSubset(of: $0, ignoringArrayOrder: ignoringOrder) } ?? false
        case .jsonPath(let path, let expected): return reading.json(body)?.value(at: path) == expected
        case .value(let matcher):
            if matcher == .absent { return body.isEmpty }
            return matcher.accepts(body: body, reading: &reading)
        case .unparsableJSON, .unencodable: return false
        case .shape(let shape): return shape.matches(json: body)
        case .xmlShape(let shape): return shape.matches(body)
        case .mediaType(let type): return MediaTypeSniffing.data(body, isOf: type)
        }
    }

    /// What the matcher expects.
    public var description: String {
        switch self {
        case .exact(let data):
            return "== " + (String(data: data, encoding: .utf8).map(quoted) ?? "\(data.count) bytes")
        case .contains(let text): return "contains \(quoted(text))"
        case .matches(let pattern): return "matches \(pattern)"
        case .json(let value): return "JSON == \(value)"
        case .jsonSubset(let value, let ignoringOrder):
            return "JSON ⊇ \(value)" + (ignoringOrder ? " (any array order)" : "")
        case .jsonPath(let path, let value): return "JSON at \(path) == \(value)"
        case .value(let matcher): return matcher == .absent ? "empty" : matcher.description
        case .unparsableJSON(let text): return "JSON == \(quoted(text)) (not valid JSON)"
        case .unencodable(let reason): return "JSON == a value that could not be encoded (\(reason))"
        case .shape(let shape): return "JSON \(shape)"
        case .xmlShape(let shape): return shape.description
        case .mediaType(let type): return "bytes of type \(type)"
        }
    }

    /// Why a matcher cannot work, or `nil`.
    package var problem: String? {
        switch self {
        case .matches(let pattern): return pattern.problem
        case .value(let matcher): return matcher.problem
        case .jsonPath(let path, _): return JSONPath.parse(path) == nil ? "malformed JSON path \(quoted(path))" : nil
        case .unparsableJSON(let text): return "the body matcher's JSON is not valid JSON: \(quoted(text))"
        case .unencodable(let reason): return "the body matcher's value cannot be encoded as JSON: \(reason)"
        case .shape(let shape): return shape.problem
        case .xmlShape(let shape): return Shape(example: .null, rules: shape.rules).problem
        default: return nil
        }
    }
}
