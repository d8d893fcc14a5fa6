package import Foundation

/// One request's parts as matching reads them, each read at most once
/// however many stubs ask: a request tried against fifty stubs on one path,
/// each with its own JSON body, parses the body once, not fifty times.
///
/// Made empty for one request and passed `inout` to every pattern it is
/// tried against (``RequestPattern/match(_:reading:)``); every call must pass
/// that same request. Nothing is read, or allocated, until a condition asks:
/// a request whose stubs have no body, query, cookie or form condition (the
/// fixed route) pays one empty reference.
package struct RequestReading {
    private var parts: Parts?

    /// What has been read so far; `nil` not yet read (a double optional: read, and not there).
    private final class Parts {
        var json: JSONValue??
        var text: String?
        var textJSON: JSONValue??
        var xml: XMLElementValue??
        var query: [QueryItem]?
        var cookies: [QueryItem]?
        var formFields: [QueryItem]?
    }

    /// Nothing read yet.
    package init() {}

    private mutating func read() -> Parts {
        if let parts { return parts }
        let made = Parts()
        parts = made
        return made
    }

    /// The body as JSON, or `nil` when it is not JSON.
    package mutating func json(_ body: Data) -> JSONValue? {
        let parts = read()
        if let json = parts.json { return json }
        let value = JSONValue(data: body)
        parts.json = .some(value)
        return value
    }

    /// The body as text (invalid UTF-8 replaced).
    package mutating func text(_ body: Data) -> String {
        let parts = read()
        if let text = parts.text { return text }
        let value = String(decoding: body, as: UTF8.self)
        parts.text = value
        return value
    }

    /// The body's ``text(_:)`` as JSON (what a ``ValueMatcher`` on the body
    /// reads), or `nil` when it is not JSON.
    package mutating func textJSON(_ body: Data) -> JSONValue? {
        let parts = read()
        if let json = parts.textJSON { return json }
        let value = JSONValue(json: text(body))
        parts.textJSON = .some(value)
        return value
    }

    /// The body's ``text(_:)`` as an XML document, or `nil` when it is not one.
    package mutating func xml(_ body: Data) -> XMLElementValue? {
        let parts = read()
        if let xml = parts.xml { return xml }
        let value = try? XMLElementValue.parse(Data(text(body).utf8))
        parts.xml = .some(value)
        return value
    }

    /// ``RecordedRequest/query``.
    package mutating func query(_ request: RecordedRequest) -> [QueryItem] {
        let parts = read()
        if let query = parts.query { return query }
        let value = request.query
        parts.query = value
        return value
    }

    /// ``RecordedRequest/cookies``.
    package mutating func cookies(_ request: RecordedRequest) -> [QueryItem] {
        let parts = read()
        if let cookies = parts.cookies { return cookies }
        let value = request.cookies
        parts.cookies = value
        return value
    }

    /// ``RecordedRequest/formFields``.
    package mutating func formFields(_ request: RecordedRequest) -> [QueryItem] {
        let parts = read()
        if let fields = parts.formFields { return fields }
        let value = request.formFields
        parts.formFields = value
        return value
    }
}
