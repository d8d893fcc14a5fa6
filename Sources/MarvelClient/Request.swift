public import Foundation

/// One call to the API as a value: method, path, query, headers, and how to decode
/// the body. `Scope` is ``Signed`` for API routes (only a client with keys can send
/// them) or ``Unsigned`` (anything, such as an image download).
public struct Request<Response: Sendable, Scope: RequestScope>: Sendable {
    /// The HTTP method; the Marvel API only answers `GET`.
    public var method: String
    /// The path under the client's base URL (`/v1/public/comics`), or an absolute URL.
    public var path: String
    /// Query items in order; a `nil` value is a name without `=`.
    public var query: [(name: String, value: String?)]
    /// Extra headers.
    public var headers: [String: String]
    /// Turns a successful body (and the response's `ETag`) into the response value.
    public var decode: @Sendable (Data, JSONDecoder) throws -> Response

    /// Creates a request.
    public init(
        method: String = "GET",
        path: String,
        query: [(name: String, value: String?)] = [],
        headers: [String: String] = [:],
        decode: @escaping @Sendable (Data, JSONDecoder) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.decode = decode
    }

    /// The value of the first query item `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value ?? nil
    }

    /// A copy with `name` set to `value` (replacing any earlier value).
    public func setting(_ name: String, _ value: String?) -> Request {
        var copy = self
        copy.query.removeAll { $0.name == name }
        if let value { copy.query.append((name, value)) }
        return copy
    }
}

extension Request where Scope == Unsigned, Response == Data {
    /// A plain download of `url` (an image, say): no signing, the body as bytes.
    public static func download(_ url: URL) -> Request {
        Request(path: url.absoluteString) { data, _ in data }
    }
}

/// Whether a request needs the API's signature. See ``Signed`` and ``Unsigned``.
public protocol RequestScope: Sendable {}

/// A request to the Marvel API: it carries `apikey` (and `ts`/`hash` server-side),
/// so only a client with keys (``MarvelAPIClient`` with ``WithKeys``) can send it.
public enum Signed: RequestScope {}

/// A request that needs no keys (an image, a health check); any client sends it.
public enum Unsigned: RequestScope {}
