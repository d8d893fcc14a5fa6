public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import MarvelModels

/// Hooks into a client's calls. Every method has a default.
public protocol MarvelClientDelegate: Sendable {
    /// Adjusts a request after signing, just before it is sent (headers, logging).
    /// The default does nothing.
    func willSend(_ request: inout URLRequest) async throws

    /// Checks a response before its body is decoded; throw to fail the call. The
    /// default throws ``MarvelError`` for a status outside 200..<300 other than 304,
    /// reading either API error shape from the body.
    func validate(_ response: HTTPURLResponse, data: Data) throws

    /// Whether to send the request again after `error`; `attempts` counts the tries
    /// so far (1 after the first). The default never retries.
    func shouldRetry(_ request: URLRequest, error: any Error, attempts: Int) async throws -> Bool
}

extension MarvelClientDelegate {
    /// Does nothing.
    public func willSend(_ request: inout URLRequest) async throws {}

    /// Maps non-2xx statuses to ``MarvelError``.
    public func validate(_ response: HTTPURLResponse, data: Data) throws {
        try MarvelErrorMapping.validate(status: response.statusCode, data: data)
    }

    /// Never retries.
    public func shouldRetry(_ request: URLRequest, error: any Error, attempts: Int) async throws -> Bool { false }
}

/// The delegate a client uses when none is given: all defaults.
public struct DefaultMarvelClientDelegate: MarvelClientDelegate {
    /// Creates the default delegate.
    public init() {}
}

/// Status and body to ``MarvelError``.
public enum MarvelErrorMapping {
    /// Throws the error a status and body mean; returns for 2xx and 304.
    public static func validate(status: Int, data: Data) throws {
        guard !(200..<300).contains(status), status != 304 else { return }
        if let body = try? JSONDecoder().decode(MarvelAPIError.self, from: data) {
            throw MarvelError(status: status, body: body)
        }
        throw MarvelError.unexpectedStatus(status, body: String(decoding: data.prefix(500), as: UTF8.self))
    }
}
