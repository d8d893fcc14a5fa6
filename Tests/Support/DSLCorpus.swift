import Foundation
import StubKit

/// Stubs declared with the DSL beyond what WireMock has fields for (path
/// templates, `times`, sequences, guards, regexes, XML), with requests that
/// exercise them: the export round trip sends them to WireMock, the
/// in-process parity test to both transports.
public enum DSLCorpus {
    /// What WireMock has no field for, built from what it has: path
    /// templates, `times`, sequences, guards, regexes that match anywhere.
    public static let stubs: [Stub] = [
        Get("/items/{id:int}").respond(.text("item")),
        Get("/files/{rest*}").respond(.text("file")),
        Get("/once").times(2).respond(.text("first two")),
        Get("/once").respond(.text("after")),
        Get("/seq").respondInSequence([.text("one"), .text("two"), .status(204)]),
        Get("/me").guarded(by: .bearer("t0ken-secret")).respond(.json(#"{"me": 1}"#)),
        Get("/keyed").guarded(by: .apiKey(query: "key", value: "k1")).guarded(by: .apiKey(header: "X-Secret", value: "s")).respond(.text("in")),
        Get("/counted").guarded(by: .bearer("t0ken-secret")).times(2).respond(.text("counted")),
        Get("/flow").inScenario("flow", whenState: "Started", willSetStateTo: "done").respond(.text("start")),
        Get("/flow").inScenario("flow", whenState: "done").respond(.text("done")),
        Post("/search").body(.contains("spider")).respond(.text("found")),
        Post("/search").body(.matches("ha+lk")).respond(.text("hulk")),
        Post("/subset").body(.jsonSubset(.object(["a": 1, "o": .object(["b": true])]))).respond(.text("subset")),
        Post("/path").body(.jsonPath("user.name", equals: "ann")).respond(.text("ann")),
        Get("/q").query("tag", .oneOf(["a", "b"])).query("n", .matches("^[0-9]")).respond(.text("tagged")),
        Get("/h").header("Accept", .contains("json")).cookie("session", .present).respond(.text("cookie")),
        Get("/big").respond(.text(String(repeating: "0123456789", count: 1_000))),
        Get("/bin").respond(StubResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: Data([0, 255, 1, 254]))),
        Get("/many").respond(.text("h").header("X-Many", "1").header("X-Many", "2")),
        Get("/prio").query("v", .present).respond(.text("low")),
        Get("/prio").priority(3).query("v", "2").respond(.text("high")),
        Get("/teapot").respond(StubResponse(status: 418, reason: "I am a teapot really")),
        Get("/gone").fault(.closeWithoutResponse),
        Get("/spaced path").respond(.text("spaced")),
        Get("/hello/{name}").respond(template: "Hello {{request.path.[1]}} ({{request.query.lang}})", headers: ["X-Name": "{{request.path.[1]}}"]),
        Post("/xml").body(.value(.xpath(XPathQuery("/order/id/text()"), then: .equals("7")))).respond(.text("order 7")),
        Post("/doc").body(.value(.xml(XMLElementValue(name: "r", children: [XMLElementValue(name: "a", text: "1")]), XMLComparison()))).respond(.text("doc")),
    ]

    /// Requests for ``stubs``, in order (state moves), as corpus lines (``CorpusLine``).
    public static let requests = [
        "GET /items/12", "GET /items/ab", "GET /items/-3", "GET /files", "GET /files/a/b", "GET /filesx",
        "GET /once", "GET /once", "GET /once", "GET /seq", "GET /seq", "GET /seq", "GET /seq",
        "GET /me|Authorization: Bearer t0ken-secret", "GET /me|Authorization: Bearer nope", "GET /me",
        "GET /keyed?key=k1|X-Secret: s", "GET /keyed?key=k1", "GET /keyed|X-Secret: s", "GET /keyed",
        "GET /counted", "GET /counted|Authorization: Bearer t0ken-secret", "GET /counted|Authorization: Bearer t0ken-secret",
        "GET /flow", "GET /flow", "GET /flow",
        "POST /search|the spider man", "POST /search|the haaalk", "POST /search|nothing",
        #"POST /subset|{"a": 1, "o": {"b": true, "c": 2}, "z": 0}"#, #"POST /subset|{"a": 1}"#,
        #"POST /path|{"user": {"name": "ann"}}"#, #"POST /path|{"user": {"name": "bob"}}"#,
        "GET /q?tag=a&n=1x", "GET /q?tag=c&n=1", "GET /q?tag=b&n=x",
        "GET /h|Accept: application/json|Cookie: session=1", "GET /h|Accept: application/json",
        "GET /hello/ann?lang=en", "POST /xml|<order><id>7</id></order>", "POST /xml|<order><id>8</id></order>",
        "POST /doc|<r>\n <a>1</a>\n</r>", "POST /doc|<r><a>2</a></r>",
        "GET /big", "GET /bin", "GET /many", "GET /prio?v=2", "GET /prio?v=1", "GET /teapot", "GET /gone", "GET /spaced%20path",
    ]

}

/// A request as the corpora write it: `GET /path|Header: value|…|body`, the
/// request line's method and target, then headers, then (when the last part
/// is not a header) the body.
public struct CorpusLine: Sendable, CustomStringConvertible {
    /// The line as written.
    public let line: String

    /// A request written as `line`.
    public init(_ line: String) { self.line = line }

    /// The method.
    public var method: String { String(line.prefix { $0 != " " }) }
    /// The target, as written.
    public var target: String {
        let rest = line.drop { $0 != " " }.dropFirst()
        return String(rest.prefix { $0 != "|" })
    }
    private var parts: [String] { Array(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map(String.init)) }
    /// The header lines, `Name: value`.
    public var headers: [String] { parts.filter { $0.range(of: #"^[A-Za-z-]+: "#, options: .regularExpression) != nil } }
    /// The body, when there is one.
    public var body: String? { parts.last.flatMap { $0.range(of: #"^[A-Za-z-]+: "#, options: .regularExpression) == nil ? $0 : nil } }
    /// The line.
    public var description: String { line }
}
