import Foundation
import HTTPWire
import StubKit

/// The server-wide HTTP behaviour applied to every answer before its delay or
/// fault: response compression (``CompressionPolicy``, a stub's
/// ``ResponseCompression``) and CORS headers (``CORSPolicy``). Immutable;
/// runs on the daemon's threads.
struct AnswerFinish: Sendable {
    let cors: CORSPolicy?
    let compression: CompressionPolicy?
    /// What compresses; `nil`: nothing is compressed.
    let codec: ContentCodec?

    /// `reply` as sent to `request` by the stub in `slot` (none: the 404
    /// report): compressed when allowed and worth it, with CORS headers.
    func apply(_ reply: consuming Answer, to request: RecordedRequest, slot: StubSlot?) -> Answer {
        let choice = slot?.compression
        let compresses = codec != nil && choice != .identity && (choice == .compressed || compression != nil)
        // Most servers neither compress nor add CORS headers: the answer,
        // taken (not borrowed), goes back as it came, without a copy.
        guard compresses || cors != nil else { return reply }
        var reply = reply
        if compresses, let codec {
            reply = compress(reply, for: request, forced: choice == .compressed, codec: codec)
        }
        guard let cors else { return reply }
        if case .stream(let head, let body) = reply {
            return .stream(head: Self.withCORS(head, cors, for: request), body: body)
        }
        if let response = reply.response {
            let withHeaders = Self.withCORS(response, cors, for: request)
            if withHeaders != response { reply = .response(withHeaders) }
        }
        return reply
    }

    /// `response` with the CORS headers `cors` gives `request`. A header the
    /// response already has (a stub's own CORS answer) is kept as it is;
    /// `Vary` is added to, never replaced (a stub's `Vary: User-Agent` stays).
    private static func withCORS(_ response: HTTPResponse, _ cors: CORSPolicy, for request: RecordedRequest) -> HTTPResponse {
        var withHeaders = response
        for (name, value) in cors.headers(for: request).pairs {
            if name.caseInsensitiveEquals("Vary") {
                withHeaders = withHeaders.varying(on: value)
            } else if response.header(name) == nil {
                withHeaders.headers.append((name, value))
            }
        }
        return withHeaders
    }

    private func compress(_ reply: Answer, for request: RecordedRequest, forced: Bool, codec: ContentCodec) -> Answer {
        guard let response = reply.response, Self.hasCompressibleBody(response),
              forced || (response.body.count >= (compression?.minimumBytes ?? 0)
                         && CompressionPolicy.isCompressible(contentType: response.header("Content-Type")))
        else { return reply }
        let coding = Self.preferredCoding(request.headers.values(for: "Accept-Encoding"))
        if case .prepared(let prepared) = reply {
            return .prepared(prepared.variant(coding) { PreparedAnswer(response.represented(in: coding, by: codec)) })
        }
        return .response(response.represented(in: coding, by: codec))
    }

    /// Whether the response has a body a coding may apply to.
    private static func hasCompressibleBody(_ response: HTTPResponse) -> Bool {
        !response.body.isEmpty && response.status >= 200 && response.status != 204 && response.status != 304
            && response.header("Content-Encoding") == nil
    }

    /// gzip or deflate, whichever `Accept-Encoding` ranks higher (gzip on a
    /// tie); `nil` when it allows neither. `*` stands for codings not named;
    /// `q=0` refuses one.
    static func preferredCoding(_ values: [String]) -> ContentCoding? {
        var weights: [String: Double] = [:]
        for item in values.flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            let q = parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            weights[name == "x-gzip" ? "gzip" : name] = q
        }
        let wildcard = weights["*"] ?? 0
        let gzip = weights["gzip"] ?? wildcard, deflate = weights["deflate"] ?? wildcard
        guard max(gzip, deflate) > 0 else { return nil }
        return gzip >= deflate ? .gzip : .deflate
    }
}

extension HTTPResponse {
    /// This response as sent in `coding`: compressed, or (`nil`) as it is
    /// with `Vary: Accept-Encoding`, since another request may get it compressed.
    func represented(in coding: ContentCoding?, by codec: ContentCodec) -> HTTPResponse {
        guard let coding else { return varying(on: "Accept-Encoding") }
        return compressed(with: coding, by: codec)
    }

    /// This response's body in `coding`, with `Content-Encoding`, `Vary:
    /// Accept-Encoding`, no stale `Content-Length`, and a strong `ETag` made
    /// weak (`"x"` → `W/"x"`): the compressed bytes are another representation
    /// of the same resource (RFC 9110 §8.8.3). A tag that is not an RFC
    /// entity-tag (the Marvel API's unquoted hex) is left as the API leaves it.
    func compressed(with coding: ContentCoding, by codec: ContentCodec) -> HTTPResponse {
        var headers = self.headers.filter { !$0.name.caseInsensitiveEquals("Content-Length") }
        if let index = headers.firstIndex(where: { $0.name.caseInsensitiveEquals("ETag") }),
           headers[index].value.hasPrefix("\"") {
            headers[index].value = "W/" + headers[index].value
        }
        headers.append(("Content-Encoding", coding.rawValue))
        return HTTPResponse(status: status, headers: headers, body: codec.encode(coding, body)).varying(on: "Accept-Encoding")
    }
}
