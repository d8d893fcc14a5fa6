import Foundation
import MicroHTTP
import StubKit

// Every conversion between the daemon's wire values (MicroHTTP's
// `HTTPRequest`, `HTTPResponse`) and the engine's stub values
// (`RecordedRequest`, `StubResponse`), in one place.

extension StubResponse {
    /// The response a stub made, as a value again.
    init(served response: HTTPResponse) {
        self.init(status: response.status, headers: HTTPHeaders(pairs: response.headers), body: Data(response.body))
    }
}

extension HTTPResponse {
    /// The 500 answer when a dynamic recipe throws.
    init(recipeFailure error: any Error, stub: Stub) {
        let body: [String: String] = [
            "error": "the stub's response closure threw",
            "message": "\(error)",
            "stub": stub.request.description,
            "declaredAt": stub.location.description,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        self.init(status: 500, headers: [("Content-Type", "application/json")], body: Array(data))
    }
}

extension RecordedRequest {
    /// The recorded form of a request that arrived on the daemon.
    init(_ http: MicroHTTP.HTTPRequest) {
        self.init(
            method: http.method,
            target: http.target,
            headers: HTTPHeaders(pairs: http.headers),
            body: http.body.isEmpty ? Data() : Data(http.body),
            version: http.version,
            remoteAddress: http.remoteAddress,
            connectionID: http.connectionID
        )
        clientCertificateSubject = http.clientCertificateSubject
    }
}

extension HTTPResponse {
    /// The 404 answer to a request no stub matched.
    init(unmatched report: UnmatchedRequestReport) {
        self.init(
            status: 404,
            headers: [("Content-Type", "application/json"), ("Understudy-Mismatch", report.headerValue)],
            body: Array(report.json)
        )
    }
}

extension HTTPResponse {
    /// The value of the first header `name`, compared without case.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// The wire form of a stub's response, with extra headers appended.
    init(_ response: StubResponse, extraHeaders: HTTPHeaders = [:]) {
        self.init(status: response.status, headers: response.headers.pairs + extraHeaders.pairs, body: response.body.withUnsafeBytes { Array($0) })
    }

    /// The whole response as HTTP/1.1 bytes with `reason` as its reason
    /// phrase, framed by Content-Length, closing the connection.
    func rawBytes(reason: String) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason.filter { $0 != "\r" && $0 != "\n" })\r\n"
        for (name, value) in headers where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
