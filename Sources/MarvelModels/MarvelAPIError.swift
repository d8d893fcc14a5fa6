/// An error body from the Marvel API, in either of its two shapes:
///
/// - the gateway shape, for authentication, routing and rate limits:
///   `{"code": "MissingParameter", "message": "You must provide a user key."}`
/// - the API shape, for validation and unknown ids:
///   `{"code": 409, "status": "You may not request more than 100 items."}`
///
/// Decoding accepts both; encoding writes the shape that was decoded.
public struct MarvelAPIError: Error, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The `code` field: a number in the API shape, a name in the gateway shape.
    public enum Code: Sendable, Hashable, CustomStringConvertible {
        /// `{"code": 409, "status": …}`: an HTTP status repeated in the body.
        case status(Int)
        /// `{"code": "InvalidCredentials", "message": …}`: a gateway error name.
        case name(String)

        /// The code as written in JSON.
        public var description: String {
            switch self {
            case .status(let value): String(value)
            case .name(let value): value
            }
        }
    }

    /// The code.
    public var code: Code
    /// The human-readable text: `status` in the API shape, `message` in the gateway shape.
    public var message: String

    /// Creates an error body.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// Creates an API-shaped body: `{"code": status, "status": message}`.
    public init(status: Int, _ message: String) { self.init(code: .status(status), message: message) }

    /// Creates a gateway-shaped body: `{"code": name, "message": message}`.
    public init(name: String, _ message: String) { self.init(code: .name(name), message: message) }

    /// `409: You may not request more than 100 items.` or `InvalidCredentials: The passed API key is invalid.`
    public var description: String { "\(code): \(message)" }

    private enum CodingKeys: String, CodingKey { case code, status, message }

    /// Decodes either shape; an integer `code` goes with `status`, a string `code` with `message`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(Int.self, forKey: .code) {
            code = .status(number)
            message = try container.decode(String.self, forKey: .status)
        } else {
            code = .name(try container.decode(String.self, forKey: .code))
            message = try container.decode(String.self, forKey: .message)
        }
    }

    /// Encodes the shape that goes with ``code``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch code {
        case .status(let number):
            try container.encode(number, forKey: .code)
            try container.encode(message, forKey: .status)
        case .name(let name):
            try container.encode(name, forKey: .code)
            try container.encode(message, forKey: .message)
        }
    }
}
