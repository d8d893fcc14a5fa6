import Foundation
import HTTPWire
import StubKit

// Every conversion between the wire's response (HTTPWire's `HTTPResponse`)
// and the stub values (`StubResponse`), in one place; a transport converts
// its own requests (the daemon's: StubServer's DaemonTransport.swift).

extension StubResponse {
    /// The response a stub made, as a value again.
    init(served response: HTTPResponse) {
        self.init(status: response.status, headers: HTTPHeaders(pairs: response.headers), body: Data(response.body))
    }
}

extension HTTPResponse {
    /// The 500 answer when a dynamic recipe throws.
    init(recipeFailure error: any Error, stub: Stub, what: String = "the stub's response closure threw") {
        let body: [String: String] = [
            "error": what,
            "message": "\(error)",
            "stub": stub.request.description,
            "declaredAt": stub.location.description,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        self.init(status: 500, headers: [("Content-Type", "application/json")], body: Array(data))
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
        self.init(status: response.status, headers: extraHeaders.pairs.isEmpty ? response.headers.pairs : response.headers.pairs + extraHeaders.pairs,
                  body: response.body.withUnsafeBytes { Array($0) })
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

extension StreamedBody {
    /// The wire form of a stub's stream: one chunk per piece, each after its
    /// pause; cut, or held open with its heartbeat, as the stream ends.
    init(_ stream: ResponseStream) {
        self.init(chunks: stream.pieces.map(\.bytes), declaredLength: nil,
                  abortAfterLastChunk: stream.end == .cut || stream.end == .reset)
        abortByReset = stream.end == .reset
        pauses = stream.pieces.map(\.after)
        if case .keepOpen(let heartbeat, let every) = stream.end { holdOpen = (heartbeat?.encoded, every) }
        if stream.end == .fedByTest { feed = StreamFeed() }
    }
}
