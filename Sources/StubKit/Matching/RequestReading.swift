package import Foundation

/// One request's parts as matching reads them, each read at most once
/// however many stubs ask: a request tried against fifty stubs on one path,
/// each with its own JSON body, parses the body once, not fifty times.
///
/// Made empty for one request and passed `inout` to every pattern it is
/// tried against (``RequestPattern/match(_:reading:)``); every call must pass
/// that same request. A value on the stack: nothing is read, or allocated,
/// until a condition asks.
package struct RequestReading {
    private var json: JSONValue??
    private var text: String?
    private var textJSON: JSONValue??
    private var xml: XMLElementValue??
    private var query: [QueryItem]?
    private var cookies: [QueryItem]?
    private var formFields: [QueryItem]?

    /// Nothing read yet.
    package init() {}

    /// The body as JSON, or `nil` when it is not JSON.
    package mutating func json(_ body: Data) -> JSONValue? {
        if let json { return json }
        let read = JSONValue(data: body)
        json = .some(read)
        return read
    }

    /// The body as text (invalid UTF-8 replaced).
    package mutating func text(_ body: Data) -> String {
        if let text { return text }
        let read = String(decoding: body, as: UTF8.self)
        text = read
        return read
    }

    /// The body's ``text(_:)`` as JSON (what a ``ValueMatcher`` on the body
    /// reads), or `nil` when it is not JSON.
    package mutating func textJSON(_ body: Data) -> JSONValue? {
        if let textJSON { return textJSON }
        let read = JSONValue(json: text(body))
        textJSON = .some(read)
        return read
    }

    /// The body's ``text(_:)`` as an XML document, or `nil` when it is not one.
    package mutating func xml(_ body: Data) -> XMLElementValue? {
        if let xml { return xml }
        let read = try? XMLElementValue.parse(Data(text(body).utf8))
        xml = .some(read)
        return read
    }

    /// ``RecordedRequest/query``.
    package mutating func query(_ request: RecordedRequest) -> [QueryItem] {
        if let query { return query }
        let read = request.query
        query = read
        return read
    }

    /// ``RecordedRequest/cookies``.
    package mutating func cookies(_ request: RecordedRequest) -> [QueryItem] {
        if let cookies { return cookies }
        let read = request.cookies
        cookies = read
        return read
    }

    /// ``RecordedRequest/formFields``.
    package mutating func formFields(_ request: RecordedRequest) -> [QueryItem] {
        if let formFields { return formFields }
        let read = request.formFields
        formFields = read
        return read
    }
}
