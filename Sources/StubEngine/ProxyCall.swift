import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPWire
import StubKit

/// One request forwarded upstream for a ``ResponseRecipe/proxy(_:)`` stub.
/// The call runs on URLSession's queue while the client's connection is
/// suspended, so no server thread waits for the upstream. Redirects are
/// passed back to the client, not followed; a body the upstream coded
/// (gzip, deflate) is decoded, so what is sent and recorded is readable.
enum ProxyCall {
    /// One session for every proxy: no cookies, no cache, redirects refused.
    /// (More sessions do not help: FoundationNetworking tops out near 3,600
    /// requests a second on this machine however the calls are spread.)
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        configuration.httpMaximumConnectionsPerHost = 64 // the default 6 queues a test's concurrent calls
        return URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }()

    /// Forwards `request` to `target` and calls `answer` once with the
    /// upstream's response, or a `502` naming the upstream and the error.
    static func forward(_ request: RecordedRequest, to target: ProxyTarget, codec: ContentCodec?,
                        answer: @escaping @Sendable (StubResponse) -> Void) {
        let via = request.headers.fields.filter { $0.name.lowercased() == "via" }.map(\.value)
        if via.contains(where: { $0.contains(viaMark) }) {
            // The upstream is this process again: forwarding would never end.
            answer(failure(target.base.absoluteString, "the request came back through this proxy (Via: \(via.joined(separator: ", "))): "
                           + "the upstream forwards to Understudy itself", status: 508))
            return
        }
        guard let url = target.url(for: request.target) else {
            answer(failure(target.base.absoluteString + request.target, "the upstream URL cannot be formed"))
            return
        }
        var upstream = URLRequest(url: url)
        upstream.httpMethod = request.method
        for field in target.forwardedHeaders(request.headers).fields where field.name.lowercased() != "via" {
            upstream.addValue(field.value, forHTTPHeaderField: field.name)
        }
        upstream.setValue((via + ["1.1 \(viaMark)"]).joined(separator: ", "), forHTTPHeaderField: "Via")
        if !request.body.isEmpty { upstream.httpBody = request.body }
        session.dataTask(with: upstream) { data, response, error in
            guard let http = response as? HTTPURLResponse else {
                answer(failure(url.absoluteString, error.map { "\($0.localizedDescription)" } ?? "no HTTP response"))
                return
            }
            answer(relayed(http, body: data ?? Data(), codec: codec))
        }.resume()
    }

    /// The upstream's answer as the client gets it: hop-by-hop headers
    /// dropped, a coded body decoded (and its `Content-Encoding` with it)
    /// when there is a codec; without one, relayed coded, as it came.
    static func relayed(_ response: HTTPURLResponse, body: Data, codec: ContentCodec?) -> StubResponse {
        var headers = HTTPHeaders()
        var coding: ContentCoding?
        for (key, value) in response.allHeaderFields {
            guard let name = key as? String else { continue }
            let lowered = name.lowercased()
            if lowered == "content-encoding", codec != nil { coding = ContentCoding(name: "\(value)"); if coding != nil { continue } }
            if ProxyTarget.hopByHopHeaders.contains(lowered) { continue }
            headers.add(name, "\(value)")
        }
        var data = body
        if let coding, let codec, let decoded = try? codec.decode(coding, Array(body)) { data = Data(decoded) }
        return StubResponse(status: response.statusCode, headers: headers, body: data)
    }

    /// What this process adds to `Via`: a request that arrives carrying it has looped.
    static let viaMark = "understudy-\(UInt32.random(in: .min ... .max))"

    /// `502` (or `status`) with `{"error", "upstream", "reason"}`.
    static func failure(_ upstream: String, _ reason: String, status: Int = 502) -> StubResponse {
        let body: JSONValue = .object(["error": "the upstream did not answer", "upstream": .string(upstream), "reason": .string(reason)])
        return StubResponse(status: status, headers: ["Content-Type": "application/json", ProxyTarget.failureHeader: "upstream"],
                            body: Data(body.description.utf8))
    }
}

/// Hands a redirect back to the client instead of following it.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
