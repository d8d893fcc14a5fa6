import Foundation

/// Cross-origin resource sharing (the Fetch standard's CORS protocol): which
/// browser origins may read the answers, and how a preflight `OPTIONS` is
/// answered. A server with a policy adds its headers to every answer (errors,
/// guard refusals and unmatched-request reports included) and answers
/// preflights itself with `204`.
///
/// ```swift
/// var configuration = StubServer.Configuration()
/// configuration.cors = .allowAll
/// ```
public struct CORSPolicy: Sendable, Hashable {
    /// The origins allowed to read answers; `["*"]` allows any.
    public var allowedOrigins: [String]
    /// The methods a preflight allows.
    public var allowedMethods: [String]
    /// The request headers a preflight allows; `nil` allows whatever the
    /// preflight asks for (`Access-Control-Request-Headers`).
    public var allowedHeaders: [String]?
    /// The response headers a browser script may read besides the safelisted ones.
    public var exposedHeaders: [String]
    /// Whether credentialed requests (cookies, `Authorization`) may read
    /// answers; the allowed origin is then echoed, never `*`.
    public var allowsCredentials: Bool
    /// How long, in seconds, a browser may cache a preflight's answer.
    public var maxAgeSeconds: Int?

    /// Creates a policy; the defaults allow any origin, the common methods
    /// and any requested header, and expose `ETag` and `Understudy-Mismatch`.
    public init(
        allowedOrigins: [String] = ["*"],
        allowedMethods: [String] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
        allowedHeaders: [String]? = nil,
        exposedHeaders: [String] = ["ETag", "Understudy-Mismatch"],
        allowsCredentials: Bool = false,
        maxAgeSeconds: Int? = 600
    ) {
        self.allowedOrigins = allowedOrigins
        self.allowedMethods = allowedMethods
        self.allowedHeaders = allowedHeaders
        self.exposedHeaders = exposedHeaders
        self.allowsCredentials = allowsCredentials
        self.maxAgeSeconds = maxAgeSeconds
    }

    /// Any origin, the common methods, any requested header.
    public static let allowAll = CORSPolicy()

    /// Whether `request` is a preflight: `OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`.
    public func isPreflight(_ request: RecordedRequest) -> Bool {
        request.method == "OPTIONS" && request.headers["Origin"] != nil
            && request.headers["Access-Control-Request-Method"] != nil
    }

    /// The headers an answer to `request` carries: `Access-Control-Allow-Origin`
    /// (and `Vary: Origin` when it depends on the origin), credentials and
    /// exposed headers. Empty when the request's origin is not allowed.
    public func headers(for request: RecordedRequest) -> HTTPHeaders {
        guard let origin = allowedOrigin(for: request) else { return [:] }
        var headers: HTTPHeaders = ["Access-Control-Allow-Origin": origin]
        if origin != "*" { headers.add("Vary", "Origin") }
        if allowsCredentials { headers.add("Access-Control-Allow-Credentials", "true") }
        if !exposedHeaders.isEmpty { headers.add("Access-Control-Expose-Headers", exposedHeaders.joined(separator: ", ")) }
        return headers
    }

    /// The answer to a preflight: `204` with the allowed methods and headers
    /// when the origin and method are allowed, else `403` without CORS headers,
    /// which the browser reports as a CORS failure.
    public func preflightResponse(for request: RecordedRequest) -> StubResponse {
        let method = request.headers["Access-Control-Request-Method"] ?? ""
        guard let origin = allowedOrigin(for: request), allowedMethods.contains(method) else {
            return StubResponse(status: 403, headers: ["Content-Type": "text/plain; charset=utf-8"],
                                body: .init("CORS preflight refused: origin or method \(method) not allowed\n".utf8))
        }
        var headers: HTTPHeaders = ["Access-Control-Allow-Origin": origin]
        if origin != "*" { headers.add("Vary", "Origin") }
        headers.add("Access-Control-Allow-Methods", allowedMethods.joined(separator: ", "))
        let asked = request.headers["Access-Control-Request-Headers"]
        if let allowed = allowedHeaders.map({ $0.joined(separator: ", ") }) ?? asked, !allowed.isEmpty {
            headers.add("Access-Control-Allow-Headers", allowed)
            if allowedHeaders == nil { headers.add("Vary", "Access-Control-Request-Headers") }
        }
        if allowsCredentials { headers.add("Access-Control-Allow-Credentials", "true") }
        if let maxAgeSeconds { headers.add("Access-Control-Max-Age", String(maxAgeSeconds)) }
        return StubResponse(status: 204, headers: headers)
    }

    /// `*`, or the request's `Origin` when it is allowed (always echoed with
    /// credentials); `nil` when it is not.
    private func allowedOrigin(for request: RecordedRequest) -> String? {
        let origin = request.headers["Origin"]
        if allowedOrigins.contains("*") {
            guard allowsCredentials else { return "*" }
            return origin
        }
        guard let origin, allowedOrigins.contains(origin) else { return nil }
        return origin
    }
}
