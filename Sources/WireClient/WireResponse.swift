public import Foundation
import HTTPWire

/// A response as it came off the wire: the status, the reason phrase, the
/// header fields in order and case, and the body with its transfer coding
/// (chunked) removed. Content codings (gzip) are left as sent, as the Pact
/// verifier leaves them.
public struct WireResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The reason phrase (may be empty).
    public var reason: String
    /// The header fields, in order.
    public var headers: [WireField]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: [WireField] = [], body: Data = Data()) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// Every value of header `name` (compared without case), in order.
    public func values(for name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// `text` without the spaces and tabs (HTTP's optional white space) at its ends.
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    /// The largest header block and body read; a bigger answer is an error, not a hang.
    public static let headerLimit = 64 << 10
    /// The largest body read.
    public static let bodyLimit = 64 << 20

    /// The response at the start of `bytes`, or `nil` when more bytes are
    /// needed. `method` is the request's (a `HEAD` answer has no body);
    /// `ended` says the connection has closed, so a body without a length
    /// ends here and a cut-off one is an error. Interim `1xx` answers are
    /// skipped.
    ///
    /// - Throws: ``WireClientError/malformedResponse(_:)`` naming what is wrong.
    public static func parse(_ bytes: [UInt8], method: String, ended: Bool) throws(WireClientError) -> WireResponse? {
        try frame(bytes, method: method, ended: ended)?.response
    }

    /// A response parsed off a connection, with where it ends in the bytes
    /// read and whether the connection may carry another request.
    package struct Framed {
        /// The response.
        package var response: WireResponse
        /// The index just past its last byte.
        package var end: Int
        /// Whether its length was known (not read to the connection's close)
        /// and it is HTTP/1.1 without `Connection: close`: the connection may
        /// be reused once every byte read belongs to this response.
        package var allowsReuse: Bool
    }

    /// Like ``parse(_:method:ended:)``, with the framing a connection pool needs.
    package static func frame(_ bytes: [UInt8], method: String, ended: Bool) throws(WireClientError) -> Framed? {
        var start = 0
        while true {
            guard let headEnd = find(crlfcrlf, in: bytes, from: start) else {
                if bytes.count - start > headerLimit { throw .malformedResponse("a header block over \(headerLimit) bytes") }
                if ended { throw .malformedResponse(bytes.count == start ? "the connection closed with no response" : "the connection closed inside the header block") }
                return nil
            }
            var response = try head(bytes[start..<headEnd])
            let bodyStart = headEnd + 4
            if (100..<200).contains(response.status), response.status != 101 {
                start = bodyStart
                continue
            }
            let persistent = bytes[start..<headEnd].starts(with: Self.http11)
                && !response.values(for: "Connection").contains { $0.split(separator: ",").contains { String(Self.trimmed($0)).caseInsensitiveEquals("close") } }
            if method.uppercased() == "HEAD" || response.status == 204 || response.status == 304 || (100..<200).contains(response.status) {
                return Framed(response: response, end: bodyStart, allowsReuse: persistent && response.status != 101)
            }
            let codings = response.values(for: "Transfer-Encoding").joined(separator: ",").lowercased()
            if codings.split(separator: ",").last.map(Self.trimmed) == "chunked" {
                guard let (body, end) = try chunked(bytes, from: bodyStart, ended: ended) else { return nil }
                response.body = body
                return Framed(response: response, end: end, allowsReuse: persistent)
            }
            let lengths = Set(response.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map { String(Self.trimmed($0)) })
            if let text = lengths.first {
                guard lengths.count == 1, let length = Int(text), length >= 0 else {
                    throw .malformedResponse("Content-Length \(lengths.sorted().joined(separator: ", ")) is not one length")
                }
                guard length <= bodyLimit else { throw .malformedResponse("a body of \(length) bytes, over \(bodyLimit)") }
                guard bytes.count - bodyStart >= length else {
                    if ended { throw .malformedResponse("the connection closed after \(bytes.count - bodyStart) of \(length) body bytes") }
                    return nil
                }
                response.body = Data(bytes[bodyStart..<(bodyStart + length)])
                return Framed(response: response, end: bodyStart + length, allowsReuse: persistent)
            }
            guard ended else {
                if bytes.count - bodyStart > bodyLimit { throw .malformedResponse("a body over \(bodyLimit) bytes") }
                return nil
            }
            response.body = Data(bytes[bodyStart...])
            return Framed(response: response, end: bytes.count, allowsReuse: false)
        }
    }

    private static let crlfcrlf: [UInt8] = [13, 10, 13, 10]
    private static let http11 = Array("HTTP/1.1 ".utf8)

    /// The status line and fields, read byte by byte (a proxy parses one per request).
    private static func head(_ block: ArraySlice<UInt8>) throws(WireClientError) -> WireResponse {
        var lineStart = block.startIndex
        var response: WireResponse?
        var headers: [WireField] = []
        while lineStart <= block.endIndex {
            let lineEnd = block[lineStart...].firstIndex(of: 10) ?? block.endIndex
            var line = block[lineStart..<lineEnd]
            if line.last == 13 { line = line.dropLast() }
            lineStart = lineEnd + 1
            if response == nil {
                response = try statusLine(String(decoding: line, as: UTF8.self))
                continue
            }
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: 58), colon != line.startIndex, !line[..<colon].contains(where: { $0 == 32 || $0 == 9 }) else {
                throw .malformedResponse("the header line \"\(String(decoding: line, as: UTF8.self).prefix(80))\" has no name")
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            headers.append(WireField(String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        guard var made = response else { return try statusLine("") }
        made.headers = headers
        return made
    }

    private static func statusLine(_ statusLine: String) throws(WireClientError) -> WireResponse {
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]), status >= 100 else {
            throw .malformedResponse("the status line \"\(statusLine.prefix(80))\" is not HTTP/1.x")
        }
        return WireResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
    }

    /// A chunked body from `start` and the index past its trailers, or `nil`
    /// when it has not all arrived.
    private static func chunked(_ bytes: [UInt8], from start: Int, ended: Bool) throws(WireClientError) -> (Data, Int)? {
        var body = Data(), at = start
        func incomplete() throws(WireClientError) -> (Data, Int)? {
            if ended { throw .malformedResponse("the connection closed inside a chunked body") }
            return nil
        }
        while true {
            guard let lineEnd = find([13, 10], in: bytes, from: at) else { return try incomplete() }
            let line = String(decoding: bytes[at..<lineEnd], as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map { String(Self.trimmed($0)) } ?? ""
            // Hex digits only: `Int(_:radix:)` would also take a sign.
            guard !sizeText.isEmpty, sizeText.count <= 8, sizeText.allSatisfy({ $0.isASCII && $0.isHexDigit }),
                  let size = Int(sizeText, radix: 16) else {
                throw .malformedResponse("the chunk size \"\(line.prefix(40))\" is not hexadecimal")
            }
            at = lineEnd + 2
            if size == 0 {
                // Trailer fields, up to an empty line.
                while true {
                    guard let end = find([13, 10], in: bytes, from: at) else { return try incomplete() }
                    if end == at { return (body, end + 2) }
                    at = end + 2
                }
            }
            guard body.count + size <= bodyLimit else { throw .malformedResponse("a body over \(bodyLimit) bytes") }
            guard bytes.count >= at + size + 2 else { return try incomplete() }
            guard bytes[at + size] == 13, bytes[at + size + 1] == 10 else { throw .malformedResponse("a chunk of \(size) bytes is not followed by CRLF") }
            body.append(contentsOf: bytes[at..<(at + size)])
            at += size + 2
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return index }
            index += 1
        }
        return nil
    }
}
