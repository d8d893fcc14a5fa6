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
    /// The target's path as sent, once a condition on it asked: every stub
    /// of a WireMock root's `urlPathPattern`s compares it.
    private var targetPath: String?

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

    /// The part `slot` holds, made by `make` the first time it is asked for.
    private mutating func once<Value>(_ slot: ReferenceWritableKeyPath<Parts, Value?>, _ make: () -> Value) -> Value {
        let read = parts ?? Parts()
        parts = read
        if let value = read[keyPath: slot] { return value }
        let value = make()
        read[keyPath: slot] = value
        return value
    }

    /// The body as JSON, or `nil` when it is not JSON.
    package mutating func json(_ body: Data) -> JSONValue? { once(\.json) { JSONValue(data: body) } }

    /// The body as text (invalid UTF-8 replaced).
    package mutating func text(_ body: Data) -> String { once(\.text) { String(decoding: body, as: UTF8.self) } }

    /// The body's ``text(_:)`` as JSON (what a ``ValueMatcher`` on the body
    /// reads), or `nil` when it is not JSON.
    package mutating func textJSON(_ body: Data) -> JSONValue? {
        let text = text(body)
        return once(\.textJSON) { JSONValue(json: text) }
    }

    /// The body's ``text(_:)`` as an XML document, or `nil` when it is not one.
    package mutating func xml(_ body: Data) -> XMLElementValue? {
        let text = text(body)
        return once(\.xml) { try? XMLElementValue.parse(Data(text.utf8)) }
    }

    /// ``RecordedRequest/query``.
    package mutating func query(_ request: RecordedRequest) -> [QueryItem] { once(\.query) { request.query } }

    /// ``RecordedRequest/cookies``.
    package mutating func cookies(_ request: RecordedRequest) -> [QueryItem] { once(\.cookies) { request.cookies } }

    /// The part of the request's target that `part` names, as sent.
    package mutating func target(_ request: RecordedRequest, _ part: TargetMatcher.Part) -> String {
        guard part == .path else { return request.target }
        if let targetPath { return targetPath }
        let path = TargetMatcher.path(ofTarget: request.target)
        targetPath = path
        return path
    }

    /// ``RecordedRequest/formFields``.
    package mutating func formFields(_ request: RecordedRequest) -> [QueryItem] { once(\.formFields) { request.formFields } }
}
