import Foundation
import StubKit
import Yams

/// What a request breaks of its operation: each parameter read the way its
/// style says (`form` exploded or comma-separated, `simple`, `deepObject`)
/// and validated against its schema, then the body's media type and JSON.
struct OpenAPIRequestCheck {
    /// One broken rule, with where in the request and where in the document.
    struct Violation: Sendable {
        var location: String
        var message: String
        var declared: CodeLocation
    }

    /// What is wrong and the status it earns: 400 for parameters, 415 for a media type, 422 for a body.
    var violations: [Violation] = []
    var status = 400

    /// With `requiresAll` false (a stub's conditions, which may leave things
    /// open), a missing parameter, body or media type is not held against it.
    init(_ request: RecordedRequest, pathValues: [String: String], operation: OpenAPIOperation, source: OpenAPISource, requiresAll: Bool = true) {
        let validator = SchemaValidator(source)
        for parameter in operation.parameters {
            let schema = parameter.schemaPointer.flatMap(source.resolve)
            let types = schema.map { (Self.type(of: $0, source), $0.member("items").map { Self.type(of: $0, source) } ?? "string") }
            guard let value = Self.value(of: parameter, in: request, pathValues: pathValues, type: types?.0, itemType: types?.1 ?? "string") else {
                if parameter.required, requiresAll {
                    violations.append(Violation(location: "\(parameter.place.rawValue).\(parameter.name)", message: "the required \(parameter.place.rawValue) parameter \(parameter.name) is missing", declared: parameter.location))
                }
                continue
            }
            guard let schema, let pointer = parameter.schemaPointer else { continue }
            for violation in validator.violations(of: value, against: schema, schemaPointer: pointer, direction: .request) {
                violations.append(Violation(location: "\(parameter.place.rawValue).\(parameter.name)\(violation.instancePath)", message: violation.message,
                                            declared: violation.schemaLocation))
            }
        }
        guard violations.isEmpty, let body = operation.requestBody else { return }
        if request.body.isEmpty {
            if body.required, requiresAll {
                status = 422
                violations.append(Violation(location: "body", message: "the request body is required", declared: operation.location))
            }
            return
        }
        let sent = request.headers["Content-Type"] ?? ""
        // Without a Content-Type, a request is read as the first media type
        // (the first JSON one for a stub's conditions, which leave the header open).
        let unnamed = requiresAll ? body.media.first : body.media.first(where: \.isJSON) ?? body.media.first
        guard let media = sent.isEmpty ? unnamed : body.media.first(where: { Self.accepts($0.type, sent) }) else {
            status = 415
            violations.append(Violation(location: "header.Content-Type",
                                        message: "expected \(body.media.map(\.type).joined(separator: " or ")), got \(sent.isEmpty ? "none" : sent)",
                                        declared: operation.location))
            return
        }
        guard media.isJSON, let pointer = media.schemaPointer, let schema = source.resolve(pointer) else { return }
        status = 422
        guard let json = JSONValue(data: request.body) else {
            violations.append(Violation(location: "body", message: "the body is not JSON", declared: operation.location))
            return
        }
        for violation in validator.violations(of: json, against: schema, schemaPointer: pointer, direction: .request) {
            violations.append(Violation(location: "body\(violation.instancePath)", message: violation.message, declared: violation.schemaLocation))
        }
    }

    /// Whether a declared media type (or range) accepts the sent `Content-Type`.
    static func accepts(_ declared: String, _ sent: String) -> Bool {
        let wanted = declared.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let got = sent.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if wanted == "*/*" || wanted == got { return true }
        if wanted.hasSuffix("/*") { return got.hasPrefix(String(wanted.dropLast())) }
        return false
    }

    /// The schema's type after references (`string` when it names none).
    static func type(of schema: Node, _ source: OpenAPISource) -> String {
        var node = schema
        for _ in 0..<16 {
            guard let reference = node.member("$ref")?.text, let target = source.resolve(reference) else { break }
            node = target
        }
        guard let type = node.member("type") else { return node.member("properties") != nil ? "object" : "string" }
        return (type.items.isEmpty ? [type.text ?? "string"] : type.items.compactMap(\.text)).first { $0 != "null" } ?? "string"
    }

    /// The parameter's value as JSON, read by its style; `nil` when not sent.
    static func value(of parameter: OpenAPIParameter, in request: RecordedRequest, pathValues: [String: String], type: String?,
                      itemType: String = "string") -> JSONValue? {
        let type = type ?? "string"
        func item(_ raw: String) -> JSONValue { itemType == "string" ? .string(raw) : scalar(raw) }
        switch parameter.place {
        case .path:
            guard var raw = pathValues[parameter.name] else { return nil }
            if parameter.style == "label", raw.hasPrefix(".") { raw.removeFirst() }
            if parameter.style == "matrix", raw.hasPrefix(";\(parameter.name)=") { raw.removeFirst(parameter.name.count + 2) }
            return typed(raw.removingPercentEncoding ?? raw, type, item)
        case .header:
            let values = request.headers.values(for: parameter.name)
            return values.isEmpty ? nil : typed(values.joined(separator: ","), type, item)
        case .cookie:
            let cookies = request.headers.values(for: "Cookie").flatMap { $0.split(separator: ";") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = cookies.first(where: { $0.hasPrefix(parameter.name + "=") }) else { return nil }
            return typed(String(pair.dropFirst(parameter.name.count + 1)), type, item)
        case .query:
            if parameter.style == "deepObject" {
                var object: [String: JSONValue] = [:]
                for sent in request.query where sent.name.hasPrefix(parameter.name + "[") && sent.name.hasSuffix("]") {
                    let key = String(sent.name.dropFirst(parameter.name.count + 1).dropLast())
                    object[key] = scalar(sent.value ?? "")
                }
                return object.isEmpty ? nil : .object(object)
            }
            let values = request.query.filter { $0.name == parameter.name }.map { $0.value ?? "" }
            guard !values.isEmpty else { return nil }
            if type == "array" {
                let separator = parameter.style == "spaceDelimited" ? " " : parameter.style == "pipeDelimited" ? "|" : ","
                // An empty value of a delimited array is the empty array (`tags=`).
                let items = parameter.explode ? values
                    : values.flatMap { $0.isEmpty ? [] : $0.split(separator: Character(separator), omittingEmptySubsequences: false).map(String.init) }
                return .array(items.map(item))
            }
            return typed(values[0], type, item)
        }
    }

    private static func typed(_ raw: String, _ type: String, _ item: (String) -> JSONValue) -> JSONValue {
        switch type {
        case "array": return .array(raw.split(separator: ",", omittingEmptySubsequences: false).map { item(String($0)) })
        case "object":
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var object: [String: JSONValue] = [:]
            var index = 0
            while index + 1 < parts.count { object[parts[index]] = scalar(parts[index + 1]); index += 2 }
            return .object(object)
        case "string": return .string(raw)
        default: return scalar(raw)
        }
    }

    /// A text value as the number or boolean it spells, else the text.
    static func scalar(_ raw: String) -> JSONValue {
        if raw == "true" { return .bool(true) }
        if raw == "false" { return .bool(false) }
        if let number = Double(raw), raw.first.map({ $0.isNumber || $0 == "-" }) == true, raw.last?.isNumber == true { return .number(number) }
        return .string(raw)
    }
}
