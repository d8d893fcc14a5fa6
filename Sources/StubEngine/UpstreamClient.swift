package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
package import StubKit

/// One request a proxy stub sends upstream, as ``ProxyCall`` made it.
package struct UpstreamRequest: Sendable {
    package var method: String
    /// The upstream URL's text, its path and query as the client wrote them
    /// (``ProxyTarget/location(for:)``): a client that needs a `URL` makes one.
    package var location: String
    package var headers: HTTPHeaders
    package var body: Data
}

/// What the upstream answered: the status, every header field in order
/// (repeats kept), and the body as sent (a content coding left on).
package struct UpstreamAnswer: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: Data

    package init(status: Int, headers: HTTPHeaders, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no answer came from the upstream, in words a 502 body can carry.
package struct UpstreamFailure: Error, Sendable {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }
}

/// How proxy stubs reach their upstream. The transport chooses: the socket
/// server a pool of keep-alive connections of its own, the in-process one
/// (where no C is linked) ``URLSessionUpstream``. Redirects are never followed.
package protocol UpstreamClient: Sendable {
    /// Sends `request` and calls `answer` once, on any thread.
    func send(_ request: UpstreamRequest, answer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void)
    /// Lets go of what the client holds (connections, threads) when its server stops.
    func shutDown()
}

/// Upstream calls through one FoundationNetworking session: no cookies, no
/// cache, redirects handed back. It tops out near 3,600 requests a second
/// on a 2-core Linux machine however the calls are spread, so the socket
/// server uses its own pool; this one serves where only Foundation may.
package final class URLSessionUpstream: UpstreamClient {
    /// The one session every in-process proxy shares.
    package static let shared = URLSessionUpstream()

    private let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 64 // the default 6 queues a test's concurrent calls
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }()

    package func send(_ request: UpstreamRequest, answer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void) {
        guard let url = URL(string: request.location) else {
            answer(.failure(UpstreamFailure("\(request.location) is not a URL")))
            return
        }
        var upstream = URLRequest(url: url)
        upstream.httpMethod = request.method
        for field in request.headers.fields { upstream.addValue(field.value, forHTTPHeaderField: field.name) }
        if !request.body.isEmpty { upstream.httpBody = request.body }
        session.dataTask(with: upstream) { data, response, error in
            guard let http = response as? HTTPURLResponse else {
                answer(.failure(UpstreamFailure(error.map { "\($0.localizedDescription)" } ?? "no HTTP response")))
                return
            }
            var headers = HTTPHeaders()
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                headers.add(name, "\(value)")
            }
            answer(.success(UpstreamAnswer(status: http.statusCode, headers: headers, body: data ?? Data())))
        }.resume()
    }

    package func shutDown() {}
}

/// Hands a redirect back to the client instead of following it.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
