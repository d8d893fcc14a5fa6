import Foundation
public import MarvelModels

/// Everything a call to the Marvel API can fail with: a case per documented API
/// error, plus transport, decoding and unexpected answers. Each reads well in a log.
public enum MarvelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 409 `MissingParameter`: "You must provide a user key."
    case missingAPIKey
    /// 409 `MissingParameter`: "You must provide a hash."
    case missingHash
    /// 409 `MissingParameter`: "You must provide a timestamp."
    case missingTimestamp
    /// 401 `InvalidCredentials`: "The passed API key is invalid."
    case invalidAPIKey
    /// 401 `InvalidCredentials`: "That hash, timestamp and key combination is invalid."
    case invalidSignature
    /// 401 `InvalidReferer`: a client-side key used from a referer that is not whitelisted.
    case invalidReferer(message: String)
    /// 403: the key may not call this endpoint.
    case forbidden(message: String)
    /// 405 `MethodNotAllowed`, e.g. "POST is not allowed".
    case methodNotAllowed(message: String)
    /// 404 `ResourceNotFound`: the route does not exist.
    case routeNotFound(message: String)
    /// 404 with an API body: "We couldn't find that character".
    case notFound(message: String)
    /// 409: "You may not request more than 100 items."
    case limitTooLarge
    /// 409: "You must pass an integer limit greater than 0."
    case limitInvalid
    /// 409: "We don't recognize the parameter <name>".
    case unknownParameter(name: String)
    /// 409: "<name> cannot be blank if it is set".
    case blankParameter(name: String)
    /// 409: "<value> is not a valid ordering parameter."
    case invalidOrdering(value: String)
    /// 409: "You may not submit more than 10 <noun> ids."
    case tooManyIDs(message: String)
    /// 409: "You must pass at least one valid <noun> id if you set the <noun> filter."
    case invalidIDFilter(message: String)
    /// 409 with any other text (invalid filter values, …).
    case invalidParameter(message: String)
    /// 429 `RequestThrottled`: the daily call budget is spent.
    case rateLimited
    /// An API error body this client does not know, with its status.
    case api(status: Int, error: MarvelAPIError)
    /// A status outside 200..<300 (and not 304) whose body is no API error.
    case unexpectedStatus(Int, body: String)
    /// The body did not decode into the expected model.
    case decoding(type: String, codingPath: String, reason: String)
    /// No response: connection refused, timeout, …
    case transport(String)
    /// The request could not be turned into a URL.
    case invalidURL(String)
    /// A 304 arrived for a request the cache holds no value for.
    case notModifiedWithoutCache(url: String)

    /// `MarvelError.limitTooLarge: 409 You may not request more than 100 items.`
    public var description: String {
        switch self {
        case .missingAPIKey: "409 MissingParameter: You must provide a user key."
        case .missingHash: "409 MissingParameter: You must provide a hash."
        case .missingTimestamp: "409 MissingParameter: You must provide a timestamp."
        case .invalidAPIKey: "401 InvalidCredentials: The passed API key is invalid."
        case .invalidSignature: "401 InvalidCredentials: That hash, timestamp and key combination is invalid."
        case .invalidReferer(let message): "401 InvalidReferer: \(message)"
        case .forbidden(let message): "403 Forbidden: \(message)"
        case .methodNotAllowed(let message): "405 MethodNotAllowed: \(message)"
        case .routeNotFound(let message): "404 ResourceNotFound: \(message)"
        case .notFound(let message): "404: \(message)"
        case .limitTooLarge: "409: You may not request more than 100 items."
        case .limitInvalid: "409: You must pass an integer limit greater than 0."
        case .unknownParameter(let name): "409: We don't recognize the parameter \(name)"
        case .blankParameter(let name): "409: \(name) cannot be blank if it is set"
        case .invalidOrdering(let value): "409: \(value) is not a valid ordering parameter."
        case .tooManyIDs(let message), .invalidIDFilter(let message), .invalidParameter(let message): "409: \(message)"
        case .rateLimited: "429 RequestThrottled: You have exceeded your rate limit.  Please try again later."
        case .api(let status, let error): "\(status) \(error)"
        case .unexpectedStatus(let status, let body): "unexpected status \(status): \(body.prefix(200))"
        case .decoding(let type, let path, let reason): "could not decode \(type) at \(path.isEmpty ? "the top level" : path): \(reason)"
        case .transport(let reason): "no response: \(reason)"
        case .invalidURL(let text): "not a valid URL: \(text)"
        case .notModifiedWithoutCache(let url): "304 Not Modified for \(url), which is not cached"
        }
    }

    /// Maps an API error body and its status to a case.
    public init(status: Int, body error: MarvelAPIError) {
        let message = error.message
        switch (status, error.code) {
        case (_, .name("MissingParameter")) where message.contains("user key"): self = .missingAPIKey
        case (_, .name("MissingParameter")) where message.contains("hash"): self = .missingHash
        case (_, .name("MissingParameter")) where message.contains("timestamp"): self = .missingTimestamp
        case (_, .name("InvalidCredentials")) where message.contains("API key"): self = .invalidAPIKey
        case (_, .name("InvalidCredentials")): self = .invalidSignature
        case (_, .name("InvalidReferer")): self = .invalidReferer(message: message)
        case (403, _), (_, .name("Forbidden")): self = .forbidden(message: message)
        case (_, .name("MethodNotAllowed")): self = .methodNotAllowed(message: message)
        case (_, .name("ResourceNotFound")): self = .routeNotFound(message: message)
        case (_, .name("RequestThrottled")): self = .rateLimited
        case (404, .status): self = .notFound(message: message)
        case (409, .status): self = Self.validation(message)
        default: self = .api(status: status, error: error)
        }
    }

    private static func validation(_ message: String) -> MarvelError {
        if message == "You may not request more than 100 items." { return .limitTooLarge }
        if message == "You must pass an integer limit greater than 0." { return .limitInvalid }
        if message.hasPrefix("We don't recognize the parameter ") {
            return .unknownParameter(name: String(message.dropFirst("We don't recognize the parameter ".count)))
        }
        if message.hasSuffix(" cannot be blank if it is set") {
            return .blankParameter(name: String(message.dropLast(" cannot be blank if it is set".count)))
        }
        if message.hasSuffix(" is not a valid ordering parameter.") {
            return .invalidOrdering(value: String(message.dropLast(" is not a valid ordering parameter.".count)))
        }
        if message.hasPrefix("You may not submit more than 10 ") { return .tooManyIDs(message: message) }
        if message.hasPrefix("You must pass at least one valid ") { return .invalidIDFilter(message: message) }
        return .invalidParameter(message: message)
    }

    /// Describes a `DecodingError` with its coding path.
    static func decoding(_ error: any Error, as type: Any.Type) -> MarvelError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return .decoding(type: "\(type)", codingPath: path(context.codingPath + [key]), reason: "missing key")
        case .typeMismatch(let expected, let context)?:
            return .decoding(type: "\(type)", codingPath: path(context.codingPath), reason: "expected \(expected): \(context.debugDescription)")
        case .valueNotFound(let expected, let context)?:
            return .decoding(type: "\(type)", codingPath: path(context.codingPath), reason: "null where \(expected) was expected")
        case .dataCorrupted(let context)?:
            return .decoding(type: "\(type)", codingPath: path(context.codingPath), reason: context.debugDescription)
        default:
            return .decoding(type: "\(type)", codingPath: "", reason: "\(error)")
        }
    }
}
