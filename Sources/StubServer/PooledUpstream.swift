import Foundation
import StubEngine
import StubKit
import WireClient

/// The socket server's upstream client: keep-alive connections per upstream
/// (plain or TLS, GnuTLS), reused from request to request: plain HTTP on one
/// event-loop thread, TLS on pooled threads. The request goes as the client
/// sent it (its path and query untouched, a body with any method, repeated
/// headers kept), and so does the answer.
extension WirePool: UpstreamClient {
    package func send(_ request: UpstreamRequest, answer: @escaping @Sendable (Result<UpstreamAnswer, UpstreamFailure>) -> Void) {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            answer(.failure(UpstreamFailure("\(request.url.absoluteString) is not an http or https URL with a host")))
            return
        }
        let secure = scheme == "https"
        let endpoint = WireEndpoint(secure: secure, host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host,
                                    port: components.port ?? (secure ? 443 : 80))
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let wire = WireRequest(method: request.method, target: target,
                               headers: request.headers.fields.map { WireField($0.name, $0.value) }, body: request.body)
        send(wire, to: endpoint) { outcome in
            switch outcome {
            case .success(let response):
                answer(.success(UpstreamAnswer(status: response.status, headers: HTTPHeaders(pairs: response.headers.map { ($0.name, $0.value) }),
                                               body: response.body)))
            case .failure(let error):
                answer(.failure(UpstreamFailure(error.description)))
            }
        }
    }
}
