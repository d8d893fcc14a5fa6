import Foundation
import HTTPWire
import WireClient

/// The response reader as it was before it read bytes in one pass (string
/// splits, fields looked up by name): the oracle ``HTTPResponseFuzz``
/// compares the byte reader with on every header block of ASCII text. Kept
/// as written then; not used outside the fuzz target.
enum HTTPResponseReference {
    struct Framed: Equatable {
        var response: WireResponse
        var end: Int
        var allowsReuse: Bool
    }

    /// The response at the start of `bytes`; `nil` when more are needed;
    /// throws where the reader refused.
    static func frame(_ bytes: [UInt8], method: String, ended: Bool) throws -> Framed? {
        var start = 0
        while true {
            guard let headEnd = bytes[start...].firstRange(of: [13, 10, 13, 10])?.lowerBound else {
                if bytes.count - start > WireResponse.headerLimit { throw Refusal() }
                if ended { throw Refusal() }
                return nil
            }
            var response = try head(bytes[start..<headEnd])
            let bodyStart = headEnd + 4
            if (100..<200).contains(response.status), response.status != 101 {
                start = bodyStart
                continue
            }
            let persistent = bytes[start..<headEnd].starts(with: Array("HTTP/1.1 ".utf8))
                && !response.values(for: "Connection").contains { $0.split(separator: ",").contains { String(trimmed($0)).caseInsensitiveEquals("close") } }
            if method.uppercased() == "HEAD" || response.status == 204 || response.status == 304 || (100..<200).contains(response.status) {
                return Framed(response: response, end: bodyStart, allowsReuse: persistent && response.status != 101)
            }
            let codings = response.values(for: "Transfer-Encoding").joined(separator: ",").lowercased()
            if codings.split(separator: ",").last.map(trimmed) == "chunked" {
                // Chunked bodies are read by the same code in both; the byte reader's is the one in use.
                guard let framed = try WireResponse.frame(Array(bytes[start...]), method: method, ended: ended) else { return nil }
                response.body = framed.response.body
                return Framed(response: response, end: start + framed.end, allowsReuse: persistent)
            }
            let lengths = Set(response.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map { String(trimmed($0)) })
            if let text = lengths.first {
                guard lengths.count == 1, let length = Int(text), length >= 0 else { throw Refusal() }
                guard length <= WireResponse.bodyLimit else { throw Refusal() }
                guard bytes.count - bodyStart >= length else {
                    if ended { throw Refusal() }
                    return nil
                }
                response.body = Data(bytes[bodyStart..<(bodyStart + length)])
                return Framed(response: response, end: bodyStart + length, allowsReuse: persistent)
            }
            guard ended else {
                if bytes.count - bodyStart > WireResponse.bodyLimit { throw Refusal() }
                return nil
            }
            response.body = Data(bytes[bodyStart...])
            return Framed(response: response, end: bytes.count, allowsReuse: false)
        }
    }

    struct Refusal: Error {}

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    private static func head(_ block: ArraySlice<UInt8>) throws -> WireResponse {
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
                throw Refusal()
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

    private static func statusLine(_ statusLine: String) throws -> WireResponse {
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]), status >= 100 else {
            throw Refusal()
        }
        return WireResponse(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
    }
}
