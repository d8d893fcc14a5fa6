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
            guard let headEnd = findBlankLine(in: bytes, from: start) else {
                if bytes.count - start > headerLimit { throw .malformedResponse("a header block over \(headerLimit) bytes") }
                if ended { throw .malformedResponse(bytes.count == start ? "the connection closed with no response" : "the connection closed inside the header block") }
                return nil
            }
            var (response, framing) = try head(bytes, start..<headEnd)
            let bodyStart = headEnd + 4
            if (100..<200).contains(response.status), response.status != 101 {
                start = bodyStart
                continue
            }
            let persistent = framing.http11 && !framing.closes
            if method.caseInsensitiveEquals("HEAD") || response.status == 204 || response.status == 304 || (100..<200).contains(response.status) {
                return Framed(response: response, end: bodyStart, allowsReuse: persistent && response.status != 101)
            }
            if framing.codings, isChunked(response) {
                guard let (body, end) = try chunked(bytes, from: bodyStart, ended: ended) else { return nil }
                response.body = body
                return Framed(response: response, end: end, allowsReuse: persistent)
            }
            // One field of plain digits was read with the fields; any other reads as text.
            var declared = framing.lengthFields == 1 ? framing.length : nil
            if declared == nil, framing.lengthFields > 0 { declared = try length(of: response) }
            if let length = declared {
                guard length <= bodyLimit else { throw .malformedResponse("a body of \(length) bytes, over \(bodyLimit)") }
                guard bytes.count - bodyStart >= length else {
                    if ended { throw .malformedResponse("the connection closed after \(bytes.count - bodyStart) of \(length) body bytes") }
                    return nil
                }
                response.body = copied(bytes, bodyStart..<(bodyStart + length))
                return Framed(response: response, end: bodyStart + length, allowsReuse: persistent)
            }
            guard ended else {
                if bytes.count - bodyStart > bodyLimit { throw .malformedResponse("a body over \(bodyLimit) bytes") }
                return nil
            }
            response.body = copied(bytes, bodyStart..<bytes.count)
            return Framed(response: response, end: bytes.count, allowsReuse: false)
        }
    }

    /// What a header block says of its message's framing, noted while its
    /// fields are read, so no field is looked up again by name.
    private struct Framing {
        /// The status line starts `HTTP/1.1 `.
        var http11 = false
        /// A `Connection` field holds the token `close`.
        var closes = false
        /// Some `Transfer-Encoding` field came.
        var codings = false
        /// How many `Content-Length` fields came.
        var lengthFields = 0
        /// The length, when the one `Content-Length` field is plain digits.
        var length: Int?
    }

    /// The bytes at `range` as `Data`, in one copy: `Data` made from an
    /// array slice copies byte by byte.
    private static func copied(_ bytes: [UInt8], _ range: Range<Int>) -> Data {
        bytes.withUnsafeBytes { Data(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the last transfer coding of `response` is `chunked`.
    private static func isChunked(_ response: WireResponse) -> Bool {
        let codings = response.values(for: "Transfer-Encoding").joined(separator: ",").lowercased()
        return codings.split(separator: ",").last.map(\.trimmingOptionalWhitespace) == "chunked"
    }

    /// The length the `Content-Length` fields agree on; `nil` when they hold
    /// none. Throws when they disagree or one is not a length.
    private static func length(of response: WireResponse) throws(WireClientError) -> Int? {
        let lengths = Set(response.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map { String($0.trimmingOptionalWhitespace) })
        guard let text = lengths.first else { return nil }
        guard lengths.count == 1, let length = Int(text), length >= 0 else {
            throw .malformedResponse("Content-Length \(lengths.sorted().joined(separator: ", ")) is not one length")
        }
        return length
    }

    private static let http11 = Array("HTTP/1.1 ".utf8)

    /// The status line and fields of the header block at `block`, read byte
    /// by byte (a proxy parses one per request), with its framing.
    private static func head(_ bytes: [UInt8], _ block: Range<Int>) throws(WireClientError) -> (WireResponse, Framing) {
        var framing = Framing()
        framing.http11 = bytes[block].starts(with: http11)
        var response: WireResponse?
        var headers: [WireField] = []
        // Room for a usual answer's fields at once, rather than growing field by field.
        headers.reserveCapacity(12)
        var lineStart = block.lowerBound
        while lineStart <= block.upperBound {
            let lineEnd = bytes[lineStart..<block.upperBound].firstIndex(of: 10) ?? block.upperBound
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 13 { end -= 1 }
            let line = lineStart..<end
            lineStart = lineEnd + 1
            if response == nil {
                response = try statusLine(bytes, line)
                continue
            }
            if line.isEmpty { continue }
            guard let colon = bytes[line].firstIndex(of: 58), colon != line.lowerBound,
                  !bytes[line.lowerBound..<colon].contains(where: { $0 == 32 || $0 == 9 }) else {
                throw .malformedResponse("the header line \"\(String(decoding: bytes[line], as: UTF8.self).prefix(80))\" has no name")
            }
            let value = trimmed(bytes, (colon + 1)..<line.upperBound)
            note(bytes, name: line.lowerBound..<colon, value: value, in: &framing)
            headers.append(WireField(String(decoding: bytes[line.lowerBound..<colon], as: UTF8.self), String(decoding: bytes[value], as: UTF8.self)))
        }
        guard var made = response else { return (try statusLine(bytes, block.lowerBound..<block.lowerBound), framing) }
        made.headers = headers
        return (made, framing)
    }

    /// Notes a field that frames the message: `Connection`, `Transfer-Encoding`, `Content-Length`.
    private static func note(_ bytes: [UInt8], name: Range<Int>, value: Range<Int>, in framing: inout Framing) {
        if named(bytes, name, "connection") {
            // The value's comma-separated tokens, each without its white space.
            var token = value.lowerBound
            while token <= value.upperBound {
                let comma = bytes[token..<value.upperBound].firstIndex(of: 44) ?? value.upperBound
                if named(bytes, trimmed(bytes, token..<comma), "close") { framing.closes = true }
                token = comma + 1
            }
        } else if named(bytes, name, "transfer-encoding") {
            framing.codings = true
        } else if named(bytes, name, "content-length") {
            framing.lengthFields += 1
            // Plain digits: one length, read here; anything else is read as text.
            framing.length = !value.isEmpty && value.count <= 18 && bytes[value].allSatisfy({ $0 >= 48 && $0 <= 57 })
                ? bytes[value].reduce(0) { $0 * 10 + Int($1 - 48) } : nil
        }
    }

    /// `range` without the spaces and tabs at its ends.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var range = range
        while let first = range.first, bytes[first] == 32 || bytes[first] == 9 { range = (first + 1)..<range.upperBound }
        while let last = range.last, bytes[last] == 32 || bytes[last] == 9 { range = range.lowerBound..<last }
        return range
    }

    /// Whether the bytes at `range` are `name`, ASCII case aside (HTTPWire's rule for header names).
    private static func named(_ bytes: [UInt8], _ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            UnsafeBufferPointer(rebasing: buffer[range])
                .caseInsensitiveEquals(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
    }

    /// `HTTP/1.x NNN reason`: a status of three digits, at least 100.
    private static func statusLine(_ bytes: [UInt8], _ line: Range<Int>) throws(WireClientError) -> WireResponse {
        let firstSpace = bytes[line].firstIndex(of: 32)
        let codeStart = firstSpace.map { $0 + 1 } ?? line.upperBound
        let secondSpace = bytes[codeStart..<line.upperBound].firstIndex(of: 32)
        let code = codeStart..<(secondSpace ?? line.upperBound)
        guard firstSpace != nil, bytes[line.lowerBound..<firstSpace!].starts(with: "HTTP/1.".utf8), code.count == 3,
              bytes[code].allSatisfy({ $0 >= 48 && $0 <= 57 }), bytes[code.lowerBound] >= 49 else {
            throw .malformedResponse("the status line \"\(String(decoding: bytes[line], as: UTF8.self).prefix(80))\" is not HTTP/1.x")
        }
        let status = bytes[code].reduce(0) { $0 * 10 + Int($1 - 48) }
        return WireResponse(status: status, reason: secondSpace.map { String(decoding: bytes[($0 + 1)..<line.upperBound], as: UTF8.self) } ?? "")
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
            let sizeText = line.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map { String($0.trimmingOptionalWhitespace) } ?? ""
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

    /// Where the first `CRLF CRLF` from `start` begins.
    private static func findBlankLine(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index <= bytes.count - 4 {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }
}
