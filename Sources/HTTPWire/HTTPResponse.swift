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
