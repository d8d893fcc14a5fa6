public import Foundation

/// An HTTP/1.1 client that sends a request exactly as given: a GET with a
/// body, a query as written, headers in their order and case, binary bodies,
/// any method. It is what a verifier needs and URLSession refuses
/// (FoundationNetworking: "GET method must not have a body"; it also
/// re-encodes targets and reorders headers). One connection per request,
/// over TCP or TLS (GnuTLS), on a thread of its own so no cooperative
/// thread blocks.
public enum WireClient {
    /// Sends `request` to `endpoint` (its target under the endpoint's base
    /// path) and reads the whole response. `timeout` bounds the connect and
    /// every read or write.
    ///
    /// - Throws: ``WireClientError`` saying why no response came.
    public static func send(
        _ request: WireRequest, to endpoint: WireEndpoint, trust: WireTrust = .system, timeout: TimeInterval = 10
    ) async throws(WireClientError) -> WireResponse {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<WireResponse, WireClientError>, Never>) in
            let thread = Thread {
                do throws(WireClientError) {
                    continuation.resume(returning: .success(try exchange(request, endpoint, trust, timeout)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "understudy.wire-client"
            thread.start()
        }
        return try outcome.get()
    }

    /// The blocking exchange: connect, handshake, write, read to the end of the response.
    static func exchange(_ request: WireRequest, _ endpoint: WireEndpoint, _ trust: WireTrust, _ timeout: TimeInterval) throws(WireClientError) -> WireResponse {
        var sent = request
        if !endpoint.basePath.isEmpty { sent.target = endpoint.basePath + request.target }
        let bytes = try sent.encoded(authority: endpoint.authority)
        let connection = try WireConnection(host: endpoint.host, port: endpoint.port, timeout: timeout)
        if endpoint.secure { try connection.startTLS(serverName: endpoint.host, trust: trust) }
        try connection.write(bytes)
        var received: [UInt8] = []
        var ended = false
        while true {
            if let response = try WireResponse.parse(received, method: request.method, ended: ended) { return response }
            ended = try !connection.read(into: &received)
        }
    }
}
