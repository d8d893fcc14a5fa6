/// A response to send: status, headers and a body held in memory.
///
/// The daemon adds `Date`, `Content-Length` (or chunked framing) and
/// `Connection` itself; a `Content-Length` header given here is ignored.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, for example `200`.
    public var status: Int
    /// Header lines to send, in order; repeated names are sent repeatedly.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response whose body is the UTF-8 of `text`.
    public init(status: Int, headers: [(name: String, value: String)] = [], text: String) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }

    /// Two responses are equal when status, header lines (in order) and body are.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}

extension HTTPResponse {
    /// This response with `field` listed in `Vary`, added to what the
    /// response already says, never in its place: a stub's `Vary: User-Agent`
    /// stays, and a layer that varies on `Accept-Encoding` or `Origin` adds
    /// its own line (as WireMock's Jetty does). Nothing changes when a `Vary`
    /// line already names the field or is `*`.
    package func varying(on field: String) -> HTTPResponse {
        for header in headers where header.name.caseInsensitiveEquals("Vary") {
            for entry in header.value.split(separator: ",") {
                let name = String(entry.trimmingOptionalWhitespace)
                if name == "*" || name.caseInsensitiveEquals(field) { return self }
            }
        }
        var varied = self
        varied.headers.append(("Vary", field))
        return varied
    }
}

extension HTTPResponse {
    /// What a request still waiting for a delayed answer gets when its server
    /// stops: over the socket and in process alike.
    package static let serverStopped = HTTPResponse(
        status: 503,
        headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
        text: "503 Service Unavailable: the server stopped before this delayed response was due.\n"
    )
}
