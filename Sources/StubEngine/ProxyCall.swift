import Foundation
import HTTPWire
import StubKit

/// One request forwarded upstream for a ``ResponseRecipe/proxy(_:)`` stub,
/// through the server's ``UpstreamClient``, while the client's connection is
/// suspended, so no server thread waits for the upstream. Redirects are
/// passed back to the client, not followed; a body the upstream coded
/// (gzip, deflate) is decoded, so what is sent and recorded is readable.
enum ProxyCall {
    /// Forwards `request` to `target` and calls `answer` once with the
    /// upstream's response, or a `502` naming the upstream and the error.
    static func forward(_ request: RecordedRequest, to target: ProxyTarget, through client: any UpstreamClient, codec: ContentCodec?,
                        answer: @escaping @Sendable (StubResponse) -> Void) {
        let via = request.headers.values(for: "Via")
        if via.contains(where: { $0.contains(viaMark) }) {
            // The upstream is this process again: forwarding would never end.
            answer(failure(target.base.absoluteString, "the request came back through this proxy (Via: \(via.joined(separator: ", "))): "
                           + "the upstream forwards to Understudy itself", status: 508))
            return
        }
        let location = target.location(for: request.target)
        var headers = target.forwardedHeaders(request.headers)
        headers.remove("Via")
        headers.add("Via", via.isEmpty ? viaValue : via.joined(separator: ", ") + ", " + viaValue)
        client.send(UpstreamRequest(method: request.method, location: location, headers: headers, body: request.body)) { outcome in
            switch outcome {
            case .success(let upstream): answer(relayed(upstream, codec: codec))
            case .failure(let failure): answer(Self.failure(location, failure.reason))
            }
        }
    }

    /// The upstream's answer as the client gets it: hop-by-hop headers
    /// dropped, a coded body decoded (and its `Content-Encoding` with it)
    /// when there is a codec; without one, relayed coded, as it came.
    static func relayed(_ response: UpstreamAnswer, codec: ContentCodec?) -> StubResponse {
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(response.headers.pairs.count)
        var coding: ContentCoding?
        for (name, value) in response.headers.pairs {
            if codec != nil, name.caseInsensitiveEquals("content-encoding") { coding = ContentCoding(name: value); if coding != nil { continue } }
            if ProxyTarget.isHopByHop(name) { continue }
            pairs.append((name, value))
        }
        let headers = HTTPHeaders(pairs: pairs)
        var data = response.body
        if let coding, let codec, let decoded = try? codec.decode(coding, Array(response.body)) { data = Data(decoded) }
        return StubResponse(status: response.status, headers: headers, body: data)
    }

    /// What this process adds to `Via`: a request that arrives carrying it has looped.
    static let viaMark = "understudy-\(UInt32.random(in: .min ... .max))"

    /// This process's `Via` entry, made once.
    static let viaValue = "1.1 \(viaMark)"

    /// `502` (or `status`) with `{"error", "upstream", "reason"}`.
    static func failure(_ upstream: String, _ reason: String, status: Int = 502) -> StubResponse {
        let body: JSONValue = .object(["error": "the upstream did not answer", "upstream": .string(upstream), "reason": .string(reason)])
        return StubResponse(status: status, headers: ["Content-Type": "application/json", ProxyTarget.failureHeader: "upstream"],
                            body: Data(body.description.utf8))
    }
}
