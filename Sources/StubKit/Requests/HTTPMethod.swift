/// An HTTP request method. Any token is allowed; the common ones have names.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method as sent on the wire, for example `GET`.
    public var rawValue: String

    /// Creates a method from its wire form; methods are case-sensitive.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a method from a string literal such as `"PROPFIND"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `GET`
    public static let get: HTTPMethod = "GET"
    /// `HEAD`
    public static let head: HTTPMethod = "HEAD"
    /// `POST`
    public static let post: HTTPMethod = "POST"
    /// `PUT`
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`
    public static let delete: HTTPMethod = "DELETE"
    /// `OPTIONS`
    public static let options: HTTPMethod = "OPTIONS"

    /// The wire form.
    public var description: String { rawValue }
}
