public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLError` a real URLSession reports when the server commits a fault
/// over the socket, which the in-process transport reports for the same
/// fault. Linux's column is measured (swift-corelibs-foundation over
/// libcurl; `InProcessFaultTests` checks each against the socket); Apple's
/// follows Apple's documentation and reports, not measured here.
public enum InProcessFault: String, Sendable, CaseIterable {
    /// The connection closed with no response (`Fault.closeWithoutResponse`).
    case closedWithoutResponse
    /// The connection reset (`Fault.connectionReset`).
    case reset
    /// A body shorter than its `Content-Length`, then close (`Fault.truncatedBody`).
    case truncatedBody
    /// Bytes that are not HTTP (`Fault.garbageThenClose`).
    case notHTTP
    /// A chunked body whose framing is broken (`Fault.malformedChunk`).
    case malformedFraming

    /// The code URLSession reports for this fault on this platform.
    public var code: URLError.Code {
        #if canImport(FoundationNetworking)
        switch self {
        case .closedWithoutResponse: .badServerResponse        // libcurl: empty reply (52)
        case .reset: .networkConnectionLost                     // ECONNRESET
        case .truncatedBody: .unknown                           // libcurl: partial file (18) is not mapped
        case .notHTTP: .unsupportedURL                          // libcurl: unsupported protocol (HTTP/0.9 refused)
        case .malformedFraming: .unknown                        // libcurl: receive error (56) without ECONNRESET
        }
        #else
        switch self {
        case .closedWithoutResponse, .reset, .truncatedBody: .networkConnectionLost
        case .notHTTP, .malformedFraming: .cannotParseResponse
        }
        #endif
    }

    /// The fault a raw reply commits: framing broken after a status line, or no HTTP at all.
    static func raw(_ bytes: [UInt8]) -> InProcessFault {
        bytes.starts(with: Array("HTTP/1.".utf8)) ? .malformedFraming : .notHTTP
    }

    /// The error, naming the fault and the request.
    func error(for url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "Understudy in process: the stub's fault (\(rawValue)), as URLSession reports it over a socket"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(code, userInfo: info)
    }
}
