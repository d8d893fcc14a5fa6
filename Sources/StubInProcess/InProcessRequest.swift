import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StubKit

/// A `URLRequest` as the engine records it: what a socket server would have
/// received from URLSession for the same request.
enum InProcessRequest {
    /// Why a request cannot be answered in process, as the client's error says it.
    struct Refusal: Error {
        let code: URLError.Code
        let why: String
        /// Whether the test should hear of it: not when URLSession refuses
        /// the same request before it leaves for a socket.
        var isIssue = true
    }

    /// The recorded form of `request`, sent by `task` (when the platform says).
    ///
    /// - The target is the URL's path and query as written (percent escapes kept).
    /// - A `Host` header is added from the URL, as every HTTP/1.1 client sends one.
    /// - The body comes from `httpBody` or, when the platform moved it there,
    ///   `httpBodyStream`. An upload task's body the platform never hands a
    ///   `URLProtocol` (swift-corelibs-foundation keeps it internal) is refused:
    ///   matching without it would be silently wrong.
    static func recorded(_ request: URLRequest, task: URLSessionTask?, connection: UInt64) throws(Refusal) -> RecordedRequest {
        guard let url = request.url else { throw Refusal(code: .badURL, why: "the request has no URL") }
        let method = request.httpMethod ?? "GET"
        var body = request.httpBody ?? Data()
        if body.isEmpty, let stream = request.httpBodyStream { body = read(stream) }
        if method.uppercased() == "GET", !body.isEmpty {
            throw Refusal(code: .dataLengthExceedsMaximum, why: "URLSession refuses a GET with a body, over a socket as in process", isIssue: false)
        }
        if body.isEmpty, task is URLSessionUploadTask, !["GET", "HEAD"].contains(method.uppercased()) {
            throw Refusal(code: .unsupportedURL, why: """
                Understudy in process: an upload task's body is not handed to a URLProtocol on this platform \
                (swift-corelibs-foundation keeps it internal), so \(method) \(url.absoluteString) cannot be matched on its body. \
                Set URLRequest.httpBody and use data(for:) or dataTask(with:), or serve this test over the socket.
                """)
        }
        var headers = HTTPHeaders()
        if request.value(forHTTPHeaderField: "Host") == nil, let host = url.host {
            headers.add("Host", url.port.map { "\(host):\($0)" } ?? host)
        }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) { headers.add(name, value) }
        if request.value(forHTTPHeaderField: "Accept") == nil { headers.add("Accept", "*/*") }
        if request.value(forHTTPHeaderField: "Accept-Encoding") == nil { headers.add("Accept-Encoding", acceptEncoding) }
        if !body.isEmpty, request.value(forHTTPHeaderField: "Content-Length") == nil { headers.add("Content-Length", "\(body.count)") }
        if let coding = request.value(forHTTPHeaderField: "Content-Encoding"), !body.isEmpty,
           !["identity", ""].contains(coding.lowercased().trimmingCharacters(in: .whitespaces)) {
            throw Refusal(code: .unsupportedURL, why: """
                Understudy in process: the request body's Content-Encoding "\(coding)" cannot be decoded without zlib, \
                which the in-process transport does not link. Serve this test over the socket to match a compressed body.
                """)
        }
        return RecordedRequest(method: method, target: target(of: url), headers: headers, body: body, version: "HTTP/1.1",
                               remoteAddress: "in-process", connectionID: connection)
    }

    /// What URLSession adds to every request over the socket (with
    /// `Accept: */*`), so stubs that compress decide as they would there
    /// (libcurl's list on Linux).
    #if canImport(FoundationNetworking)
    static let acceptEncoding = "deflate, gzip"
    #else
    static let acceptEncoding = "gzip, deflate, br"
    #endif

    /// The URL's path (or `/`) and query, escapes as written.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        let query = url.query(percentEncoded: true).map { "?" + $0 } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }

    /// Every byte of `stream`.
    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
