public import Foundation

/// What bytes are, told by their first bytes (magic numbers), as Pact's
/// `contentType` matcher tells them: `image/png`, `application/pdf`, …;
/// UTF-8 text is `text/plain` (or `application/json`, `application/xml`
/// when it is that); anything else `application/octet-stream`.
public enum MediaTypeSniffing {
    private static let signatures: [(prefix: [UInt8], type: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image/png"),
        (Array("GIF87a".utf8), "image/gif"),
        (Array("GIF89a".utf8), "image/gif"),
        ([0xFF, 0xD8, 0xFF], "image/jpeg"),
        (Array("%PDF-".utf8), "application/pdf"),
        ([0x50, 0x4B, 0x03, 0x04], "application/zip"),
        ([0x50, 0x4B, 0x05, 0x06], "application/zip"),
        ([0x1F, 0x8B], "application/gzip"),
        (Array("BM".utf8), "image/bmp"),
        ([0x00, 0x00, 0x01, 0x00], "image/x-icon"),
        (Array("wOFF".utf8), "font/woff"),
        (Array("wOF2".utf8), "font/woff2"),
    ]

    /// The media type `data` sniffs as.
    public static func type(of data: Data) -> String {
        let head = [UInt8](data.prefix(16))
        for signature in signatures where head.starts(with: signature.prefix) { return signature.type }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        guard let text = String(data: data, encoding: .utf8) else { return "application/octet-stream" }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<?xml") { return "application/xml" }
        if trimmed.first == "{" || trimmed.first == "[", JSONValue(data: data) != nil { return "application/json" }
        return "text/plain"
    }

    /// Whether `data` is of `expected` (its parameters ignored): the sniffed
    /// type itself, or, for text, any text type it fits (JSON is also
    /// `text/plain`; any text is some `text/*`).
    public static func data(_ data: Data, isOf expected: String) -> Bool {
        let wanted = expected.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let sniffed = type(of: data)
        if sniffed == wanted { return true }
        switch sniffed {
        case "application/json", "application/xml": return wanted == "text/plain" || wanted.hasSuffix(sniffed == "application/json" ? "+json" : "+xml")
        case "text/plain": return wanted.hasPrefix("text/")
        default: return false
        }
    }
}
