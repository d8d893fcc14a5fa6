public import Foundation

/// One part of a `multipart/*` body (RFC 7578, RFC 2046): its headers and
/// bytes, and the `name` and `filename` its `Content-Disposition` gives.
public struct MultipartPart: Sendable, Hashable, CustomStringConvertible {
    /// The part's headers in order.
    public var headers: HTTPHeaders
    /// The part's bytes.
    public var body: Data

    /// Creates a part.
    public init(headers: HTTPHeaders, body: Data) {
        self.headers = headers
        self.body = body
    }

    /// `name` from `Content-Disposition: form-data; name="file"`, or `nil`.
    public var name: String? { dispositionParameter("name") }
    /// `filename` from `Content-Disposition`, or `nil`.
    public var filename: String? { dispositionParameter("filename") }

    /// `"file" (text/plain, filename "a.txt", 12 bytes)`, for reports.
    public var description: String {
        var details: [String] = []
        if let type = headers["Content-Type"] { details.append(type) }
        if let filename { details.append("filename \(quoted(filename))") }
        details.append("\(body.count) byte\(body.count == 1 ? "" : "s")")
        return (name.map(quoted) ?? "(unnamed)") + " (" + details.joined(separator: ", ") + ")"
    }

    private func dispositionParameter(_ key: String) -> String? {
        guard let disposition = headers["Content-Disposition"] else { return nil }
        for item in disposition.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == key else { continue }
            let value = pair[1]
            return value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 ? String(value.dropFirst().dropLast()) : value
        }
        return nil
    }
}

/// Reads `multipart/*` bodies into parts.
public enum MultipartBody {
    /// The parts of `body` sent with `contentType` (`multipart/form-data;
    /// boundary=XYZ`); `nil` when the type is not multipart, has no boundary,
    /// or the body does not follow it (no delimiter, no closing one).
    public static func parts(contentType: String?, body: Data) -> [MultipartPart]? {
        guard let contentType, let boundary = boundary(of: contentType) else { return nil }
        return parts(body: body, boundary: boundary)
    }

    /// The `boundary` parameter of a `multipart/*` content type.
    public static func boundary(of contentType: String) -> String? {
        let items = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = items.first, type.lowercased().hasPrefix("multipart/") else { return nil }
        for item in items.dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.utf8.count > 70 ? nil : value
        }
        return nil
    }

    /// The parts between `--boundary` delimiters (lines end in CRLF; a bare LF is accepted too).
    static func parts(body: Data, boundary: String) -> [MultipartPart]? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        guard var start = find(delimiter, in: bytes, from: 0) else { return nil }
        var parts: [MultipartPart] = []
        while true {
            var cursor = start + delimiter.count
            if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "-"), bytes[cursor + 1] == UInt8(ascii: "-") { return parts }
            // The rest of the delimiter line (transport padding) and its line end.
            while cursor < bytes.count, bytes[cursor] != 0x0A { cursor += 1 }
            cursor += 1
            guard cursor <= bytes.count, let next = find([0x0A] + delimiter, in: bytes, from: cursor - 1) else { return nil }
            var end = next
            if end > cursor, bytes[end - 1] == 0x0D { end -= 1 }
            guard let part = part(Array(bytes[min(cursor, end)..<end])) else { return nil }
            parts.append(part)
            start = next + 1
        }
    }

    /// Headers up to the first empty line, then the body.
    private static func part(_ bytes: [UInt8]) -> MultipartPart? {
        var headers = HTTPHeaders()
        var cursor = 0
        while cursor < bytes.count {
            var lineEnd = cursor
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var line = bytes[cursor..<lineEnd]
            if line.last == 0x0D { line = line.dropLast() }
            cursor = lineEnd + 1
            if line.isEmpty { return MultipartPart(headers: headers, body: Data(bytes[min(cursor, bytes.count)...])) }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.add(name, value)
        }
        // No empty line: headers only, an empty body.
        return MultipartPart(headers: headers, body: Data())
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var index = max(0, start)
        let first = needle[0]
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
