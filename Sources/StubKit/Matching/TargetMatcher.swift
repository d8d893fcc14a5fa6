/// A condition on the request target exactly as sent, percent-escapes and
/// all: the whole target with its query, or the path before `?`.
///
/// Path patterns compare the decoded path; this compares the bytes the
/// client sent, which is how WireMock's `url`, `urlPattern`, `urlPath` and
/// `urlPathPattern` work (`url: "/u?a=1&b=2"` does not match `/u?b=2&a=1`).
public struct TargetMatcher: Sendable, Hashable, CustomStringConvertible {
    /// Which part of the target is compared.
    public enum Part: String, Sendable, Hashable {
        /// Path and query, as sent.
        case whole
        /// The path before `?`, as sent.
        case path
    }

    /// Which part of the target is compared.
    public var part: Part
    /// The condition on it.
    public var matcher: ValueMatcher

    /// Creates a condition on `part` of the raw target.
    public init(_ part: Part = .whole, _ matcher: ValueMatcher) {
        self.part = part
        self.matcher = matcher
    }

    /// The compared part of `request`'s target.
    public func subject(of request: RecordedRequest) -> String {
        part == .whole ? request.target : Self.path(ofTarget: request.target)
    }

    /// The part of `target` before `?`.
    static func path(ofTarget target: String) -> String {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        return String(target[..<question])
    }

    /// Whether `request` satisfies the condition.
    public func accepts(_ request: RecordedRequest) -> Bool {
        matcher.accepts(subject(of: request))
    }

    /// ``accepts(_:)``, reading the target's path through `reading`.
    func accepts(_ request: RecordedRequest, reading: inout RequestReading) -> Bool {
        matcher.accepts(reading.target(request, part))
    }

    /// The check of `request` against this condition, named by ``field``
    /// even when not `describing` (a condition on the URL weighs as the path
    /// in a near miss's score), the target's path read through `reading`.
    func check(_ request: RecordedRequest, describing: Bool, reading: inout RequestReading) -> FieldCheck {
        let subject = reading.target(request, part)
        let matched = matcher.accepts(subject)
        return FieldCheck(field: field, expected: describing ? matcher.description : "", actual: describing ? quoted(subject) : "",
                          matched: matched)
    }

    /// The name of the compared part in reports: `url` or `url path`.
    public var field: String { part == .whole ? "url" : "url path" }

    /// `url == "/u?a=1"`.
    public var description: String { "\(field) \(matcher)" }
}
